import { AlarmClock, Archive, AtSign, BellOff, ListFilter } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { InboxFilter } from './inboxFilter.ts';

/** What an empty list says: nothing yet, nothing snoozed or archived, or nothing under the filters. */
export function InboxEmptyState({ filter, onClear }: { filter: InboxFilter; onClear: () => void }) {
  const className = 'm-6';
  if (filter.types.length || filter.read !== 'all')
    return (
      <EmptyState
        className={className}
        icon={<ListFilter className="size-5" />}
        title="No notifications match the filters"
        action={
          <Button size="sm" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  if (filter.view === 'snoozed')
    return (
      <EmptyState
        className={className}
        icon={<AlarmClock className="size-5" />}
        title="No snoozed notifications"
        description="Snoozed notifications wait here until their time comes, then return to the inbox."
      />
    );
  if (filter.view === 'archived')
    return (
      <EmptyState
        className={className}
        icon={<Archive className="size-5" />}
        title="No archived notifications"
        description="Notifications you archive are kept here."
      />
    );
  if (filter.tab === 'mentions')
    return (
      <EmptyState
        className={className}
        icon={<AtSign className="size-5" />}
        title="No mentions"
        description="When someone mentions you in a work item or a comment, it shows here."
      />
    );
  return (
    <EmptyState
      className={className}
      icon={<BellOff className="size-5" />}
      title="No notifications"
      description="Updates on work items you created, are assigned to or subscribe to show here."
    />
  );
}
