import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { type CycleRow, cycles, projects, userFavorites } from '../../platform/db/schema.ts';
import { LIVE_ISSUE, planningTotals } from '../issues/issue-totals.ts';

/** A cycle with what its lists show: totals of its live work items, its assignees, the caller's favorite. */
export interface CycleListRow {
  id: string;
  workspace_id: string;
  project_id: string;
  name: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  owned_by_id: string | null;
  sort_order: number;
  view_props: Record<string, unknown>;
  progress_snapshot: Record<string, unknown>;
  logo_props: Record<string, unknown>;
  timezone: string;
  archived_at: string | null;
  is_favorite: boolean;
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  started_issues: number;
  unstarted_issues: number;
  backlog_issues: number;
  total_estimate_points: number;
  completed_estimate_points: number;
  assignee_ids: string[];
  external_source: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

const ORDER: Record<string, SQL> = {
  default: sql.raw('is_favorite desc, c.created_at desc, c.id'),
  sort_order: sql.raw('c.sort_order, c.id'),
  name: sql.raw('lower(c.name), c.id'),
  '-name': sql.raw('lower(c.name) desc, c.id'),
  created_at: sql.raw('c.created_at, c.id'),
  '-created_at': sql.raw('c.created_at desc, c.id'),
  members: sql.raw('cardinality(a.assignee_ids), c.created_at desc, c.id'),
  '-members': sql.raw('cardinality(a.assignee_ids) desc, c.created_at desc, c.id'),
};

/** Cycles of these projects with their figures; `where` adds conditions over `c`. */
export function listCycles(
  db: Executor,
  options: { projectIds: string[]; userId: string; where?: SQL[]; orderBy?: string; archived?: boolean },
): Promise<CycleListRow[]> {
  if (options.projectIds.length === 0) return Promise.resolve([]);
  const conditions = [
    sql`c.project_id = any(${sqlArray(options.projectIds, 'uuid')})`,
    sql`c.deleted_at is null`,
    options.archived ? sql`c.archived_at is not null` : sql`c.archived_at is null`,
    ...(options.where ?? []),
  ];
  return queryRows<CycleListRow>(
    db,
    sql`select c.id, c.workspace_id, c.project_id, c.name, c.description,
          to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date,
          c.owned_by_id, c.sort_order, c.view_props, c.progress_snapshot, c.logo_props, p.timezone,
          c.archived_at, c.external_source, c.external_id, c.created_at, c.updated_at, c.created_by, c.updated_by,
          exists (select 1 from user_favorites f where f.user_id = ${options.userId} and f.entity_type = 'cycle'
                    and f.entity_identifier = c.id) as is_favorite,
          t.*, a.assignee_ids
        from cycles c
        join projects p on p.id = c.project_id
        cross join lateral ${planningTotals(sql`i.project_id = c.project_id and i.cycle_id = c.id`)} t
        cross join lateral (
          select coalesce(array_agg(distinct x.id), '{}') as assignee_ids
          from issues i, unnest(i.assignee_ids) as x(id)
          where i.project_id = c.project_id and i.cycle_id = c.id and ${LIVE_ISSUE}
        ) a
        where ${sql.join(conditions, sql` and `)}
        order by ${ORDER[options.orderBy ?? 'default'] ?? ORDER.default}`,
  );
}

/**
 * A live cycle of the project, with the project's timezone (its status depends on it). `lock`:
 * its row stays locked to the caller's transaction (`for no key update`: other writers of the
 * cycle wait, inserts that only reference it do not).
 */
export async function findCycle(
  db: Executor,
  projectId: string,
  cycleId: string,
  options: { lock?: boolean } = {},
): Promise<(CycleRow & { timezone: string }) | undefined> {
  const query = db
    .select({ cycle: cycles, timezone: projects.timezone })
    .from(cycles)
    .innerJoin(projects, eq(projects.id, cycles.project_id))
    .where(and(eq(cycles.project_id, projectId), eq(cycles.id, cycleId), isNull(cycles.deleted_at)));
  const [row] = await (options.lock ? query.for('no key update', { of: cycles }) : query);
  return row && { ...row.cycle, timezone: row.timezone };
}

/** Serialises cycle date changes of one project, so two overlapping ranges cannot both be written. */
export async function lockCyclesOf(db: Executor, projectId: string): Promise<void> {
  await db.execute(sql`select id from projects where id = ${projectId} for update`);
}

/** Another live dated cycle of the project whose range shares a day with this one. */
export async function findOverlapping(
  db: Executor,
  projectId: string,
  range: { start_date: string; end_date: string },
  exceptId?: string,
): Promise<{ id: string; name: string } | undefined> {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from cycles
         where project_id = ${projectId} and deleted_at is null
           and start_date is not null and end_date is not null
           and start_date <= ${range.end_date}::date and end_date >= ${range.start_date}::date
           ${exceptId ? sql`and id <> ${exceptId}` : sql``}
         limit 1`,
  );
  return rows[0];
}

export async function minCycleSortOrder(db: Executor, projectId: string): Promise<number | null> {
  const rows = await queryRows<{ min: number | null }>(
    db,
    sql`select min(sort_order) as min from cycles where project_id = ${projectId} and deleted_at is null`,
  );
  return rows[0]?.min ?? null;
}

export async function insertCycle(db: Executor, values: typeof cycles.$inferInsert): Promise<CycleRow> {
  const [row] = await db.insert(cycles).values(values).returning();
  return row!;
}

export async function updateCycleRow(
  db: Executor,
  projectId: string,
  cycleId: string,
  values: Partial<typeof cycles.$inferInsert>,
): Promise<void> {
  await db
    .update(cycles)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(cycles.project_id, projectId), eq(cycles.id, cycleId)));
}

export async function softDeleteCycle(db: Executor, projectId: string, cycleId: string): Promise<void> {
  await db
    .update(cycles)
    .set({ deleted_at: new Date() })
    .where(and(eq(cycles.project_id, projectId), eq(cycles.id, cycleId)));
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.entity_type, 'cycle'), eq(userFavorites.entity_identifier, cycleId)));
}

/** Live work items of the cycle whose state group is not completed or cancelled. */
export async function unfinishedIssueIds(
  db: Executor,
  projectId: string,
  cycleId: string,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select i.id from issues i join states s on s.id = i.state_id
         where i.project_id = ${projectId} and i.cycle_id = ${cycleId} and ${LIVE_ISSUE} and s."group" in ('backlog', 'unstarted', 'started')
         order by i.sequence_id`,
  );
  return rows.map((r) => r.id);
}
