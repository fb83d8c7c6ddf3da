import { STATE_GROUP_COLORS, type StateGroup } from '@kite/shared/domain';
import clsx from 'clsx';
import type { ReactNode } from 'react';

/** A state's dot: filled by how far its group is along the workflow. */
export function StateIcon({
  group,
  color,
  className,
}: {
  group: string;
  color?: string;
  className?: string;
}) {
  const c = color || STATE_GROUP_COLORS[group as StateGroup] || '#9ca3af';
  const fill =
    group === 'completed' || group === 'cancelled'
      ? 100
      : group === 'started'
        ? 50
        : group === 'unstarted'
          ? 0
          : -1;
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-block size-3.5 shrink-0 rounded-full border-[1.5px]',
        fill === -1 && 'border-dashed',
        className,
      )}
      style={{
        borderColor: c,
        background:
          fill === 100 ? c : fill === 50 ? `conic-gradient(${c} 0 50%, transparent 50% 100%)` : undefined,
      }}
    />
  );
}

export function SectionTitle({
  children,
  count,
  actions,
}: {
  children: ReactNode;
  count?: number;
  actions?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-fg">
        {children}
        {count !== undefined && count > 0 && (
          <span className="rounded-full bg-surface-2 px-1.5 text-xs font-medium text-fg-muted">{count}</span>
        )}
      </h3>
      {actions && <div className="flex items-center gap-1">{actions}</div>}
    </div>
  );
}

const DATE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `YYYY-MM-DD` shown as a local date without a timezone shift. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return DATE.format(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "just now", "5 minutes ago", "3 days ago", then the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return DATE.format(new Date(iso));
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function userName(
  user: { display_name: string; first_name: string; last_name: string } | undefined,
): string {
  if (!user) return 'Unknown member';
  return `${user.first_name} ${user.last_name}`.trim() || user.display_name || 'Unknown member';
}
