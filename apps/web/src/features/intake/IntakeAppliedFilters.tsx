import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { userName } from '../issues/detail/parts.tsx';
import { AppliedFiltersBar, FilterChip, FilterChipGroup } from '../issues/header/FilterChips.tsx';
import { DATE_PRESETS } from '../issues/store/displayFilters.ts';
import { PRIORITY_LABELS } from '../public-board/PriorityIcon.tsx';
import { STATUS_LABELS } from './intakeFormat.ts';
import {
  activeFilterCount,
  EMPTY_INTAKE_FILTERS,
  type IntakeFilters,
  type IntakeQuery,
  TAB_STATUSES,
} from './intakeQuery.ts';

/** The inbox's filters in force as removable chips, as the work-item lists show theirs. */
export const IntakeAppliedFilters = observer(function IntakeAppliedFilters({
  slug,
  query,
  onChange,
}: {
  slug: string;
  query: IntakeQuery;
  onChange: (filters: IntakeFilters) => void;
}) {
  const { members, labels } = useStores();
  if (activeFilterCount(query) === 0) return null;
  const { filters } = query;
  const set = (patch: Partial<IntakeFilters>) => onChange({ ...filters, ...patch });
  const without = <T,>(list: readonly T[], value: T) => list.filter((v) => v !== value);
  const statuses = filters.status.filter((s) => TAB_STATUSES[query.tab].includes(s));
  const person = (id: string) => {
    const user = members.membersOf(slug).find((m) => m.member.id === id)?.member;
    return user ? userName(user) : 'Removed member';
  };
  const labelName = (id: string) =>
    labels.labelsOf(query.projectId).find((l) => l.id === id)?.name ?? 'Removed label';
  const groups: { label: string; chips: { key: string; label: string; remove: () => void }[] }[] = [
    {
      label: 'Status',
      chips: statuses.map((s) => ({
        key: String(s),
        label: STATUS_LABELS[s],
        remove: () => set({ status: without(filters.status, s) }),
      })),
    },
    {
      label: 'Priority',
      chips: filters.priority.map((p) => ({
        key: p,
        label: PRIORITY_LABELS[p] ?? p,
        remove: () => set({ priority: without(filters.priority, p) }),
      })),
    },
    {
      label: 'Assignees',
      chips: filters.assignees.map((id) => ({
        key: id,
        label: person(id),
        remove: () => set({ assignees: without(filters.assignees, id) }),
      })),
    },
    {
      label: 'Labels',
      chips: filters.labels.map((id) => ({
        key: id,
        label: labelName(id),
        remove: () => set({ labels: without(filters.labels, id) }),
      })),
    },
    {
      label: 'Created',
      chips: filters.created
        ? [
            {
              key: filters.created,
              label: DATE_PRESETS.find((p) => p.value === filters.created)?.label ?? filters.created,
              remove: () => set({ created: null }),
            },
          ]
        : [],
    },
  ];
  return (
    <AppliedFiltersBar onClearAll={() => onChange(EMPTY_INTAKE_FILTERS)}>
      {groups
        .filter((g) => g.chips.length > 0)
        .map((g) => (
          <FilterChipGroup key={g.label} label={g.label}>
            {g.chips.map((chip) => (
              <FilterChip key={chip.key} label={chip.label} onRemove={chip.remove} />
            ))}
          </FilterChipGroup>
        ))}
    </AppliedFiltersBar>
  );
});
