import type { ListIssuesQuery } from '@kite/shared/contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import {
  activities,
  type DashboardRow,
  type DashboardWidgetRow,
  dashboards,
  dashboardWidgets,
  projectMembers,
  projects,
  users,
} from '../../platform/db/schema.ts';
import { buildWhere, type ListContext } from '../issues/issue-query.ts';
import { ISSUE_ROW_COLUMNS, type ListedIssue } from '../issues/issues.repo.ts';

/**
 * Reads behind the home dashboard (api.md §11). Every figure is limited to one workspace and to
 * what the caller may see there: the issue list's own WHERE (`buildWhere`: the caller's projects,
 * the guest rule, no drafts, archived, deleted or intake items) decides which work items count.
 */
export interface DashboardScope {
  workspaceId: string;
  /** The list context of the caller's projects (states are not needed: no state filters here). */
  ctx: ListContext;
}

// ——— dashboards and widgets ———

export async function findDashboardOf(
  db: Executor,
  workspaceId: string,
  ownerId: string,
  type: string,
): Promise<DashboardRow | undefined> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(
      and(
        eq(dashboards.workspace_id, workspaceId),
        eq(dashboards.owned_by, ownerId),
        eq(dashboards.type, type),
      ),
    );
  return rows[0];
}

/** Creates the dashboard unless it exists (a concurrent first call finds the other's row). */
export async function insertDashboardIfMissing(
  db: Executor,
  values: typeof dashboards.$inferInsert,
): Promise<void> {
  await db.insert(dashboards).values(values).onConflictDoNothing();
}

export async function insertWidgetsIfMissing(
  db: Executor,
  values: (typeof dashboardWidgets.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(dashboardWidgets).values(values).onConflictDoNothing();
}

/** A dashboard by id, in any workspace (the service checks its owner and their membership). */
export async function findDashboardById(
  db: Executor,
  dashboardId: string,
): Promise<DashboardRow | undefined> {
  const rows = await db.select().from(dashboards).where(eq(dashboards.id, dashboardId));
  return rows[0];
}

export async function findDashboardInWorkspace(
  db: Executor,
  workspaceId: string,
  dashboardId: string,
): Promise<DashboardRow | undefined> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.workspace_id, workspaceId), eq(dashboards.id, dashboardId)));
  return rows[0];
}

export function listWidgets(db: Executor, workspaceId: string, dashboardId: string) {
  return db
    .select()
    .from(dashboardWidgets)
    .where(
      and(eq(dashboardWidgets.workspace_id, workspaceId), eq(dashboardWidgets.dashboard_id, dashboardId)),
    )
    .orderBy(asc(dashboardWidgets.sort_order), asc(dashboardWidgets.created_at), asc(dashboardWidgets.id));
}

export async function updateWidget(
  db: Executor,
  workspaceId: string,
  dashboardId: string,
  widgetId: string,
  values: Partial<Pick<DashboardWidgetRow, 'is_visible' | 'sort_order' | 'widget_filters'>> & {
    updated_by: string;
  },
): Promise<DashboardWidgetRow | undefined> {
  const rows = await db
    .update(dashboardWidgets)
    .set({ ...values, updated_at: new Date() })
    .where(
      and(
        eq(dashboardWidgets.workspace_id, workspaceId),
        eq(dashboardWidgets.dashboard_id, dashboardId),
        eq(dashboardWidgets.id, widgetId),
      ),
    )
    .returning();
  return rows[0];
}

// ——— who sees what ———

export interface ProjectVisibility {
  project_id: string;
  role: number;
  guest_view_all_features: boolean;
}

/** The caller's active memberships of live, unarchived projects in the workspace. */
export function listVisibleProjects(db: Executor, workspaceId: string, userId: string) {
  return db
    .select({
      project_id: projectMembers.project_id,
      role: projectMembers.role,
      guest_view_all_features: projects.guest_view_all_features,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.project_id))
    .where(
      and(
        eq(projectMembers.workspace_id, workspaceId),
        eq(projects.workspace_id, workspaceId),
        eq(projectMembers.member_id, userId),
        eq(projectMembers.is_active, true),
        sql`${projects.deleted_at} is null and ${projects.archived_at} is null`,
      ),
    );
}

