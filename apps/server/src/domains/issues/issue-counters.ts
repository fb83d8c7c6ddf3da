import type { ListIssuesQuery } from '@kite/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { issueCountDeltas, issueGroupCountDeltas, type StateRow } from '../../platform/db/schema.ts';
import type { ListContext } from './issue-query.ts';

/** Live work items of one project per state and priority, from the maintained deltas (0009 migration). */
export interface CounterRow {
  state_id: string;
  priority: string;
  n: number;
}

export async function readCounters(db: Executor, projectId: string): Promise<CounterRow[]> {
  // Prepared by name: every board request reads it.
  return prepared(db, 'read_issue_counters', (db) =>
    db
      .select({
        state_id: issueCountDeltas.state_id,
        priority: issueCountDeltas.priority,
        n: sql<number>`sum(${issueCountDeltas.n})::int`,
      })
      .from(issueCountDeltas)
      .where(eq(issueCountDeltas.project_id, sql.placeholder('projectId')))
      .groupBy(issueCountDeltas.state_id, issueCountDeltas.priority)
      .prepare('read_issue_counters'),
  ).execute({ projectId });
}

/**
 * Folds each busy project's deltas into one row per key. Safe beside writers and other nodes:
 * the delete takes the rows it folds, and rows added meanwhile are left for the next round.
 */
