import type { WidgetDuration, WidgetFilters } from '@kite/shared/contracts';
import { useState } from 'react';
import { DURATION_LABELS } from './greeting.ts';

/**
 * A list widget's due-date filter: a preset, or a custom range of two dates that is saved once
 * both are set and in order (choosing "Custom range…" alone changes nothing yet).
 */
export function DueFilter({
  title,
  filters,
  onChange,
}: {
  title: string;
  filters: WidgetFilters;
  onChange: (filters: WidgetFilters) => void;
}) {
  const saved = filters.duration ?? 'none';
  const [choosingRange, setChoosingRange] = useState(false);
  const [from, setFrom] = useState(filters.custom_dates?.[0] ?? '');
  const [to, setTo] = useState(filters.custom_dates?.[1] ?? '');
  const showRange = choosingRange || saved === 'custom';
  const outOfOrder = from !== '' && to !== '' && from > to;

  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      <select
        aria-label={`${title}: due`}
        value={showRange ? 'custom' : saved}
        onChange={(e) => {
          const duration = e.target.value as WidgetDuration;
          setChoosingRange(duration === 'custom');
          if (duration !== 'custom') onChange({ duration });
        }}
        className="rounded-md border border-border bg-canvas px-1.5 py-1 text-xs text-fg-muted"
      >
        {Object.entries(DURATION_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {showRange && (
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (!from || !to || outOfOrder) return;
            setChoosingRange(false);
            onChange({ duration: 'custom', custom_dates: [from, to] });
          }}
        >
          <input
            type="date"
            aria-label={`${title}: due from`}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="rounded-md border border-border bg-canvas px-1 py-0.5 text-xs text-fg"
          />
          <span className="text-xs text-fg-subtle">–</span>
          <input
            type="date"
            aria-label={`${title}: due until`}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={outOfOrder || undefined}
            className="rounded-md border border-border bg-canvas px-1 py-0.5 text-xs text-fg aria-[invalid]:border-danger"
          />
          <button
            type="submit"
            disabled={!from || !to || outOfOrder}
            className="rounded-md border border-border px-1.5 py-0.5 text-xs text-fg hover:bg-surface disabled:opacity-40"
          >
            Apply
          </button>
          {outOfOrder && (
            <span role="alert" className="text-xs text-danger">
              The start cannot be after the end
            </span>
          )}
        </form>
      )}
    </div>
  );
}
