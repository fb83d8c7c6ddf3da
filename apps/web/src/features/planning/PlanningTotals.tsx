import type { PlanningTotals as Totals } from '@kite/shared/contracts';
import { STATE_GROUP_COLORS } from '@kite/shared/domain';

const GROUPS = [
  ['backlog_issues', 'backlog', 'Backlog'],
  ['unstarted_issues', 'unstarted', 'Unstarted'],
  ['started_issues', 'started', 'Started'],
  ['completed_issues', 'completed', 'Completed'],
  ['cancelled_issues', 'cancelled', 'Cancelled'],
] as const;

/** Share of the items that are done, 0–100 (cancelled ones count as done). */
export function progressPercent(
  totals: Pick<Totals, 'total_issues' | 'completed_issues' | 'cancelled_issues'>,
) {
  if (totals.total_issues === 0) return 0;
  return Math.round(((totals.completed_issues + totals.cancelled_issues) / totals.total_issues) * 100);
}

/** A cycle's or module's items by state group: a stacked bar and the figures, with points when on. */
export function PlanningTotals({ totals, points }: { totals: Totals; points: boolean }) {
  const percent = progressPercent(totals);
  return (
    <section aria-label="Totals">
      <div className="flex items-baseline justify-between">
        <h2 className="text-sm font-semibold text-fg">Progress</h2>
        <span className="text-sm text-fg-muted tabular-nums">{percent}% done</span>
      </div>
      <div className="mt-2 flex h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden>
        {GROUPS.map(([key, group]) =>
          totals[key] > 0 ? (
            <div
              key={key}
              style={{
                width: `${(totals[key] / totals.total_issues) * 100}%`,
                background: STATE_GROUP_COLORS[group],
              }}
            />
          ) : null,
        )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {GROUPS.map(([key, group, label]) => (
          <div key={key} className="flex items-center justify-between gap-2">
            <dt className="flex items-center gap-1.5 text-fg-muted">
              <span
                className="size-2 rounded-full"
                style={{ background: STATE_GROUP_COLORS[group] }}
                aria-hidden
              />
              {label}
            </dt>
            <dd className="text-fg tabular-nums">{totals[key]}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-2">
          <dt className="text-fg-muted">Total</dt>
          <dd className="text-fg tabular-nums">{totals.total_issues}</dd>
        </div>
      </dl>
      {points && (
        <p className="mt-2 text-xs text-fg-muted">
          {totals.completed_estimate_points} of {totals.total_estimate_points} points done
        </p>
      )}
    </section>
  );
}
