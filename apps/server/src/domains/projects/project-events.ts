import type { Executor } from '../../platform/db/database.ts';
import type { ProjectRow } from '../../platform/db/schema.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';
import { type FieldChange, type Tracked, trackedChanges } from '../../platform/jobs/tracked-changes.ts';

/** Project columns whose changes `project.updated` reports, by their wire key (api.md §13.2). */
const TRACKED: Tracked<ProjectRow> = {
  name: (r) => r.name,
  description: (r) => r.description,
  identifier: (r) => r.identifier,
  network: (r) => String(r.network),
  project_lead: (r) => r.project_lead_id,
  default_assignee: (r) => r.default_assignee_id,
  default_state: (r) => r.default_state_id,
  estimate: (r) => r.estimate_id,
  emoji: (r) => r.emoji,
  logo_props: (r) => JSON.stringify(r.logo_props ?? null),
  cover_image: (r) => r.cover_image,
  timezone: (r) => r.timezone,
  cycle_view: (r) => String(r.cycle_view),
  module_view: (r) => String(r.module_view),
  issue_views_view: (r) => String(r.issue_views_view),
  page_view: (r) => String(r.page_view),
  intake_view: (r) => String(r.intake_view),
  guest_view_all_features: (r) => String(r.guest_view_all_features),
  archive_in: (r) => String(r.archive_in),
  close_in: (r) => String(r.close_in),
  archived_at: (r) => r.archived_at?.toISOString() ?? null,
};

/** The tracked fields that differ, as `{ field: { old, new } }`. */
export const projectChanges = (before: ProjectRow, after: ProjectRow) =>
  trackedChanges(TRACKED, before, after);

/** A `project.*` event in the caller's transaction (webhooks hear of it after commit). */
export async function recordProjectEvent(
  tx: Executor,
  verb: 'created' | 'updated' | 'deleted',
  project: Pick<ProjectRow, 'id' | 'workspace_id'>,
  actorId: string | null,
  changes: Record<string, FieldChange> = {},
): Promise<void> {
  if (verb === 'updated' && Object.keys(changes).length === 0) return;
  await enqueue(tx, [
    {
      workspace_id: project.workspace_id,
      topic: `project.${verb}`,
      payload: { project_id: project.id, actor_id: actorId, changes },
    },
  ]);
}
