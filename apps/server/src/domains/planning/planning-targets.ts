import { cycleStatus, todayIn } from '@kite/shared/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { cycles, projects } from '../../platform/db/schema.ts';

/**
 * What a work item may join: an open cycle, open modules. The issues domain checks an item's
 * `cycle_id` and `module_ids` with these, and the cycles and modules domains refuse the same
 * cycles and modules by the same rules, so neither service has to ask the other (the issues
 * service once had these lookups set into it by the cycles and modules services).
 */

/** A completed cycle (its end date passed in the project's timezone) or an archived one takes no items. */
export function cycleTakesItems(
  cycle: { start_date: string | null; end_date: string | null; archived_at: Date | null },
  timezone: string,
): boolean {
  return !cycle.archived_at && cycleStatus(cycle, todayIn(timezone)) !== 'completed';
}

/** Whether the project's cycle can take work items: 'missing' when it is no live cycle of it. */
export async function cycleAcceptance(
  tx: Executor,
  projectId: string,
  cycleId: string,
): Promise<'ok' | 'missing' | 'completed'> {
  const [row] = await tx
    .select({
      start_date: cycles.start_date,
      end_date: cycles.end_date,
      archived_at: cycles.archived_at,
      timezone: projects.timezone,
    })
    .from(cycles)
    .innerJoin(projects, eq(projects.id, cycles.project_id))
    .where(and(eq(cycles.project_id, projectId), eq(cycles.id, cycleId), isNull(cycles.deleted_at)));
  if (!row) return 'missing';
  return cycleTakesItems(row, row.timezone) ? 'ok' : 'completed';
}

/** The ids among these that are live, unarchived modules of the project. */
export async function openModuleIds(tx: Executor, projectId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from modules where project_id = ${projectId} and id = any(${sqlArray(ids, 'uuid')})
          and deleted_at is null and archived_at is null`,
  );
  return rows.map((r) => r.id);
}
