import type { UserActivity } from '@kite/shared/contracts';
import { csvTable } from '../exports/export-format.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import type { MemberActivityRow } from './member-activity.repo.ts';

/** `withEmail` follows the UserLite rule (the member themself or a workspace admin). */
export function presentMemberActivity(row: MemberActivityRow, withEmail: boolean): UserActivity {
  const { activity, actor, issue } = row;
  return {
    id: activity.id,
    verb: activity.verb,
    field: activity.field,
    old_value: activity.old_value,
    new_value: activity.new_value,
    comment: activity.comment,
    actor: activity.actor_id,
    actor_detail: actor ? presentUserLite(actor, withEmail) : null,
    issue: activity.issue_id,
    issue_detail: issue.deleted_at
      ? null
      : {
          id: issue.id,
          name: issue.name,
          sequence_id: Number(issue.sequence_id),
          project_id: issue.project_id,
          project__identifier: row.identifier,
        },
    project: activity.project_id,
    workspace: activity.workspace_id,
    created_at: activity.created_at.toISOString(),
    updated_at: activity.updated_at.toISOString(),
  };
}

const CSV_HEADER = ['created_at', 'project', 'work_item', 'verb', 'field', 'old_value', 'new_value'];

/** One row per action, with the exports' escaping (quotes, and no cell read as a formula). */
export function memberActivityCsv(rows: MemberActivityRow[]): string {
  return csvTable(
    CSV_HEADER,
    rows.map(({ activity, issue, identifier }) => [
      activity.created_at.toISOString(),
      identifier,
      `${identifier}-${issue.sequence_id}`,
      activity.verb,
      activity.field,
      activity.old_value,
      activity.new_value,
    ]),
  );
}
