import type { Notification } from '@kite/shared/contracts';
import { createLazyRoute, useNavigate, useParams } from '@tanstack/react-router';
import { CheckCheck, Inbox, RefreshCw } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Button, IconButton } from '../../ui/Button.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { InboxEmptyState } from './InboxEmptyState.tsx';
import { InboxFilterMenu } from './InboxFilterMenu.tsx';
import { InboxTabs } from './InboxTabs.tsx';
import { DEFAULT_INBOX_FILTER, type InboxFilter } from './inboxFilter.ts';
import { NotificationRow } from './NotificationRow.tsx';

/** ↑ / ↓ move between the rows (each row is a button; Enter opens it). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-notification-row]')];
  const at = rows.findIndex((row) => row.contains(document.activeElement));
  const next = rows[at === -1 ? 0 : at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * The user's notifications in a workspace (`/{slug}/notifications`): All and Mentions, filters,
 * the snoozed and archived views, and per-row read, archive and snooze. Opening one marks it read
 * and peeks the work item over its project's list.
 */
export const NotificationsScreen = observer(function NotificationsScreen({ slug }: { slug: string }) {
  const { notifications } = useStores();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<InboxFilter>(DEFAULT_INBOX_FILTER);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = (next: InboxFilter, more = false) => {
    setLoadError(null);
    const request = more ? notifications.loadMore(slug, next) : notifications.fetchFirst(slug, next);
    request.catch((error) => setLoadError(errorMessage(error, 'The notifications could not be loaded')));
  };
  const changeFilter = (next: InboxFilter) => {
    setFilter(next);
    load(next);
  };
  const refresh = () => {
    load(filter);
    void notifications.fetchUnread(slug).catch(() => undefined);
  };
  const open = (n: Notification) => {
    if (!n.read_at) void notifications.markRead(slug, n.id);
    void navigate({
      to: '/$workspaceSlug/projects/$projectId/issues',
      params: { workspaceSlug: slug, projectId: n.project },
      search: { peekId: n.entity_identifier },
    });
  };

  const items = notifications.listOf(slug, filter);
  const loaded = notifications.isLoaded(slug, filter);
  const loading = notifications.isLoading(slug, filter);
  // A first page that failed in the route's loader leaves the list unloaded and idle.
  const failure = loadError ?? (!loaded && !loading ? 'The notifications could not be loaded' : null);
  const anyUnread = items.some((n) => !n.read_at) || notifications.unreadCount(slug) > 0;

  return (
    <>
      <PageHeader
        title="Inbox"
        icon={<Inbox className="size-4" />}
        actions={
          <>
            <Tooltip content="Refresh">
              <IconButton label="Refresh" size="sm" onClick={refresh}>
                <RefreshCw className="size-3.5" aria-hidden />
              </IconButton>
            </Tooltip>
            <InboxFilterMenu filter={filter} onChange={changeFilter} />
            <Button
              size="sm"
              disabled={!anyUnread || filter.view !== 'inbox'}
              onClick={() => void notifications.markAllRead(slug, filter)}
            >
              <CheckCheck className="size-3.5" aria-hidden />
              Mark all as read
            </Button>
          </>
        }
      />
      <InboxTabs filter={filter} mentions={notifications.unreadMentions(slug)} onChange={changeFilter} />
      <main aria-label="Notifications" className="min-h-0 flex-1 overflow-y-auto">
        {filter.view !== 'inbox' && (
          <div className="flex items-center justify-between gap-2 border-b border-border bg-surface px-5 py-2 text-xs text-fg-muted">
            {filter.view === 'snoozed' ? 'Snoozed notifications' : 'Archived notifications'}
            <Button size="sm" variant="link" onClick={() => changeFilter({ ...filter, view: 'inbox' })}>
              Back to inbox
            </Button>
          </div>
        )}
        {failure && !loading ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-sm text-fg-muted">
            {failure}
            <Button size="sm" onClick={() => load(filter)}>
              Try again
            </Button>
          </div>
        ) : !loaded ? (
          <PageLoader label="Loading notifications" />
        ) : items.length === 0 ? (
          <InboxEmptyState
            filter={filter}
            onClear={() => changeFilter({ ...DEFAULT_INBOX_FILTER, tab: filter.tab })}
          />
        ) : (
          <>
            <ul aria-label="Notifications" aria-busy={loading || undefined} onKeyDown={moveFocus}>
              {items.map((n) => (
                <NotificationRow key={n.id} slug={slug} notification={n} onOpen={open} />
              ))}
            </ul>
            {notifications.hasMore(slug, filter) && (
              <div className="flex justify-center py-4">
                <Button size="sm" loading={loading} onClick={() => load(filter, true)}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </main>
    </>
  );
});

function NotificationsRouteScreen() {
  const { workspaceSlug = '' } = useParams({ strict: false });
  return <NotificationsScreen key={workspaceSlug} slug={workspaceSlug} />;
}

/** The lazily loaded half of the inbox route in routes/NotificationsRoute.tsx. */
export const NotificationsLazyRoute = createLazyRoute('/authed/$workspaceSlug/notifications')({
  component: NotificationsRouteScreen,
});
