import type {
  Notification,
  NotificationFilters,
  Paginated,
  UnreadCounts,
  UpdateNotificationBody,
} from '@kite/shared/contracts';
// From the domain module: a value from the contracts would bring zod onto every page's path (U3).
import { NOTIFICATIONS_PER_PAGE } from '@kite/shared/domain';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { toastError } from '../../ui/toast.ts';
import { belongsTo, countsAsUnread, filterKey, filterParams, type InboxFilter } from './inboxFilter.ts';

/** How often the unread count is read again while the page is visible (no realtime channel yet). */
export const UNREAD_POLL_MS = 30_000;

const INITIAL_CURSOR = `${NOTIFICATIONS_PER_PAGE}:0:0`;

/** One filter's list: ids in the server's order and where the next page starts. */
interface NotificationList {
  slug: string;
  filter: InboxFilter;
  ids: string[];
  nextCursor: string | null;
  loading: boolean;
  loaded: boolean;
}

const notificationsPath = (slug: string) => `/api/workspaces/${seg(slug)}/users/notifications/`;
const notificationPath = (slug: string, id: string) => `${notificationsPath(slug)}${seg(id)}/`;

function query(params: NotificationFilters & { cursor: string }): string {
  return new URLSearchParams({ ...params, per_page: String(NOTIFICATIONS_PER_PAGE) }).toString();
}

/**
 * The user's notifications (api.md §12) per workspace: one list per inbox filter, paged by cursor,
 * and the unread counts of the sidebar's badge. Read, archive and snooze changes show at once, keep
 * the counts right, and are undone (with a toast) when the server refuses them.
 */
export class NotificationStore {
  private readonly byId = observable.map<string, Notification>();
  private readonly lists = observable.map<string, NotificationList>();
  private readonly unread = observable.map<string, UnreadCounts>();

  constructor() {
    makeAutoObservable<NotificationStore, 'byId' | 'lists' | 'unread'>(
      this,
      { byId: false, lists: false, unread: false },
      { autoBind: true },
    );
  }

  get(id: string): Notification | undefined {
    return this.byId.get(id);
  }

  /** The badge's number: unread notifications that are neither archived nor snoozed. */
  unreadCount(slug: string): number {
    return this.unread.get(slug)?.total_unread_notifications_count ?? 0;
  }

  unreadMentions(slug: string): number {
    return this.unread.get(slug)?.mention_unread_notifications_count ?? 0;
  }

  /** The filter's loaded notifications that still match it (a change here can take one out). */
  listOf(slug: string, filter: InboxFilter): Notification[] {
    const list = this.lists.get(filterKey(slug, filter));
    const now = Date.now();
    return (list?.ids ?? [])
      .map((id) => this.byId.get(id))
      .filter((n): n is Notification => !!n && belongsTo(n, filter, now));
  }

  isLoaded(slug: string, filter: InboxFilter): boolean {
    return !!this.lists.get(filterKey(slug, filter))?.loaded;
  }

  isLoading(slug: string, filter: InboxFilter): boolean {
    return !!this.lists.get(filterKey(slug, filter))?.loading;
  }

  hasMore(slug: string, filter: InboxFilter): boolean {
    return !!this.lists.get(filterKey(slug, filter))?.nextCursor;
  }

  /**
   * The badge's counts. When they grew, what arrived since is read into the loaded lists too, so
   * the inbox never says "No notifications" beside a badge with a number.
   */
  async fetchUnread(slug: string): Promise<UnreadCounts> {
    const counts = await api.get<UnreadCounts>(`${notificationsPath(slug)}unread/`);
    const before = this.unread.get(slug)?.total_unread_notifications_count;
    runInAction(() => this.unread.set(slug, counts));
    if (before !== undefined && counts.total_unread_notifications_count > before) {
      const loaded = [...this.lists.values()].filter((l) => l.slug === slug && l.loaded && !l.loading);
      await Promise.all(loaded.map((l) => this.fetchFirst(slug, l.filter).catch(() => undefined)));
    }
    return counts;
  }

  /** The filter's first page, replacing what was loaded for it. */
  fetchFirst(slug: string, filter: InboxFilter): Promise<void> {
    return this.fetchPage(slug, filter, INITIAL_CURSOR, true);
  }

  /** The filter's next page, if there is one and none is on its way. */
  async loadMore(slug: string, filter: InboxFilter): Promise<void> {
    const list = this.lists.get(filterKey(slug, filter));
    if (!list?.nextCursor || list.loading) return;
    await this.fetchPage(slug, filter, list.nextCursor, false);
  }

  private async fetchPage(slug: string, filter: InboxFilter, cursor: string, first: boolean) {
    const key = filterKey(slug, filter);
    const before = this.lists.get(key);
    this.lists.set(key, {
      slug,
      filter,
      ids: before?.ids ?? [],
      nextCursor: before?.nextCursor ?? null,
      loaded: before?.loaded ?? false,
      loading: true,
    });
    try {
      const page = await api.get<Paginated<Notification>>(
        `${notificationsPath(slug)}?${query({ ...filterParams(filter), cursor })}`,
      );
      runInAction(() => {
        for (const n of page.results) this.byId.set(n.id, n);
        const ids = page.results.map((n) => n.id);
        const kept = first ? [] : (this.lists.get(key)?.ids ?? []);
        this.lists.set(key, {
          slug,
          filter,
          ids: [...kept, ...ids.filter((id) => !kept.includes(id))],
          nextCursor: page.next_page_results ? page.next_cursor : null,
          loaded: true,
          loading: false,
        });
      });
    } catch (error) {
      runInAction(() => {
        const now = this.lists.get(key);
        if (now) this.lists.set(key, { ...now, loading: false });
      });
      throw error;
    }
  }

