import type { Notification } from '@kite/shared/contracts';
import clsx from 'clsx';
import { Archive, ArchiveRestore, Mail, MailOpen } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { SnoozeMenu } from '../../ui/SnoozeMenu.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { formatDateTime, timeAgo, userName } from '../issues/detail/parts.tsx';
import { isSnoozed } from './inboxFilter.ts';

/** The item's key, as its project names it (`MOB-12`). */
export const itemKey = (n: Notification) => `${n.data.issue.identifier}-${n.data.issue.sequence_id}`;

/**
 * One notification: who did what on which item, when, and whether it is unread. The row itself
 * is the button that opens the item; read, archive and snooze sit beside it.
 */
export const NotificationRow = observer(function NotificationRow({
  slug,
  notification: n,
  onOpen,
}: {
  slug: string;
  notification: Notification;
  onOpen: (n: Notification) => void;
}) {
  const { notifications } = useStores();
  const unread = !n.read_at;
  const actor = n.triggered_by_details;
  const actorName = actor ? userName(actor) : 'Kite';
  return (
    <li
      className={clsx(
        'group relative flex items-stretch border-b border-border transition-colors hover:bg-surface',
        unread && 'bg-primary-soft/40',
      )}
    >
      <button
        type="button"
        data-notification-row
        onClick={() => onOpen(n)}
        aria-label={`${unread ? 'Unread: ' : ''}${n.message} on ${itemKey(n)} ${n.data.issue.name}`}
        className="flex min-w-0 flex-1 items-start gap-3 px-5 py-3 text-left outline-none focus-visible:bg-surface-2"
      >
        <span className="relative mt-0.5 shrink-0">
          <Avatar name={actorName} src={actor?.avatar_url} size="md" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-muted">
            <span className="shrink-0 font-medium text-fg-subtle">{itemKey(n)}</span>
            <span className="truncate">{n.data.issue.name}</span>
          </span>
          <span className={clsx('truncate text-sm', unread ? 'font-medium text-fg' : 'text-fg-muted')}>
            {n.message}
          </span>
          {n.snoozed_till && isSnoozed(n) && (
            <span className="text-xs text-fg-subtle">Snoozed until {formatDateTime(n.snoozed_till)}</span>
          )}
        </span>
        <span className="flex shrink-0 items-center gap-2 pt-0.5">
          <time
            dateTime={n.created_at}
            title={formatDateTime(n.created_at)}
            className="text-xs text-fg-subtle group-hover:invisible group-focus-within:invisible"
          >
            {timeAgo(n.created_at)}
          </time>
          <span
            aria-hidden
            className={clsx('size-2 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
          />
        </span>
      </button>
      <div className="absolute top-1/2 right-9 flex -translate-y-1/2 items-center gap-0.5 rounded-md bg-canvas opacity-0 shadow-sm ring-1 ring-border transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-[[data-state=open]]:opacity-100">
        <Tooltip content={unread ? 'Mark as read' : 'Mark as unread'}>
          <IconButton
            size="sm"
            label={unread ? 'Mark as read' : 'Mark as unread'}
            onClick={() =>
              void (unread ? notifications.markRead(slug, n.id) : notifications.markUnread(slug, n.id))
            }
          >
            {unread ? <MailOpen className="size-4" aria-hidden /> : <Mail className="size-4" aria-hidden />}
          </IconButton>
        </Tooltip>
        <Tooltip content={n.archived_at ? 'Move to inbox' : 'Archive'}>
          <IconButton
            size="sm"
            label={n.archived_at ? 'Move to inbox' : 'Archive'}
            onClick={() =>
              void (n.archived_at ? notifications.unarchive(slug, n.id) : notifications.archive(slug, n.id))
            }
          >
            {n.archived_at ? (
              <ArchiveRestore className="size-4" aria-hidden />
            ) : (
              <Archive className="size-4" aria-hidden />
            )}
          </IconButton>
        </Tooltip>
        {!n.archived_at && (
          <SnoozeMenu
            snoozed={isSnoozed(n)}
            onSnooze={(until) => void notifications.snooze(slug, n.id, until)}
            customDescription="The notification leaves the inbox and comes back at this time."
          />
        )}
      </div>
    </li>
  );
});
