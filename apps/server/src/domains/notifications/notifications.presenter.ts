import type { Notification, UserLite } from '@kite/shared/contracts';
import { escapeHtml } from '../../platform/security/html.ts';
import type { NotificationListRow } from './notifications.repo.ts';

/** A stored notification as the wire carries it (api.md §12), with the item as it is now. */
export function presentNotification(row: NotificationListRow): Notification {
  return {
    id: row.id,
    title: row.title,
    data: {
      issue: {
        id: row.issue_id,
        name: row.issue_name,
        identifier: row.identifier,
        sequence_id: row.sequence_id,
        state_name: row.state_name,
        state_group: row.state_group,
      },
      issue_activity: row.activity,
    },
    entity_identifier: row.issue_id,
    entity_name: 'issue',
    message_html: `<p>${escapeHtml(row.message)}</p>`,
    message: row.message,
    message_stripped: row.message,
    sender: row.sender,
    receiver: row.receiver_id,
    triggered_by: row.triggered_by,
    triggered_by_details: row.actor as UserLite | null,
    read_at: row.read_at,
    archived_at: row.archived_at,
    snoozed_till: row.snoozed_till,
    workspace: row.workspace_id,
    project: row.project_id,
    is_inbox_issue: row.is_intake,
    is_intake_issue: row.is_intake,
    is_mentioned_notification: row.is_mentioned,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.triggered_by,
    updated_by: row.triggered_by,
  };
}
