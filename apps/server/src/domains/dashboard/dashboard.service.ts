import type {
  Collaborator,
  DashboardActivity,
  DashboardWithWidgets,
  OverviewStats,
  Paginated,
  PriorityCount,
  StateGroupCount,
  UpdateWidgetBody,
  Widget,
  WidgetIssues,
  WidgetStatsQuery,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { DashboardRow, UserRow } from '../../platform/db/schema.ts';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { ListContext } from '../issues/issue-query.ts';
import type { MembersService } from '../members/members.service.ts';
import {
  canUseDashboard,
  defaultWidgets,
  priorityCounts,
  stateGroupCounts,
  visibleContext,
} from './dashboard.policy.ts';
import {
  presentDashboard,
  presentDashboardActivity,
  presentWidget,
  presentWidgetIssue,
} from './dashboard.presenter.ts';
import {
  assignedBy,
  collaborators,
  type DashboardScope,
  findDashboardById,
  findDashboardInWorkspace,
  findDashboardOf,
  insertDashboardIfMissing,
  insertWidgetsIfMissing,
  issuesOfKind,
  listVisibleProjects,
  listWidgets,
  overviewCounts,
  recentActivities,
  recentProjectIds,
  updateWidget,
  visibleIssueBriefs,
} from './dashboard.repo.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

export type WidgetStats =
  | OverviewStats
  | WidgetIssues
  | StateGroupCount[]
  | PriorityCount[]
  | DashboardActivity[]
  | string[]
  | Collaborator[]
  | Paginated<Collaborator>;

const dashboardNotFound = () => new AppError('not_found', 'Dashboard not found');
const widgetNotFound = () => new AppError('not_found', 'Widget not found');
const WIDGET_ISSUES = 5;
const RECENT_ACTIVITY = 8;
const RECENT_PROJECTS = 4;

/** The home dashboard (api.md §11): each member's own, with figures over what they may see. */
export function createDashboardService(
  db: Db,
  deps: { members: MembersService },
  clock: () => Date = () => new Date(),
) {
  async function withWidgets(tx: Executor, row: DashboardRow): Promise<DashboardWithWidgets> {
    const widgets = await listWidgets(tx, row.workspace_id, row.id);
    return { dashboard: presentDashboard(row), widgets: widgets.map(presentWidget) };
  }

  /** The caller's own dashboard, by id in a workspace they are in ('Dashboard not found' otherwise). */
  async function ownDashboard(
    user: UserRow,
    dashboardId: string,
    workspaceId?: string,
  ): Promise<DashboardRow> {
    const row = workspaceId
      ? await findDashboardInWorkspace(db, workspaceId, dashboardId)
      : await findDashboardById(db, dashboardId);
    if (!row) throw dashboardNotFound();
    const member = !!(await deps.members.findMembership(db, row.workspace_id, user.id));
    if (!canUseDashboard(row, user.id, member)) throw dashboardNotFound();
    return row;
  }

  async function scopeOf(access: WorkspaceAccess, user: UserRow): Promise<DashboardScope> {
    const memberships = await listVisibleProjects(db, access.workspace.id, user.id);
    return {
      workspaceId: access.workspace.id,
      ctx: visibleContext(user.id, access.membership.role, memberships),
    };
  }

  async function activityFeed(scope: DashboardScope): Promise<DashboardActivity[]> {
    const rows = await recentActivities(db, scope, RECENT_ACTIVITY);
    const issueIds = [...new Set(rows.map((r) => r.activity.issue_id).filter((id): id is string => !!id))];
    const briefs = new Map((await visibleIssueBriefs(db, scope, issueIds)).map((b) => [b.id, b]));
    return rows
      .filter((r) => !r.activity.issue_id || briefs.has(r.activity.issue_id) || r.activity.verb === 'deleted')
      .map((r) => presentDashboardActivity(r.activity, r.actor, briefs.get(r.activity.issue_id ?? '')));
  }

  return {
    /**
     * What the caller may see of the workspace's work items, as a list context (their projects,
     * the guest rule): the dashboard's figures and workspace analytics count through it.
     */
    async visibleContext(access: WorkspaceAccess, user: UserRow): Promise<ListContext> {
      return (await scopeOf(access, user)).ctx;
    },

    /** The caller's home dashboard in this workspace, made with every widget on first use. */
    async home(access: WorkspaceAccess, user: UserRow): Promise<DashboardWithWidgets> {
      const workspaceId = access.workspace.id;
      const existing = await findDashboardOf(db, workspaceId, user.id, 'home');
      if (existing) {
        const answer = await withWidgets(db, existing);
        if (answer.widgets.length === defaultWidgets().length) return answer;
      }
      // Concurrent first calls: each insert skips what another already made, then all read the same rows.
      return db.transaction(async (tx) => {
        await insertDashboardIfMissing(tx, {
          workspace_id: workspaceId,
          owned_by: user.id,
          name: 'Home',
          type: 'home',
          is_default: true,
          created_by: user.id,
          updated_by: user.id,
        });
        const row = await findDashboardOf(tx, workspaceId, user.id, 'home');
        if (!row) throw new Error('home dashboard missing after insert');
        await insertWidgetsIfMissing(
          tx,
          defaultWidgets().map((w) => ({
            ...w,
            workspace_id: workspaceId,
            dashboard_id: row.id,
            created_by: user.id,
            updated_by: user.id,
          })),
        );
        return withWidgets(tx, row);
      });
    },

    async get(user: UserRow, dashboardId: string): Promise<DashboardWithWidgets> {
      return withWidgets(db, await ownDashboard(user, dashboardId));
    },

    /** One widget's figures, over the caller's projects in the workspace. */
    async widgetStats(
      access: WorkspaceAccess,
      user: UserRow,
      dashboardId: string,
      query: WidgetStatsQuery,
    ): Promise<WidgetStats> {
      await ownDashboard(user, dashboardId, access.workspace.id);
      const scope = await scopeOf(access, user);
      const targetDate = query.target_date || undefined;
      switch (query.widget_key) {
        case 'overview_stats': {
          const c = await overviewCounts(db, scope);
          return {
            assigned_issues_count: c.assigned,
            pending_issues_count: c.pending,
            completed_issues_count: c.completed,
            created_issues_count: c.created,
          };
        }
        case 'assigned_issues':
        case 'created_issues': {
          const { rows, count } = await issuesOfKind(db, scope, {
            relation: query.widget_key === 'assigned_issues' ? 'assigned' : 'created',
            kind: query.issue_type ?? 'pending',
            targetDate,
            today: clock().toISOString().slice(0, 10),
            limit: WIDGET_ISSUES,
          });
          return { issues: rows.map(presentWidgetIssue), count };
        }
        case 'issues_by_state_groups':
          return stateGroupCounts(await assignedBy(db, scope, 'state_group', targetDate));
        case 'issues_by_priority':
          return priorityCounts(await assignedBy(db, scope, 'priority', targetDate));
        case 'recent_activity':
          return activityFeed(scope);
        case 'recent_projects':
          return recentProjectIds(db, scope, RECENT_PROJECTS);
        case 'recent_collaborators': {
          const paged = query.cursor !== undefined;
          const page = parsePage(query, 50);
          const { rows, total } = await collaborators(db, scope, {
            limit: paged ? page.perPage + 1 : 1000,
            offset: paged ? page.page * page.perPage : 0,
            search: query.search || undefined,
          });
          return paged ? envelope(page, rows, total) : rows;
        }
      }
    },

    /** Shows, hides, moves or re-filters one of the caller's widgets. */
    async updateWidget(
      user: UserRow,
      dashboardId: string,
      widgetId: string,
      body: UpdateWidgetBody,
    ): Promise<Widget> {
      const dashboard = await ownDashboard(user, dashboardId);
      const row = await updateWidget(db, dashboard.workspace_id, dashboard.id, widgetId, {
        ...(body.is_visible !== undefined ? { is_visible: body.is_visible } : {}),
        ...(body.sort_order !== undefined ? { sort_order: body.sort_order } : {}),
        ...(body.filters !== undefined ? { widget_filters: body.filters } : {}),
        updated_by: user.id,
      });
      if (!row) throw widgetNotFound();
      return presentWidget(row);
    },
  };
}