  /** Moves the unread counts by what a notification's change did to it. */
  private recount(slug: string, before: Notification, after: Notification): void {
    const delta = Number(countsAsUnread(after)) - Number(countsAsUnread(before));
    const counts = this.unread.get(slug);
    if (!delta || !counts) return;
    this.unread.set(slug, {
      total_unread_notifications_count: Math.max(0, counts.total_unread_notifications_count + delta),
      mention_unread_notifications_count: Math.max(
        0,
        counts.mention_unread_notifications_count + (after.is_mentioned_notification ? delta : 0),
      ),
    });
  }

  private put(slug: string, next: Notification): void {
    const before = this.byId.get(next.id);
    if (before) this.recount(slug, before, next);
    this.byId.set(next.id, next);
  }

  /**
   * Shows `change` at once and sends it; the server's answer replaces it. A refusal puts the
   * changed fields back (leaving anything newer), restores the counts, toasts `failure`, and
   * resolves false.
   */
  private async optimistic(
    slug: string,
    id: string,
    change: UpdateNotificationBody,
    write: () => Promise<Notification>,
    failure: string,
  ): Promise<boolean> {
    const before = this.byId.get(id);
    if (!before) return false;
    const fields = Object.keys(change) as (keyof UpdateNotificationBody)[];
    const undo = Object.fromEntries(fields.map((k) => [k, before[k]]));
    this.put(slug, { ...before, ...change });
    try {
      const answer = await write();
      runInAction(() => this.put(slug, answer));
      return true;
    } catch (error) {
      runInAction(() => {
        const now = this.byId.get(id);
        if (now) this.put(slug, { ...now, ...undo });
      });
      toastError(error, failure);
      return false;
    }
  }

  markRead(slug: string, id: string): Promise<boolean> {
    return this.optimistic(
      slug,
      id,
      { read_at: new Date().toISOString() },
      () => api.post<Notification>(`${notificationPath(slug, id)}read/`),
      'The notification could not be marked as read',
    );
  }

  markUnread(slug: string, id: string): Promise<boolean> {
    return this.optimistic(
      slug,
      id,
      { read_at: null },
      () => api.delete<Notification>(`${notificationPath(slug, id)}read/`),
      'The notification could not be marked as unread',
    );
  }

  archive(slug: string, id: string): Promise<boolean> {
    return this.optimistic(
      slug,
      id,
      { archived_at: new Date().toISOString() },
      () => api.post<Notification>(`${notificationPath(slug, id)}archive/`),
      'The notification could not be archived',
    );
  }

  unarchive(slug: string, id: string): Promise<boolean> {
    return this.optimistic(
      slug,
      id,
      { archived_at: null },
      () => api.delete<Notification>(`${notificationPath(slug, id)}archive/`),
      'The notification could not be moved back to the inbox',
    );
  }

  /** Hides the notification until `until` (it then comes back to the inbox); null wakes it now. */
  snooze(slug: string, id: string, until: Date | null): Promise<boolean> {
    const snoozed_till = until ? until.toISOString() : null;
    return this.optimistic(
      slug,
      id,
      { snoozed_till },
      () => api.patch<Notification>(notificationPath(slug, id), { snoozed_till }),
      until ? 'The notification could not be snoozed' : 'The notification could not be unsnoozed',
    );
  }

  /**
   * Marks everything the filter selects as read: the loaded ones at once, then the counts as the
   * server has them. A refusal marks the loaded ones unread again.
   */
  async markAllRead(slug: string, filter: InboxFilter): Promise<boolean> {
    const now = new Date().toISOString();
    const changed = this.listOf(slug, filter).filter((n) => !n.read_at);
    for (const n of changed) this.put(slug, { ...n, read_at: now });
    try {
      await api.post<{ updated: number }>(`${notificationsPath(slug)}mark-all-read/`, filterParams(filter));
    } catch (error) {
      runInAction(() => {
        for (const n of changed) {
          const current = this.byId.get(n.id);
          if (current?.read_at === now) this.put(slug, { ...current, read_at: null });
        }
      });
      toastError(error, 'The notifications could not be marked as read');
      return false;
    }
    await this.fetchUnread(slug).catch(() => undefined);
    return true;
  }

  /**
   * Keeps the workspace's unread count fresh: now, every 30 s while the page is visible, and
   * whenever the window gets the focus or the page becomes visible again. Returns the stop.
   */
  watchUnread(slug: string): () => void {
    const refresh = () => void this.fetchUnread(slug).catch(() => undefined);
    const visible = () => document.visibilityState === 'visible';
    const onVisibility = () => {
      if (visible()) refresh();
    };
    refresh();
    const timer = window.setInterval(() => {
      if (visible()) refresh();
    }, UNREAD_POLL_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  reset(): void {
    this.byId.clear();
    this.lists.clear();
    this.unread.clear();
  }
}
