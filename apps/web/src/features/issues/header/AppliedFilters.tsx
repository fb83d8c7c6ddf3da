import { X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Button } from '../../../ui/Button.tsx';
import type { IssueView } from '../IssueView.ts';
import { activeFilterEntries } from '../store/displayFilters.ts';
import { dateFilterLabel, FILTER_LABELS, filterValueLabel } from './FiltersMenu.tsx';

/** The filters in force as chips, each value removable, with "Clear all". */
export const AppliedFilters = observer(function AppliedFilters({ view }: { view: IssueView }) {
  const entries = activeFilterEntries(view.filters);
  if (entries.length === 0) return null;
  return (
    <section
      className="flex flex-wrap items-center gap-2 border-b border-border px-6 py-2"
      aria-label="Applied filters"
    >
      {entries.map(([key, values]) => {
        const isDate = key === 'start_date' || key === 'target_date';
        return (
          <div
            key={key}
            className="flex items-center gap-1 rounded-md border border-border bg-surface px-2 py-0.5 text-xs"
          >
            <span className="text-fg-muted">{FILTER_LABELS[key] ?? key}:</span>
            {isDate ? (
              <Chip label={dateFilterLabel(values)} onRemove={() => void view.setFilters({ [key]: null })} />
            ) : (
              values.map((value) => (
                <Chip
                  key={value}
                  label={filterValueLabel(view, key, value)}
                  onRemove={() => void view.setFilters({ [key]: values.filter((v) => v !== value) })}
                />
              ))
            )}
          </div>
        );
      })}
      <Button variant="ghost" size="sm" onClick={() => void view.clearFilters()}>
        Clear all
      </Button>
    </section>
  );
});

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded bg-surface-2 py-0.5 pr-0.5 pl-1.5 text-fg">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove filter ${label}`}
        className="rounded p-0.5 text-fg-subtle hover:bg-surface-3 hover:text-fg"
      >
        <X className="size-3" aria-hidden />
      </button>
    </span>
  );
}
