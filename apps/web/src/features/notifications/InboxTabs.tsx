import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import type { InboxFilter } from './inboxFilter.ts';

const TABS: { tab: InboxFilter['tab']; label: string }[] = [
  { tab: 'all', label: 'All' },
  { tab: 'mentions', label: 'Mentions' },
];

/** All notifications, or only those where someone mentioned me (with their unread count). */
export function InboxTabs({
  filter,
  mentions,
  onChange,
}: {
  filter: InboxFilter;
  mentions: number;
  onChange: (filter: InboxFilter) => void;
}) {
  return (
    <div role="tablist" aria-label="Notification tabs" className={tabBarClass}>
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={filter.tab === tab}
          onClick={() => filter.tab !== tab && onChange({ ...filter, tab })}
          className={tabClass(filter.tab === tab)}
        >
          {label}
          {tab === 'mentions' && mentions > 0 && (
            <span className="rounded-full bg-surface-3 px-1.5 text-[10px] leading-4 font-semibold text-fg-muted">
              {mentions > 99 ? '99+' : mentions}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
