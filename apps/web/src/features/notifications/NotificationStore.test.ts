import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeNotification, notificationPage } from '../../test/notificationFixtures.ts';
import { DEFAULT_INBOX_FILTER, type InboxFilter } from './inboxFilter.ts';
import { NotificationStore, UNREAD_POLL_MS } from './NotificationStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const N = '/api/workspaces/acme/users/notifications/';
const inbox = DEFAULT_INBOX_FILTER;

/** A request the test answers when it wants to. */
function pending() {
  let settle!: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

async function loaded(
  items = [makeNotification('n1'), makeNotification('n2', { is_mentioned_notification: true })],
  counts = { total_unread_notifications_count: 2, mention_unread_notifications_count: 1 },
) {
  const store = new NotificationStore();
  fakeApi.on('GET', N, notificationPage(items)).on('GET', `${N}unread/`, counts);
  await Promise.all([store.fetchFirst('acme', inbox), store.fetchUnread('acme')]);
  return store;
}

describe('NotificationStore', () => {
  beforeEach(() => fakeApi.reset());
  afterEach(() => vi.useRealTimers());

  it('asks for the first page with the filter as the list’s params, then the next by cursor', async () => {
    const store = new NotificationStore();
    const filter: InboxFilter = {
      tab: 'mentions',
      view: 'inbox',
      types: ['assigned', 'created'],
      read: 'unread',
    };
    fakeApi.on('GET', N, (_body, path) =>
      path.includes('cursor=30%3A0%3A0')
        ? notificationPage([makeNotification('n1', { is_mentioned_notification: true })], true)
        : notificationPage([makeNotification('n2', { is_mentioned_notification: true })]),
    );
    await store.fetchFirst('acme', filter);
    const first = new URLSearchParams(fakeApi.calls[0]!.path.split('?')[1]);
    expect(Object.fromEntries(first)).toEqual({
      type: 'assigned,created',
      read: 'false',
      mentioned: 'true',
      cursor: '30:0:0',
      per_page: '30',
    });
    expect(store.hasMore('acme', filter)).toBe(true);
    await store.loadMore('acme', filter);
    expect(new URLSearchParams(fakeApi.calls[1]!.path.split('?')[1]).get('cursor')).toBe('30:1:0');
    expect(store.listOf('acme', filter).map((n) => n.id)).toEqual(['n1', 'n2']);
    expect(store.hasMore('acme', filter)).toBe(false);
  });

  it('marks read at once and takes one off the unread count (and the mentions’ for a mention)', async () => {
    const store = await loaded();
    fakeApi.on(
      'POST',
      `${N}n2/read/`,
      makeNotification('n2', { read_at: 'now', is_mentioned_notification: true }),
    );
    const done = store.markRead('acme', 'n2');
    expect(store.get('n2')?.read_at).toBeTruthy();
    expect(store.unreadCount('acme')).toBe(1);
    expect(store.unreadMentions('acme')).toBe(0);
    expect(await done).toBe(true);
    expect(store.unreadCount('acme')).toBe(1);
  });

  it('puts a refused read back, restores the count and says why', async () => {
    const error = vi.spyOn(toast, 'error');
    const store = await loaded();
    const answer = pending();
    fakeApi.on('POST', `${N}n1/read/`, () => answer.promise);
    const done = store.markRead('acme', 'n1');
    expect(store.unreadCount('acme')).toBe(1);
    answer.reject(new ApiError(404, 'Notification not found', 'NOT_FOUND'));
    expect(await done).toBe(false);
    expect(store.get('n1')?.read_at).toBeNull();
    expect(store.unreadCount('acme')).toBe(2);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Notification not found'));
  });

  it('counts an unread-again one back in, and takes it out again when that is refused', async () => {
    const store = await loaded([makeNotification('n1', { read_at: '2026-01-02T00:00:00.000Z' })], {
      total_unread_notifications_count: 0,
      mention_unread_notifications_count: 0,
    });
    fakeApi.fail('DELETE', `${N}n1/read/`, 500, 'Something went wrong', 'INTERNAL_ERROR');
    const done = store.markUnread('acme', 'n1');
    expect(store.unreadCount('acme')).toBe(1);
    expect(await done).toBe(false);
    expect(store.unreadCount('acme')).toBe(0);
    expect(store.get('n1')?.read_at).toBe('2026-01-02T00:00:00.000Z');
  });

  it('takes an archived or snoozed one out of the inbox and the count; a refusal brings it back', async () => {
    const store = await loaded();
    fakeApi.on(
      'POST',
      `${N}n1/archive/`,
      makeNotification('n1', { archived_at: '2026-01-03T00:00:00.000Z' }),
    );
    await store.archive('acme', 'n1');
    expect(store.listOf('acme', inbox).map((n) => n.id)).toEqual(['n2']);
    expect(store.unreadCount('acme')).toBe(1);

    fakeApi.fail('PATCH', `${N}n2/`, 400, 'Must be an ISO date-time or null', 'VALIDATION_ERROR');
    const until = new Date(Date.now() + 86_400_000);
    const snoozing = store.snooze('acme', 'n2', until);
    expect(store.listOf('acme', inbox)).toEqual([]);
    expect(store.unreadCount('acme')).toBe(0);
    expect(await snoozing).toBe(false);
    expect(store.listOf('acme', inbox).map((n) => n.id)).toEqual(['n2']);
    expect(store.unreadCount('acme')).toBe(1);
    expect(fakeApi.callsTo('PATCH', `${N}n2/`)[0]!.body).toEqual({ snoozed_till: until.toISOString() });
  });

  it('marks all read with the filter, then reads the count again; a refusal marks them unread again', async () => {
    const store = await loaded();
    fakeApi.on('POST', `${N}mark-all-read/`, { updated: 2 });
    fakeApi.on('GET', `${N}unread/`, {
      total_unread_notifications_count: 0,
      mention_unread_notifications_count: 0,
    });
    expect(await store.markAllRead('acme', inbox)).toBe(true);
    expect(store.listOf('acme', inbox).every((n) => n.read_at)).toBe(true);
    expect(store.unreadCount('acme')).toBe(0);
    expect(fakeApi.callsTo('POST', `${N}mark-all-read/`)[0]!.body).toEqual({});

    const again = await loaded();
    fakeApi.fail('POST', `${N}mark-all-read/`, 500, 'Something went wrong', 'INTERNAL_ERROR');
    expect(await again.markAllRead('acme', { ...inbox, tab: 'mentions' })).toBe(false);
    expect(again.get('n2')?.read_at).toBeNull();
    expect(again.unreadCount('acme')).toBe(2);
  });

  it('polls the unread count every 30 s while visible, and reads it on focus', async () => {
    vi.useFakeTimers();
    const store = new NotificationStore();
    let total = 0;
    fakeApi.on('GET', `${N}unread/`, () => ({
      total_unread_notifications_count: ++total,
      mention_unread_notifications_count: 0,
    }));
    const stop = store.watchUnread('acme');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.unreadCount('acme')).toBe(1);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(store.unreadCount('acme')).toBe(2);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.unreadCount('acme')).toBe(3);

    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(store.unreadCount('acme')).toBe(3);
    hidden.mockRestore();

    stop();
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2);
    expect(fakeApi.callsTo('GET', `${N}unread/`)).toHaveLength(3);
  });

  it('reads the loaded lists again when the unread count grew, not when it did not', async () => {
    const store = await loaded();
    const lists = () => fakeApi.callsTo('GET', N).length;
    const before = lists();
    await store.fetchUnread('acme');
    expect(lists()).toBe(before);
    fakeApi
      .on(
        'GET',
        N,
        notificationPage([makeNotification('n3'), makeNotification('n1'), makeNotification('n2')]),
      )
      .on('GET', `${N}unread/`, {
        total_unread_notifications_count: 3,
        mention_unread_notifications_count: 1,
      });
    await store.fetchUnread('acme');
    expect(lists()).toBe(before + 1);
    expect(store.listOf('acme', inbox).map((n) => n.id)).toEqual(['n3', 'n1', 'n2']);
  });
});
