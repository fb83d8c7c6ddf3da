import type {
  Analytics,
  AnalyticsOverview,
  AnalyticsOverviewQuery,
  AnalyticsQuery,
  CurrentCycleBurn,
} from '@kite/shared/contracts';
import { todayIn } from '@kite/shared/domain';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { DashboardService } from '../dashboard/dashboard.service.ts';
import type { ListContext } from '../issues/issue-query.ts';
import { planningAnalytics } from '../planning/planning-analytics.ts';
import { isIdAxis, lastWeeks, orderedKeys, projectContext } from './analytics.policy.ts';
import { presentAnalytics } from './analytics.presenter.ts';
import {
  type AnalyticsFilters,
  type AnalyticsScope,
  chartFigures,
  cyclesAround,
  keyNames,
  projectBriefs,
  weeklyTrend,
} from './analytics.repo.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

const DAY = 86_400_000;

/**
 * Workspace and project analytics: a chart of what the caller may see (the issue lists' rule, via
 * the dashboard's visible context) and an overview of each project's weekly trend and running cycle.
 */
export function createAnalyticsService(
  db: Db,
  deps: { dashboard: DashboardService },
  clock: () => Date = () => new Date(),
) {
  async function chart(scope: AnalyticsScope, query: AnalyticsQuery): Promise<Analytics> {
    const filters: AnalyticsFilters = { project: query.project, cycle: query.cycle, module: query.module };
    const { rows, total } = await chartFigures(db, scope, {
      x: query.x_axis,
      segment: query.segment,
      y: query.y_axis,
      filters,
    });
    const keysOf = async (axis: AnalyticsAxisOrNone, values: (string | null)[]) => {
      if (!axis) return [];
      const present = [...new Set(values)];
      const ids = present.filter((k): k is string => k !== null);
      const names = isIdAxis(axis) ? await keyNames(db, scope.workspaceId, axis, ids) : [];
      return orderedKeys(axis, present, names);
    };
    const [xKeys, segmentKeys] = await Promise.all([
      keysOf(
        query.x_axis,
        rows.map((r) => r.x),
      ),
      keysOf(
        query.segment,
        rows.map((r) => r.seg),
      ),
    ]);
    return presentAnalytics(query, rows, total, xKeys, segmentKeys);
  }

  async function overview(
    workspaceId: string,
    ctx: ListContext,
    query: AnalyticsOverviewQuery,
  ): Promise<AnalyticsOverview> {
    const now = clock();
    const weeks = lastWeeks(query.weeks, now);
    const filters: AnalyticsFilters = { project: query.project };
    const scope = { workspaceId, ctx };
    const [trend, briefs] = await Promise.all([
      weeklyTrend(db, scope, filters, weeks[0]!),
      projectBriefs(db, workspaceId, ctx.projectIds),
    ]);
    const wanted = query.project ? new Set(query.project.split(',').map((s) => s.trim())) : null;
    const shown = briefs.filter((p) => !wanted || wanted.has(p.id));
    // The burn is of the whole cycle: only where the caller sees every work item of the project.
    const ownOnly = new Set(ctx.ownOnlyProjectIds);
    const burnable = shown.filter((p) => !ownOnly.has(p.id));
    const around = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
    const cycles = await cyclesAround(
      db,
      workspaceId,
      burnable.map((p) => p.id),
      around(-1),
      around(1),
    );
    const burns = new Map<string, CurrentCycleBurn>();
    await Promise.all(
      burnable.map(async (project) => {
        const today = todayIn(project.timezone, now);
        const cycle = cycles.find(
          (c) => c.project_id === project.id && c.start_date <= today && c.end_date >= today,
        );
        if (!cycle) return;
        const figures = await planningAnalytics(db, {
          project: { id: project.id, timezone: project.timezone },
          of: { kind: 'cycle', id: cycle.id },
          start: cycle.start_date,
          end: cycle.end_date,
          type: 'issues',
          now,
        });
        burns.set(project.id, {
          id: cycle.id,
          name: cycle.name,
          start_date: cycle.start_date,
          end_date: cycle.end_date,
          completion_chart: figures.completion_chart,
          scope_chart: figures.scope_chart ?? {},
        });
      }),
    );
    const index = new Map(weeks.map((w, i) => [w, i]));
    return {
      weeks,
      projects: shown.map((p) => {
        const created = weeks.map(() => 0);
        const completed = weeks.map(() => 0);
        for (const row of trend) {
          const at = index.get(row.week);
          if (row.project_id !== p.id || at === undefined) continue;
          (row.kind === 'created' ? created : completed)[at] = row.n;
        }
        return {
          project_id: p.id,
          name: p.name,
          identifier: p.identifier,
          created,
          completed,
          current_cycle: burns.get(p.id) ?? null,
        };
      }),
    };
  }

  return {
    /** The chart over every project the caller is in (filtered by `project`, `cycle`, `module`). */
    async workspace(access: WorkspaceAccess, user: UserRow, query: AnalyticsQuery): Promise<Analytics> {
      const ctx = await deps.dashboard.visibleContext(access, user);
      return chart({ workspaceId: access.workspace.id, ctx }, query);
    },

    /** The same chart limited to one project (its `project` filter is the path's). */
    async project(project: ProjectAccess, user: UserRow, query: AnalyticsQuery): Promise<Analytics> {
      const ctx = projectContext(project.project, project.role, user.id);
      return chart({ workspaceId: project.project.workspace_id, ctx }, { ...query, project: undefined });
    },

    async workspaceOverview(
      access: WorkspaceAccess,
      user: UserRow,
      query: AnalyticsOverviewQuery,
    ): Promise<AnalyticsOverview> {
      const ctx = await deps.dashboard.visibleContext(access, user);
      return overview(access.workspace.id, ctx, query);
    },

    async projectOverview(
      project: ProjectAccess,
      user: UserRow,
      query: AnalyticsOverviewQuery,
    ): Promise<AnalyticsOverview> {
      const ctx = projectContext(project.project, project.role, user.id);
      return overview(project.project.workspace_id, ctx, { ...query, project: undefined });
    },
  };
}

type AnalyticsAxisOrNone = AnalyticsQuery['segment'];
