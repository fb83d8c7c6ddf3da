import type { AnalyticsAxis, AnalyticsMeasure, ListIssuesQuery } from '@kite/shared/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { buildWhere, type ListContext } from '../issues/issue-query.ts';
import { POINT_VALUE } from '../issues/issue-totals.ts';

/**
 * Reads behind workspace and project analytics. Which work items count is the issue list's own
 * WHERE (`buildWhere`: the caller's projects, the guest rule, no drafts, archived, deleted or
 * intake items) with the chart's filters (project, cycle, module) AND-ed in. Figures are grouped
 * in SQL; nothing is counted row by row here.
 */
export interface AnalyticsScope {
  workspaceId: string;
  ctx: ListContext;
}

export type AnalyticsFilters = Pick<ListIssuesQuery, 'project' | 'cycle' | 'module'>;

/** Axes with several values per work item: each item counts once under each of its values. */
const MULTI_VALUED: Partial<Record<AnalyticsAxis, SQL>> = {
  labels__id: sql.raw('i.label_ids'),
  assignees__id: sql.raw('i.assignee_ids'),
  issue_module__module_id: sql.raw('i.module_ids'),
};

const utc = (column: string) => `(i.${column} at time zone 'UTC')`;

/**
 * Single-valued axes: the value grouped on (raw: uuids and timestamps group faster than text) and
 * how the grouped value `v` becomes the key's text (null: the item has none).
 */
const SINGLE_VALUED: Partial<Record<AnalyticsAxis, { raw: string; text: (v: string) => string }>> = {
  state_id: { raw: 'i.state_id', text: (v) => `${v}::text` },
  state__group: { raw: 's."group"', text: (v) => v },
  priority: { raw: 'i.priority', text: (v) => v },
  issue_cycle__cycle_id: { raw: 'i.cycle_id', text: (v) => `${v}::text` },
  project_id: { raw: 'i.project_id', text: (v) => `${v}::text` },
  created_at__week: {
    raw: `date_trunc('week', ${utc('created_at')})`,
    text: (v) => `to_char(${v}, 'YYYY-MM-DD')`,
  },
  created_at__month: {
    raw: `date_trunc('month', ${utc('created_at')})`,
    text: (v) => `to_char(${v}, 'YYYY-MM')`,
  },
  completed_at__week: {
    raw: `date_trunc('week', ${utc('completed_at')})`,
    text: (v) => `to_char(${v}, 'YYYY-MM-DD')`,
  },
  completed_at__month: {
    raw: `date_trunc('month', ${utc('completed_at')})`,
    text: (v) => `to_char(${v}, 'YYYY-MM')`,
  },
};

/**
 * An axis in the grouping query: the raw value, its text in the outer query, the lateral unnest a
 * multi-valued axis needs, and whether this row is the item's first value (so that the item is
 * counted once in the total however many values it has).
 */
function axisParts(axis: AnalyticsAxis, alias: string): { raw: SQL; text: SQL; from: SQL; first: SQL } {
  const array = MULTI_VALUED[axis];
  if (array) {
    return {
      raw: sql.raw(`${alias}.k`),
      text: sql.raw(`g.${alias}::text`),
      from: sql`cross join lateral unnest(case when cardinality(${array}) = 0 then '{NULL}'::uuid[] else ${array} end) with ordinality as ${sql.raw(alias)}(k, o)`,
      first: sql.raw(`${alias}.o = 1`),
    };
  }
  const single = SINGLE_VALUED[axis]!;
  return {
    raw: sql.raw(single.raw),
    text: sql.raw(single.text(`g.${alias}`)),
    from: sql``,
    first: sql`true`,
  };
}

const NO_AXIS = { raw: sql`null::text`, text: sql`null::text`, from: sql``, first: sql`true` };

const weightOf = (y: AnalyticsMeasure) => (y === 'estimate' ? POINT_VALUE : sql`1`);

function joins(axes: AnalyticsAxis[], y: AnalyticsMeasure): SQL {
  const parts: SQL[] = [];
  if (axes.includes('state__group')) parts.push(sql`join states s on s.id = i.state_id`);
  if (y === 'estimate') parts.push(sql`left join estimate_points ep on ep.id = i.estimate_point_id`);
  return sql.join(parts, sql` `);
}

export interface DistributionRow {
  x: string | null;
  seg: string | null;
  v: number;
}

/**
 * The measure per x value (and segment value), and over all matching items once: one scan,
 * grouped on raw values, keys turned into text per group only.
 */
