import type { PlanningTotals } from '@kite/shared/contracts';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { IconButton } from '../../ui/Button.tsx';
import { toastError } from '../../ui/toast.ts';
import { progressPercent } from './PlanningTotals.tsx';

/** A cycle's or module's row meter: done share as a bar, done / all as figures. */
export function ProgressMeter({ name, totals }: { name: string; totals: PlanningTotals }) {
  const percent = progressPercent(totals);
  return (
    <div className="hidden w-40 items-center gap-2 sm:flex" title={`${percent}% done`}>
      <div
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-label={`${name} progress`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-16 text-right text-xs text-fg-muted tabular-nums">
        {totals.completed_issues + totals.cancelled_issues}/{totals.total_issues}
      </span>
    </div>
  );
}

/** The star of a favorite; `toggle` applies at once and rolls back (the store's job), a refusal is toasted. */
export function FavoriteToggle({ on, toggle }: { on: boolean; toggle: () => Promise<void> }) {
  return (
    <IconButton
      size="sm"
      label={on ? 'Remove from favorites' : 'Add to favorites'}
      aria-pressed={on}
      onClick={() => void toggle().catch((error) => toastError(error, 'The favorite could not be saved'))}
    >
      <Star className={clsx('size-3.5', on && 'fill-amber-400 text-amber-500')} aria-hidden />
    </IconButton>
  );
}
