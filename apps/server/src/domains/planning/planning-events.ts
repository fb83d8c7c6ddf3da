import type { Executor } from '../../platform/db/database.ts';
import type { CycleRow, ModuleRow } from '../../platform/db/schema.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';
import { type FieldChange, type Tracked, trackedChanges } from '../../platform/jobs/tracked-changes.ts';

/** Cycle fields whose changes `cycle.updated` reports, by their v1 wire key (api.md §13.2, §15.4). */
const CYCLE_FIELDS: Tracked<CycleRow> = {
  name: (r) => r.name,
  description: (r) => r.description,
  start_date: (r) => r.start_date,
  end_date: (r) => r.end_date,
  owned_by: (r) => r.owned_by_id,
  archived_at: (r) => r.archived_at?.toISOString() ?? null,
};

/** Module fields whose changes `module.updated` reports, by their v1 wire key. */
const MODULE_FIELDS: Tracked<ModuleRow> = {
  name: (r) => r.name,
  description: (r) => r.description,
  status: (r) => r.status,
  lead: (r) => r.lead_id,
  members: (r) => [...r.member_ids].sort().join(','),
  start_date: (r) => r.start_date,
  target_date: (r) => r.target_date,
  archived_at: (r) => r.archived_at?.toISOString() ?? null,
};

export const cycleChanges = (before: CycleRow, after: CycleRow) =>
  trackedChanges(CYCLE_FIELDS, before, after);
export const moduleChanges = (before: ModuleRow, after: ModuleRow) =>
  trackedChanges(MODULE_FIELDS, before, after);

/**
 * A `cycle.*` or `module.*` event in the caller's transaction: webhooks (and later the live
 * events) hear of it after commit. An update that changed no tracked field is no event.
 */
export async function recordPlanningEvent(
  tx: Executor,
  kind: 'cycle' | 'module',
  verb: 'created' | 'updated' | 'deleted',
  row: { id: string; workspace_id: string; project_id: string },
  actorId: string | null,
  changes: Record<string, FieldChange> = {},
): Promise<void> {
  if (verb === 'updated' && Object.keys(changes).length === 0) return;
  await enqueue(tx, [
    {
      workspace_id: row.workspace_id,
      topic: `${kind}.${verb}`,
      payload: { project_id: row.project_id, [`${kind}_id`]: row.id, actor_id: actorId, changes },
    },
  ]);
}
