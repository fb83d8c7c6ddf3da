import { ListFilter } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from '../../ui/Menu.tsx';
import {
  type InboxFilter,
  type InboxView,
  NOTIFICATION_TYPES,
  type NotificationType,
} from './inboxFilter.ts';

const TYPE_LABELS: Record<NotificationType, string> = {
  assigned: 'Assigned to me',
  created: 'Created by me',
  subscribed: 'Subscribed by me',
};

const VIEW_LABELS: Record<InboxView, string> = {
  inbox: 'Inbox',
  snoozed: 'Snoozed',
  archived: 'Archived',
};

/** How many choices differ from the plain inbox (the button's count). */
export function activeFilterCount(filter: InboxFilter): number {
  return filter.types.length + Number(filter.read !== 'all') + Number(filter.view !== 'inbox');
}

/** The inbox's filters: why it reached me, read or unread, and the snoozed or archived ones. */
export function InboxFilterMenu({
  filter,
  onChange,
}: {
  filter: InboxFilter;
  onChange: (filter: InboxFilter) => void;
}) {
  const active = activeFilterCount(filter);
  const toggleType = (type: NotificationType) =>
    onChange({
      ...filter,
      types: filter.types.includes(type) ? filter.types.filter((t) => t !== type) : [...filter.types, type],
    });
  return (
    <Menu modal={false}>
      <MenuTrigger asChild>
        <Button size="sm" aria-label={active ? `Filters, ${active} applied` : 'Filters'}>
          <ListFilter className="size-3.5" aria-hidden />
          Filters
          {active > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-[10px] leading-4 font-semibold text-primary-fg">
              {active}
            </span>
          )}
        </Button>
      </MenuTrigger>
      <MenuContent align="end">
        <MenuLabel>Type</MenuLabel>
        {NOTIFICATION_TYPES.map((type) => (
          <MenuCheckboxItem
            key={type}
            checked={filter.types.includes(type)}
            onCheckedChange={() => toggleType(type)}
            onSelect={(event) => event.preventDefault()}
          >
            {TYPE_LABELS[type]}
          </MenuCheckboxItem>
        ))}
        <MenuSeparator />
        <MenuLabel>Show</MenuLabel>
        <MenuRadioGroup
          value={filter.read}
          onValueChange={(read) => onChange({ ...filter, read: read as InboxFilter['read'] })}
        >
          <MenuRadioItem value="all">Read and unread</MenuRadioItem>
          <MenuRadioItem value="unread">Unread only</MenuRadioItem>
          <MenuRadioItem value="read">Read only</MenuRadioItem>
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuLabel>View</MenuLabel>
        <MenuRadioGroup
          value={filter.view}
          onValueChange={(view) => onChange({ ...filter, view: view as InboxView })}
        >
          {(Object.keys(VIEW_LABELS) as InboxView[]).map((view) => (
            <MenuRadioItem key={view} value={view}>
              {VIEW_LABELS[view]}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
