import type { Notification, Paginated } from '@kite/shared/contracts';

const T = '2026-01-01T00:00:00.000Z';

/** A notification as the server answers it: Ada assigned the signed-in user to MOB-1, unread. */
export function makeNotification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    title: 'Fix the login',
    data: {
      issue: {
        id: `issue-${id}`,
        name: 'Fix the login',
        identifier: 'MOB',
        sequence_id: 1,
        state_name: 'Todo',
        state_group: 'unstarted',
      },
      issue_activity: {
        id: `activity-${id}`,
        verb: 'updated',
        field: 'assignees',
        actor: 'user-m1',
        old_value: null,
        new_value: 'u1',
        issue_comment: null,
        old_identifier: null,
        new_identifier: null,
      },
    },
    entity_identifier: `issue-${id}`,
    entity_name: 'issue',
    message_html: '<p>Ada updated the assignees</p>',
    message: 'Ada updated the assignees',
    message_stripped: 'Ada updated the assignees',
    sender: 'in_app:issue_activities:assigned',
    receiver: 'u1',
    triggered_by: 'user-m1',
    triggered_by_details: {
      id: 'user-m1',
      first_name: 'Ada',
      last_name: '',
      display_name: 'ada',
      avatar: null,
      avatar_url: null,
      is_bot: false,
    },
    read_at: null,
    archived_at: null,
    snoozed_till: null,
    workspace: 'w1',
    project: 'p1',
    is_inbox_issue: false,
    is_intake_issue: false,
    is_mentioned_notification: false,
    created_at: T,
    updated_at: T,
    created_by: 'user-m1',
    updated_by: 'user-m1',
    ...overrides,
  };
}

/** One page of the list (api.md §0.6), `more` telling whether another follows. */
export function notificationPage(results: Notification[], more = false): Paginated<Notification> {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: results.length,
    next_cursor: '30:1:0',
    prev_cursor: '30:-1:1',
    next_page_results: more,
    prev_page_results: false,
    count: results.length,
    total_pages: more ? 2 : 1,
    total_results: results.length,
    extra_stats: null,
    results,
  };
}
