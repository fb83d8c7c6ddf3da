import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button.tsx';

/** The filters in force as a row of chips with "Clear all" (the work-item lists and the intake). */
export function AppliedFiltersBar({ children, onClearAll }: { children: ReactNode; onClearAll: () => void }) {
  return (
    <section
      className="flex flex-wrap items-center gap-2 border-b border-border px-6 py-2"
      aria-label="Applied filters"
    >
      {children}
      <Button variant="ghost" size="sm" onClick={onClearAll}>
        Clear all
      </Button>
    </section>
  );
}

/** One filter's values under its name ("Priority: High ×  Low ×"). */
export function FilterChipGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1 rounded-md border border-border bg-surface px-2 py-0.5 text-xs">
      <span className="text-fg-muted">{label}:</span>
      {children}
    </div>
  );
}

/** One value; `removed` (a deleted label, state or member a saved filter still names) is struck through. */
export function FilterChip({
  label,
  removed,
  onRemove,
}: {
  label: string;
  removed?: boolean;
  onRemove: () => void;
}) {
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
