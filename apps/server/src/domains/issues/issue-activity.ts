import type { Executor } from '../../platform/db/database.ts';
import { activities, type IssueRowDb } from '../../platform/db/schema.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';

/** Fields whose changes are recorded, with how a value is written down. */
const TRACKED: Record<string, (row: IssueRowDb) => string | null> = {
  name: (r) => r.name,
  description_html: (r) => r.description_html,
  priority: (r) => r.priority,
  state_id: (r) => r.state_id,
  parent_id: (r) => r.parent_id,
  estimate_point_id: (r) => r.estimate_point_id,
  start_date: (r) => r.start_date,
  target_date: (r) => r.target_date,
  label_ids: (r) => [...r.label_ids].sort().join(','),
  assignee_ids: (r) => [...r.assignee_ids].sort().join(','),
  cycle_id: (r) => r.cycle_id,
  module_ids: (r) => [...r.module_ids].sort().join(','),
  archived_at: (r) => r.archived_at?.toISOString() ?? null,
  is_draft: (r) => String(r.is_draft),
};

const FIELD_NAMES: Record<string, string> = {
  state_id: 'state',
  parent_id: 'parent',
  estimate_point_id: 'estimate_point',
  label_ids: 'labels',
  assignee_ids: 'assignees',
  cycle_id: 'cycle',
  module_ids: 'modules',
  description_html: 'description',
};

/** A field's recorded change: what `activities` rows and the `issue.updated` event carry. */
export interface FieldChange {
  field: string;
  old_value: string | null;
  new_value: string | null;
  comment: string;
}

/** The tracked fields that differ between two versions of a work item, one per field. */
export function fieldChanges(before: IssueRowDb, after: IssueRowDb): FieldChange[] {
  return Object.entries(TRACKED)
    .map(([column, read]) => ({ column, old: read(before), next: read(after) }))
    .filter((change) => change.old !== change.next)
    .map((change) => {
      const field = FIELD_NAMES[change.column] ?? change.column;
      return {
        field,
        old_value: change.old,
        new_value: change.next,
        comment: `updated the ${field.replace(/_/g, ' ')}`,
      };
    });
}

/** The `issue.updated` event's payload for these changes. */
export function updatedPayload(
  issue: Pick<IssueRowDb, 'id' | 'project_id'>,
  actorId: string,
  changes: FieldChange[],
) {
  return {
    issue_id: issue.id,
    project_id: issue.project_id,
    actor_id: actorId,
    changes: Object.fromEntries(changes.map((c) => [c.field, { old: c.old_value, new: c.new_value }])),
  };
}

/** The activity row and the `issue.created` event a new work item is recorded with. */
export function creationRecords(
  actorId: string,
  item: Pick<IssueRowDb, 'id' | 'workspace_id' | 'project_id' | 'assignee_ids'>,
) {
  return {
    activity: {
      workspace_id: item.workspace_id,
      project_id: item.project_id,
      issue_id: item.id,
      actor_id: actorId,
      verb: 'created',
      comment: 'created the work item',
    },
    event: {
      workspace_id: item.workspace_id,
      topic: 'issue.created',
      payload: {
        issue_id: item.id,
        project_id: item.project_id,
        actor_id: actorId,
        changes: {},
        // Who was assigned at creation: later assignees hear of their assignment, not of this.
        assignee_ids: item.assignee_ids,
      },
    },
  };
}

/**
 * One activity row per changed field and one `issue.updated` event, written in the caller's
 * transaction (a new item's are written with it: insertNumberedIssue).
 */
export async function recordIssueChanges(
  tx: Executor,
  actorId: string,
  before: IssueRowDb,
  after: IssueRowDb,
): Promise<void> {
  const base = {
    workspace_id: after.workspace_id,
    project_id: after.project_id,
    issue_id: after.id,
    actor_id: actorId,
  };
  const changes = fieldChanges(before, after);
  if (changes.length === 0) return;
  await tx.insert(activities).values(changes.map((change) => ({ ...base, verb: 'updated', ...change })));
  await enqueue(tx, [
    {
      workspace_id: after.workspace_id,
      topic: 'issue.updated',
      payload: updatedPayload(after, actorId, changes),
    },
  ]);
}

export async function recordIssueDeleted(tx: Executor, actorId: string, issue: IssueRowDb): Promise<void> {
  await tx.insert(activities).values({
    workspace_id: issue.workspace_id,
    project_id: issue.project_id,
    issue_id: issue.id,
    actor_id: actorId,
    verb: 'deleted',
    comment: 'deleted the work item',
  });
  await enqueue(tx, [
    {
      workspace_id: issue.workspace_id,
      topic: 'issue.deleted',
      payload: { issue_id: issue.id, project_id: issue.project_id, actor_id: actorId },
    },
  ]);
}