const visible = (scope: DashboardScope, query: ListIssuesQuery = {}) => buildWhere(query, scope.ctx);
const assignedTo = (userId: string) => sql`${userId}::uuid = any(i.assignee_ids)`;
const OPEN = sql`s."group" in ('backlog', 'unstarted', 'started')`;
const NOT_CLOSED = sql`s."group" not in ('completed', 'cancelled')`;
const n = (v: unknown) => Number(v ?? 0);

// ——— widget figures ———

export async function overviewCounts(db: Executor, scope: DashboardScope) {
  const me = scope.ctx.userId;
  if (scope.ctx.projectIds.length === 0) return { assigned: 0, pending: 0, completed: 0, created: 0 };
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
        count(*) filter (where ${assignedTo(me)}) as assigned,
        count(*) filter (where ${assignedTo(me)} and ${NOT_CLOSED}) as pending,
        count(*) filter (where ${assignedTo(me)} and s."group" = 'completed') as completed,
        count(*) filter (where i.created_by = ${me}) as created
      from issues i join states s on s.id = i.state_id
      where ${visible(scope)}`,
  );
  const r = rows[0] ?? {};
  return { assigned: n(r.assigned), pending: n(r.pending), completed: n(r.completed), created: n(r.created) };
}

export type IssueKind = 'pending' | 'upcoming' | 'overdue' | 'completed';

function kindCondition(kind: IssueKind, today: string) {
  switch (kind) {
    case 'pending':
      return OPEN;
    case 'upcoming':
      return sql`i.target_date > ${today}::date and ${NOT_CLOSED}`;
    case 'overdue':
      return sql`i.target_date <= ${today}::date and ${NOT_CLOSED}`;
    case 'completed':
      return sql`s."group" = 'completed'`;
  }
}

function kindOrder(kind: IssueKind) {
  if (kind === 'completed') return sql`i.completed_at desc nulls last, i.created_at desc, i.id`;
  return sql`i.target_date asc nulls last, i.created_at desc, i.id`;
}

export type WidgetIssueRow = ListedIssue & { project__identifier: string; state_group: string };

/** Up to `limit` of the caller's assigned (or created) work items of one kind, and how many there are. */
export async function issuesOfKind(
  db: Executor,
  scope: DashboardScope,
  filter: {
    relation: 'assigned' | 'created';
    kind: IssueKind;
    targetDate?: string;
    today: string;
    limit: number;
  },
): Promise<{ rows: WidgetIssueRow[]; count: number }> {
  if (scope.ctx.projectIds.length === 0) return { rows: [], count: 0 };
  const me = scope.ctx.userId;
  const where = sql`${visible(scope, { target_date: filter.targetDate })}
    and ${filter.relation === 'assigned' ? assignedTo(me) : sql`i.created_by = ${me}`}
    and ${kindCondition(filter.kind, filter.today)}`;
  const [rows, total] = await Promise.all([
    queryRows<WidgetIssueRow>(
      db,
      sql`select ${ISSUE_ROW_COLUMNS}, p.identifier as project__identifier, s."group" as state_group
        from issues i join states s on s.id = i.state_id join projects p on p.id = i.project_id
        where ${where}
        order by ${kindOrder(filter.kind)}
        limit ${filter.limit}`,
    ),
    queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from issues i join states s on s.id = i.state_id where ${where}`,
    ),
  ]);
  return { rows, count: n(total[0]?.n) };
}

