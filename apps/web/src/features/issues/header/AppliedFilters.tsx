import { observer } from 'mobx-react-lite';
import type { IssueView } from '../IssueView.ts';
import { activeFilterEntries } from '../store/displayFilters.ts';
import { AppliedFiltersBar, FilterChip, FilterChipGroup } from './FilterChips.tsx';
import { dateFilterLabel, FILTER_LABELS, filterValueLabel, removedFilterValue } from './filterValues.ts';

/** The filters in force as chips, each value removable, with "Clear all". */
export const AppliedFilters = observer(function AppliedFilters({ view }: { view: IssueView }) {
  const entries = activeFilterEntries(view.filters);
  if (entries.length === 0) return null;
  return (
    <AppliedFiltersBar onClearAll={() => void view.clearFilters()}>
      {entries.map(([key, values]) => (
        <FilterChipGroup key={key} label={FILTER_LABELS[key] ?? key}>
          {key === 'start_date' || key === 'target_date' ? (
            <FilterChip
              label={dateFilterLabel(values)}
              onRemove={() => void view.setFilters({ [key]: null })}
            />
          ) : (
            values.map((value) => {
              const removed = removedFilterValue(view, key, value);
              return (
                <FilterChip
                  key={value}
                  label={removed ?? filterValueLabel(view, key, value)}
                  removed={removed !== null}
                  onRemove={() => void view.setFilters({ [key]: values.filter((v) => v !== value) })}
                />
              );
            })
          )}
        </FilterChipGroup>
      ))}
    </AppliedFiltersBar>
  );
});
