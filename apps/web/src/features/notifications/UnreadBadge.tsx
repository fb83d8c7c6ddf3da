import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../app/StoresContext.tsx';

/** "99+" past 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The sidebar's unread count of the workspace's notifications, kept fresh while mounted (polled,
 * and read again on focus); nothing at zero. On the collapsed rail it sits on the icon's corner.
 */
export const UnreadBadge = observer(function UnreadBadge({
  slug,
  collapsed,
}: {
  slug: string;
  collapsed: boolean;
}) {
  const { notifications } = useStores();
  useEffect(() => notifications.watchUnread(slug), [notifications, slug]);
  const count = notifications.unreadCount(slug);
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={clsx(
        'rounded-full bg-primary px-1.5 text-[10px] leading-4 font-semibold text-primary-fg tabular-nums',
        collapsed ? 'absolute -top-1.5 -right-2.5 px-1' : 'ml-auto',
      )}
    >
      {badgeText(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
});