export async function compactCounters(db: Executor, minimumRows = 32): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with busy as (
          select project_id from issue_count_deltas group by project_id having count(*) > ${minimumRows}
        ), moved as (
          delete from issue_count_deltas d using busy where d.project_id = busy.project_id
          returning d.project_id, d.state_id, d.priority, d.n
        ), folded as (
          insert into issue_count_deltas (project_id, state_id, priority, n)
          select project_id, state_id, priority, sum(n)::int from moved
          group by project_id, state_id, priority having sum(n) <> 0
          returning 1
        )
        select (select count(*)::int from moved) as n`,
  );
  const groups = await queryRows<{ n: number }>(
    db,
    sql`with busy as (
          select project_id from issue_group_count_deltas group by project_id having count(*) > ${minimumRows}
        ), moved as (
          delete from issue_group_count_deltas d using busy where d.project_id = busy.project_id
          returning d.project_id, d.kind, d.key, d.state_id, d.n
        ), folded as (
          insert into issue_group_count_deltas (project_id, kind, key, state_id, n)
          select project_id, kind, key, state_id, sum(n)::int from moved
          group by project_id, kind, key, state_id having sum(n) <> 0
          returning 1
        )
        select (select count(*)::int from moved) as n`,
  );
  return (rows[0]?.n ?? 0) + (groups[0]?.n ?? 0);
}

/** Query parameters that neither filter nor change which work items are counted. */
const NON_FILTERING = new Set([
  'cursor',
  'per_page',
  'group_by',
  'sub_group_by',
  'order_by',
  'show_empty_groups',
  'type',
]);
/** Group keys the counters can answer: each is a function of (state, priority). */
const COUNTABLE = new Set(['state_id', 'priority', 'state__group']);

/** Whether a list's counts can come from the counters: one project's plain list, grouped by countable keys. */
export function countersAnswer(query: ListIssuesQuery, ctx: ListContext, scope: string): boolean {
  if (scope !== 'normal' || ctx.projectIds.length !== 1 || ctx.ownOnlyProjectIds.length > 0) return false;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (name === 'sub_issue' && value !== 'false') continue;
    if (!NON_FILTERING.has(name)) return false;
  }
  return [query.group_by, query.sub_group_by].every((key) => !key || COUNTABLE.has(key));
}

function keyOf(key: string, row: CounterRow, groupOfState: Map<string, string>): string | undefined {
  if (key === 'state_id') return row.state_id;
  if (key === 'priority') return row.priority;
  return groupOfState.get(row.state_id);
}

/**
 * Per-group (and sub-group) counts in the shape the grouped envelope takes, restricted to the
 * states a `type` filter leaves (`allowedStates` null = all).
 */
export function countsFromCounters(
  rows: CounterRow[],
  states: Pick<StateRow, 'id' | 'group'>[],
  allowedStates: Set<string> | null,
  groupKey: string | null,
  subGroupKey: string | null,
): { total: number; cells: { group_key: string; sub_group_key?: string; n: number }[] } {
  const groupOfState = new Map(states.map((s) => [s.id, s.group]));
  const cells = new Map<string, { group_key: string; sub_group_key?: string; n: number }>();
  let total = 0;
  for (const row of rows) {
    if (row.n === 0 || (allowedStates && !allowedStates.has(row.state_id))) continue;
    total += row.n;
    if (!groupKey) continue;
    const g = keyOf(groupKey, row, groupOfState);
    const s = subGroupKey ? keyOf(subGroupKey, row, groupOfState) : undefined;
    if (g === undefined) continue;
    const id = `${g}\u0000${s ?? ''}`;
    const cell = cells.get(id) ?? { group_key: g, ...(subGroupKey ? { sub_group_key: s } : {}), n: 0 };
    cell.n += row.n;
    cells.set(id, cell);
  }
  return { total, cells: [...cells.values()] };
}

/** Group keys whose counts come from the per-cycle and per-module deltas, with their kind. */
const GROUP_COUNTER_KINDS: Record<string, 'cycle' | 'module'> = {
  cycle_id: 'cycle',
  issue_module__module_id: 'module',
};
/** Sub-group keys those counters can split by: functions of the state. */
const STATE_KEYS = new Set(['state_id', 'state__group']);

/** Which per-group counters answer a list's counts, if any: like `countersAnswer`, grouped by cycle or module. */
export function groupCountersKind(
  query: ListIssuesQuery,
  ctx: ListContext,
  scope: string,
): 'cycle' | 'module' | null {
  const kind = query.group_by ? GROUP_COUNTER_KINDS[query.group_by] : undefined;
  if (!kind || (query.sub_group_by && !STATE_KEYS.has(query.sub_group_by))) return null;
  return countersAnswer({ ...query, group_by: undefined, sub_group_by: undefined }, ctx, scope) ? kind : null;
}

export interface GroupCounterRow {
  key: string | null;
  state_id: string;
  n: number;
}

export async function readGroupCounters(
  db: Executor,
  projectId: string,
  kind: 'cycle' | 'module',
): Promise<GroupCounterRow[]> {
  return prepared(db, 'read_issue_group_counters', (db) =>
    db
      .select({
        key: issueGroupCountDeltas.key,
        state_id: issueGroupCountDeltas.state_id,
        n: sql<number>`sum(${issueGroupCountDeltas.n})::int`,
      })
      .from(issueGroupCountDeltas)
      .where(
        sql`${issueGroupCountDeltas.project_id} = ${sql.placeholder('projectId')} and ${issueGroupCountDeltas.kind} = ${sql.placeholder('kind')}`,
      )
      .groupBy(issueGroupCountDeltas.key, issueGroupCountDeltas.state_id)
      .prepare('read_issue_group_counters'),
  ).execute({ projectId, kind });
}

/**
 * Cells of a board grouped by cycle or module (sub-grouped by state or state group, or not) from
 * those counters. `None` is the group of items in no cycle / module.
 */
export function groupCellsFromCounters(
  rows: GroupCounterRow[],
  states: Pick<StateRow, 'id' | 'group'>[],
  allowedStates: Set<string> | null,
  subGroupKey: string | null,
): { group_key: string; sub_group_key?: string; n: number }[] {
  const groupOfState = new Map(states.map((s) => [s.id, s.group]));
  const cells = new Map<string, { group_key: string; sub_group_key?: string; n: number }>();
  for (const row of rows) {
    if (row.n === 0 || (allowedStates && !allowedStates.has(row.state_id))) continue;
    const g = row.key ?? 'None';
    const s =
      subGroupKey === 'state_id' ? row.state_id : subGroupKey ? groupOfState.get(row.state_id) : undefined;
    if (subGroupKey && s === undefined) continue;
    const id = `${g}\u0000${s ?? ''}`;
    const cell = cells.get(id) ?? { group_key: g, ...(subGroupKey ? { sub_group_key: s } : {}), n: 0 };
    cell.n += row.n;
    cells.set(id, cell);
  }
  return [...cells.values()];
}