/** The caller's assigned work items per state group (`open`: only those not completed or cancelled). */
export async function assignedBy(
  db: Executor,
  scope: DashboardScope,
  by: 'state_group' | 'priority',
  targetDate: string | undefined,
): Promise<Map<string, number>> {
  if (scope.ctx.projectIds.length === 0) return new Map();
  const column = by === 'state_group' ? sql`s."group"` : sql`i.priority`;
  const rows = await queryRows<{ k: string; n: unknown }>(
    db,
    sql`select ${column} as k, count(*) as n
      from issues i join states s on s.id = i.state_id
      where ${visible(scope, { target_date: targetDate })} and ${assignedTo(scope.ctx.userId)}
        ${by === 'priority' ? sql`and ${NOT_CLOSED}` : sql``}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.k, n(r.n)]));
}

/** The caller's latest actions in the workspace, in projects they can still see (or in none). */
export function recentActivities(db: Executor, scope: DashboardScope, limit: number) {
  const { projectIds, userId } = scope.ctx;
  return db
    .select({ activity: activities, actor: users })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actor_id))
    .where(
      and(
        eq(activities.workspace_id, scope.workspaceId),
        eq(activities.actor_id, userId),
        projectIds.length > 0
          ? or(isNull(activities.project_id), inArray(activities.project_id, projectIds))
          : isNull(activities.project_id),
      ),
    )
    .orderBy(desc(activities.created_at), desc(activities.id))
    .limit(limit);
}

/** Visible work items (with their project's identifier) among these ids. */
export async function visibleIssueBriefs(db: Executor, scope: DashboardScope, issueIds: string[]) {
  if (issueIds.length === 0 || scope.ctx.projectIds.length === 0) return [];
  return queryRows<{ id: string; name: string; sequence_id: number; project_id: string; identifier: string }>(
    db,
    sql`select i.id, i.name, i.sequence_id, i.project_id, p.identifier
      from issues i join projects p on p.id = i.project_id
      where ${visible(scope)} and i.id = any(${sqlArray(issueIds, 'uuid')})`,
  );
}

/** Projects the caller acted in most recently, then their other projects, newest first. */
export async function recentProjectIds(
  db: Executor,
  scope: DashboardScope,
  limit: number,
): Promise<string[]> {
  if (scope.ctx.projectIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from projects p
      left join (
        select a.project_id, max(a.created_at) as last_at from activities a
        where a.workspace_id = ${scope.workspaceId} and a.actor_id = ${scope.ctx.userId}
          and a.project_id = any(${sqlArray(scope.ctx.projectIds, 'uuid')})
        group by a.project_id
      ) mine on mine.project_id = p.id
      where p.workspace_id = ${scope.workspaceId} and p.id = any(${sqlArray(scope.ctx.projectIds, 'uuid')})
      order by mine.last_at desc nulls last, p.created_at desc, p.id
      limit ${limit}`,
  );
  return rows.map((r) => String(r.id));
}

/**
 * Active members of the caller's projects (not the caller), with how many open work items the
 * caller can see assigned to each; most loaded first.
 */
export async function collaborators(
  db: Executor,
  scope: DashboardScope,
  page: { limit: number; offset: number; search?: string },
): Promise<{ rows: { user_id: string; active_issue_count: number }[]; total: number }> {
  if (scope.ctx.projectIds.length === 0) return { rows: [], total: 0 };
  const search = page.search ? `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const people = sql`select distinct pm.member_id as user_id from project_members pm
      join users u on u.id = pm.member_id
      join workspace_members wm on wm.member_id = pm.member_id and wm.workspace_id = ${scope.workspaceId}
      where pm.workspace_id = ${scope.workspaceId} and pm.is_active and wm.is_active and u.is_active
        and pm.project_id = any(${sqlArray(scope.ctx.projectIds, 'uuid')})
        and pm.member_id <> ${scope.ctx.userId}
        ${
          search
            ? sql`and (u.display_name ilike ${search} or u.first_name ilike ${search} or u.last_name ilike ${search})`
            : sql``
        }`;
  const [rows, total] = await Promise.all([
    queryRows<{ user_id: string; active_issue_count: unknown; display_name: string }>(
      db,
      // One pass over the open items counts everyone's (a count per person scanned them per person).
      sql`with people as (${people}),
        load as (
          select a.user_id, count(*) as n from issues i join states s on s.id = i.state_id
            cross join lateral unnest(i.assignee_ids) as a(user_id)
          where ${visible(scope)} and ${OPEN}
          group by a.user_id
        )
        select people.user_id, u.display_name, coalesce(load.n, 0) as active_issue_count
        from people join users u on u.id = people.user_id
          left join load on load.user_id = people.user_id
        order by active_issue_count desc, u.display_name, people.user_id
        limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from (${people}) people`),
  ]);
  return {
    rows: rows.map((r) => ({ user_id: String(r.user_id), active_issue_count: n(r.active_issue_count) })),
    total: n(total[0]?.n),
  };
}
