import { X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Button } from '../../../ui/Button.tsx';
import type { IssueView } from '../IssueView.ts';
import { activeFilterEntries } from '../store/displayFilters.ts';
import { dateFilterLabel, FILTER_LABELS, filterValueLabel, removedFilterValue } from './filterValues.ts';

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
              values.map((value) => {
                const removed = removedFilterValue(view, key, value);
                return (
                  <Chip
                    key={value}
                    label={removed ?? filterValueLabel(view, key, value)}
                    removed={removed !== null}
                    onRemove={() => void view.setFilters({ [key]: values.filter((v) => v !== value) })}
                  />
                );
              })
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

/** One value; `removed` (a deleted label, state or member a saved filter still names) is struck through. */
function Chip({ label, removed, onRemove }: { label: string; removed?: boolean; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded bg-surface-2 py-0.5 pr-0.5 pl-1.5 text-fg">
      {removed ? (
        <s className="text-fg-muted" title="It no longer exists: the filter matches nothing by it">
          {label}
        </s>
      ) : (
        label
      )}
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
