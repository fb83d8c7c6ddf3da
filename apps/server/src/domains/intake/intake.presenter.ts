import type { Intake, IntakeIssue } from '@kite/shared/contracts';
import type { IntakeRow } from '../../platform/db/schema.ts';
import type { IntakeItemView } from './intake.repo.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * An intake item on the wire. The work item it duplicates is named in brief only to a caller who
 * may see that item (a guest sees their own submissions alone).
 */
export function presentIntakeIssue(
  row: IntakeItemView,
  viewer: { userId: string; ownOnly: boolean },
): IntakeIssue {
  const duplicateVisible =
    row.duplicate_id !== null && (!viewer.ownOnly || row.duplicate_created_by === viewer.userId);
  return {
    id: row.id,
    status: row.status,
    issue: {
      id: row.issue_id,
      name: row.issue_name,
      description_html: row.issue_description_html,
      priority: row.issue_priority,
      sequence_id: row.issue_sequence_id,
      project_id: row.issue_project_id,
      state_id: row.issue_state_id,
      label_ids: row.issue_label_ids ?? [],
      assignee_ids: row.issue_assignee_ids ?? [],
      start_date: row.issue_start_date,
      target_date: row.issue_target_date,
      created_at: iso(row.issue_created_at),
      updated_at: iso(row.issue_updated_at),
      created_by: row.issue_created_by,
    },
    snoozed_till: row.snoozed_till === null ? null : iso(row.snoozed_till),
    duplicate_to: row.duplicate_to,
    duplicate_issue_detail: duplicateVisible
      ? {
          id: row.duplicate_id!,
          name: row.duplicate_name!,
          sequence_id: row.duplicate_sequence_id!,
          project_id: row.duplicate_project_id!,
        }
      : null,
    source: row.source,
    source_email: row.source_email,
    intake: row.intake_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

export function presentIntake(row: IntakeRow, pendingCount: number): Intake {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_default: row.is_default,
    pending_issue_count: pendingCount,
    project: row.project_id,
    workspace: row.workspace_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
