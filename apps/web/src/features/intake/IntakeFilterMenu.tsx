import type { IntakeOrdering, UserLite } from '@kite/shared/contracts';
import type { IntakeStatus } from '@kite/shared/domain';
import { ArrowDownUp, ListFilter } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
} from '../../ui/Menu.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { userName } from '../issues/detail/parts.tsx';
import { DATE_PRESETS, PRIORITY_ORDER } from '../issues/store/displayFilters.ts';
import { PRIORITY_LABELS, PriorityIcon } from '../public-board/PriorityIcon.tsx';
import { STATUS_LABELS } from './intakeFormat.ts';
import {
  activeFilterCount,
  CREATED_PRESETS,
  type CreatedPreset,
  EMPTY_INTAKE_FILTERS,
  INTAKE_ORDER_CHOICES,
  type IntakeFilters,
  type IntakeQuery,
  TAB_STATUSES,
} from './intakeQuery.ts';

/** Keeps a multi-select menu open while its boxes are ticked. */
const stayOpen = (event: Event) => event.preventDefault();

const toggle = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** The people who can be filtered by: the project's members, by name. */
function useProjectPeople(slug: string, projectId: string): UserLite[] {
  const { members, projects } = useStores();
  const users = new Map(members.membersOf(slug).map((m) => [m.member.id, m.member]));
  return projects
    .membersOf(projectId)
    .filter((m) => m.is_active)
    .map((m) => users.get(m.member))
    .filter((u): u is UserLite => !!u && !u.is_bot)
    .sort((a, b) => userName(a).localeCompare(userName(b)));
}

/** The inbox's filters: status within the tab, priority, assignees, labels and the created date. */
export const IntakeFilterMenu = observer(function IntakeFilterMenu({
  slug,
  query,
  onChange,
}: {
  slug: string;
  query: IntakeQuery;
  onChange: (filters: IntakeFilters) => void;
}) {
  const { labels } = useStores();
  const { filters } = query;
  const active = activeFilterCount(query);
  const people = useProjectPeople(slug, query.projectId);
  const projectLabels = labels.labelsOf(query.projectId);
  const set = (patch: Partial<IntakeFilters>) => onChange({ ...filters, ...patch });
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
      <MenuContent align="end" className="w-60">
        <MenuLabel>Status</MenuLabel>
        {TAB_STATUSES[query.tab].map((status: IntakeStatus) => (
          <MenuCheckboxItem
            key={status}
            checked={filters.status.includes(status)}
            onSelect={stayOpen}
            onCheckedChange={() => set({ status: toggle(filters.status, status) })}
          >
            {STATUS_LABELS[status]}
          </MenuCheckboxItem>
        ))}
        <MenuSeparator />
        <MenuSub>
          <MenuSubTrigger>
            Priority
            {filters.priority.length > 0 && <Count n={filters.priority.length} />}
          </MenuSubTrigger>
          <MenuSubContent>
            {PRIORITY_ORDER.map((priority) => (
              <MenuCheckboxItem
                key={priority}
                checked={filters.priority.includes(priority)}
                onSelect={stayOpen}
                onCheckedChange={() => set({ priority: toggle(filters.priority, priority) })}
              >
                <PriorityIcon priority={priority} />
                {PRIORITY_LABELS[priority]}
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>
            Assignees
            {filters.assignees.length > 0 && <Count n={filters.assignees.length} />}
          </MenuSubTrigger>
          <MenuSubContent>
            {people.length === 0 && <p className="px-2 py-1.5 text-xs text-fg-subtle">No members</p>}
            {people.map((user) => (
              <MenuCheckboxItem
                key={user.id}
                checked={filters.assignees.includes(user.id)}
                onSelect={stayOpen}
                onCheckedChange={() => set({ assignees: toggle(filters.assignees, user.id) })}
              >
                <Avatar name={userName(user)} src={user.avatar_url} size="xs" />
                <span className="truncate">{userName(user)}</span>
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>
            Labels
            {filters.labels.length > 0 && <Count n={filters.labels.length} />}
          </MenuSubTrigger>
          <MenuSubContent>
            {projectLabels.length === 0 && <p className="px-2 py-1.5 text-xs text-fg-subtle">No labels</p>}
            {projectLabels.map((label) => (
              <MenuCheckboxItem
                key={label.id}
                checked={filters.labels.includes(label.id)}
                onSelect={stayOpen}
                onCheckedChange={() => set({ labels: toggle(filters.labels, label.id) })}
              >
                <span
                  aria-hidden
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: label.color }}
                />
                <span className="truncate">{label.name}</span>
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>
            Created date
            {filters.created && <Count n={1} />}
          </MenuSubTrigger>
          <MenuSubContent>
            <MenuRadioGroup
              value={filters.created ?? 'any'}
              onValueChange={(value) => set({ created: value === 'any' ? null : (value as CreatedPreset) })}
            >
              <MenuRadioItem value="any">Any time</MenuRadioItem>
              {CREATED_PRESETS.map((preset) => (
                <MenuRadioItem key={preset} value={preset}>
                  {DATE_PRESETS.find((p) => p.value === preset)?.label ?? preset}
                </MenuRadioItem>
              ))}
            </MenuRadioGroup>
          </MenuSubContent>
        </MenuSub>
        {active > 0 && (
          <>
            <MenuSeparator />
            <MenuItem onSelect={() => onChange(EMPTY_INTAKE_FILTERS)}>Clear filters</MenuItem>
          </>
        )}
      </MenuContent>
    </Menu>
  );
});

function Count({ n }: { n: number }) {
  return <span className="ml-auto rounded-full bg-surface-2 px-1.5 text-xs text-fg-muted">{n}</span>;
}

/** The inbox's order: created (newest first by default), updated or sequence id, either way. */
export function IntakeOrderMenu({
  orderBy,
  onChange,
}: {
  orderBy: IntakeOrdering;
  onChange: (orderBy: IntakeOrdering) => void;
}) {
  const current = INTAKE_ORDER_CHOICES.find((c) => c.value === orderBy) ?? INTAKE_ORDER_CHOICES[0]!;
  return (
    <Menu modal={false}>
      <Tooltip content={`Order: ${current.label}`}>
        <MenuTrigger asChild>
          <IconButton size="sm" variant="secondary" label={`Order: ${current.label}`}>
            <ArrowDownUp className="size-3.5" aria-hidden />
          </IconButton>
        </MenuTrigger>
      </Tooltip>
      <MenuContent align="end">
        <MenuLabel>Order by</MenuLabel>
        <MenuRadioGroup value={orderBy} onValueChange={(value) => onChange(value as IntakeOrdering)}>
          {INTAKE_ORDER_CHOICES.map((choice) => (
            <MenuRadioItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