export async function chartFigures(
  db: Executor,
  scope: AnalyticsScope,
  chart: { x: AnalyticsAxis; segment?: AnalyticsAxis; y: AnalyticsMeasure; filters: AnalyticsFilters },
): Promise<{ rows: DistributionRow[]; total: number }> {
  if (scope.ctx.projectIds.length === 0) return { rows: [], total: 0 };
  const x = axisParts(chart.x, 'xa');
  const seg = chart.segment ? axisParts(chart.segment, 'sa') : NO_AXIS;
  const weight = weightOf(chart.y);
  const rows = await queryRows<{ x: string | null; seg: string | null; v: unknown; once: unknown }>(
    db,
    sql`select ${x.text} as x, ${seg.text} as seg, g.v, g.once from (
        select ${x.raw} as xa, ${seg.raw} as sa,
          coalesce(sum(${weight}), 0)::float8 as v,
          coalesce(sum(${weight}) filter (where ${x.first} and ${seg.first}), 0)::float8 as once
        from issues i ${joins(chart.segment ? [chart.x, chart.segment] : [chart.x], chart.y)} ${x.from} ${seg.from}
        where ${buildWhere(chart.filters, scope.ctx)}
        group by 1, 2
      ) g`,
  );
  return {
    rows: rows.map((r) => ({ x: r.x, seg: r.seg, v: Number(r.v) })),
    total: rows.reduce((sum, r) => sum + Number(r.once), 0),
  };
}

export interface KeyRow {
  id: string;
  name: string;
  color: string | null;
  /** Sorts keys of the same axis (state group rank, then sequence, for states). */
  rank: number;
}

/** Names and colours of the ids on an id axis, in the workspace. */
export async function keyNames(
  db: Executor,
  workspaceId: string,
  axis: AnalyticsAxis,
  ids: string[],
): Promise<KeyRow[]> {
  if (ids.length === 0) return [];
  const any = sqlArray(ids, 'uuid');
  switch (axis) {
    case 'state_id':
      return queryRows<KeyRow>(
        db,
        sql`select id::text, name, color,
            (array_position(array['backlog','unstarted','started','completed','cancelled']::text[], "group") * 1000000 + sequence)::float8 as rank
          from states where workspace_id = ${workspaceId} and id = any(${any})`,
      );
    case 'labels__id':
      return queryRows<KeyRow>(
        db,
        sql`select id::text, name, color, 0 as rank from labels where workspace_id = ${workspaceId} and id = any(${any})`,
      );
    case 'assignees__id':
      return queryRows<KeyRow>(
        db,
        sql`select u.id::text, coalesce(nullif(u.display_name, ''), u.email) as name, null as color, 0 as rank
          from users u
          where u.id = any(${any})
            and exists (select 1 from workspace_members wm where wm.workspace_id = ${workspaceId} and wm.member_id = u.id)`,
      );
    case 'issue_cycle__cycle_id':
      return queryRows<KeyRow>(
        db,
        sql`select id::text, name, null as color, 0 as rank from cycles where workspace_id = ${workspaceId} and id = any(${any})`,
      );
    case 'issue_module__module_id':
      return queryRows<KeyRow>(
        db,
        sql`select id::text, name, null as color, 0 as rank from modules where workspace_id = ${workspaceId} and id = any(${any})`,
      );
    case 'project_id':
      return queryRows<KeyRow>(
        db,
        sql`select id::text, name, null as color, 0 as rank from projects where workspace_id = ${workspaceId} and id = any(${any})`,
      );
    default:
      return [];
  }
}

// ——— overview ———

export interface ProjectBrief {
  id: string;
  name: string;
  identifier: string;
  timezone: string;
}

export function projectBriefs(db: Executor, workspaceId: string, projectIds: string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return queryRows<ProjectBrief>(
    db,
    sql`select id::text, name, identifier, timezone from projects
      where workspace_id = ${workspaceId} and id = any(${sqlArray(projectIds, 'uuid')})
      order by name, id`,
  );
}

/** Work items created, and completed, per project and week (Monday, UTC) since `from`. */
export async function weeklyTrend(
  db: Executor,
  scope: AnalyticsScope,
  filters: AnalyticsFilters,
  from: string,
): Promise<{ project_id: string; kind: 'created' | 'completed'; week: string; n: number }[]> {
  if (scope.ctx.projectIds.length === 0) return [];
  const where = buildWhere(filters, scope.ctx);
  const since = sql`${from}::timestamp at time zone 'UTC'`;
  const week = (column: string) => sql.raw(`to_char(date_trunc('week', ${utc(column)}), 'YYYY-MM-DD')`);
  const rows = await queryRows<{
    project_id: string;
    kind: 'created' | 'completed';
    week: string;
    n: unknown;
  }>(
    db,
    sql`select i.project_id::text as project_id, 'created' as kind, ${week('created_at')} as week, count(*) as n
        from issues i where ${where} and i.created_at >= ${since} group by 1, 3
      union all
      select i.project_id::text, 'completed', ${week('completed_at')}, count(*)
        from issues i where ${where} and i.completed_at >= ${since} group by 1, 3`,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export interface CycleBrief {
  id: string;
  project_id: string;
  name: string;
  start_date: string;
  end_date: string;
}

/** Live cycles of these projects whose dates include a day between `from` and `to`. */
export function cyclesAround(
  db: Executor,
  workspaceId: string,
  projectIds: string[],
  from: string,
  to: string,
) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return queryRows<CycleBrief>(
    db,
    sql`select id::text, project_id::text, name, start_date::text, end_date::text from cycles
      where workspace_id = ${workspaceId} and project_id = any(${sqlArray(projectIds, 'uuid')})
        and deleted_at is null and archived_at is null
        and start_date <= ${to}::date and end_date >= ${from}::date
      order by start_date, id`,
  );
}
