import type { Notification, NotificationFilters } from '@kite/shared/contracts';

/** Why a notification reached the user, as the list's `type` filter names it (api.md §12). */
export const NOTIFICATION_TYPES = ['assigned', 'created', 'subscribed'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Which part of the inbox is shown: the live one, the snoozed or the archived notifications. */
export type InboxView = 'inbox' | 'snoozed' | 'archived';

/** The inbox's tab, view and filters; each combination is a list of its own. */
export interface InboxFilter {
  tab: 'all' | 'mentions';
  view: InboxView;
  types: readonly NotificationType[];
  read: 'all' | 'read' | 'unread';
}

export const DEFAULT_INBOX_FILTER: InboxFilter = { tab: 'all', view: 'inbox', types: [], read: 'all' };

/** The list's query (and mark-all-read's body) for a filter. */
export function filterParams(filter: InboxFilter): NotificationFilters {
  const params: NotificationFilters = {};
  if (filter.types.length) params.type = filter.types.join(',');
  if (filter.view === 'snoozed') params.snoozed = 'true';
  if (filter.view === 'archived') params.archived = 'true';
  if (filter.read !== 'all') params.read = filter.read === 'read' ? 'true' : 'false';
  if (filter.tab === 'mentions') params.mentioned = 'true';
  return params;
}

/** One key per filter, for the store's lists. */
export function filterKey(slug: string, filter: InboxFilter): string {
  return `${slug}?${new URLSearchParams(filterParams(filter) as Record<string, string>).toString()}`;
}

export function isSnoozed(n: Notification, now = Date.now()): boolean {
  return !!n.snoozed_till && new Date(n.snoozed_till).getTime() > now;
}

/** What the unread badge counts (the server's rule): unread, not archived, not snoozed. */
export function countsAsUnread(n: Notification, now = Date.now()): boolean {
  return !n.read_at && !n.archived_at && !isSnoozed(n, now);
}

/**
 * Whether a loaded notification still belongs to a filter's list after a change made here
 * (archived, snoozed, read): the server decided it did when it was listed; these are the
 * rules a change can break. The type filter is the server's alone and never changes.
 */
export function belongsTo(n: Notification, filter: InboxFilter, now = Date.now()): boolean {
  if (filter.tab === 'mentions' && !n.is_mentioned_notification) return false;
  if ((filter.view === 'archived') !== !!n.archived_at) return false;
  if ((filter.view === 'snoozed') !== isSnoozed(n, now)) return false;
  if (filter.read === 'read' && !n.read_at) return false;
  if (filter.read === 'unread' && n.read_at) return false;
  return true;
}
