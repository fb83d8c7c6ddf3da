import type { Cycle, CycleAnalytics } from '@kite/shared/contracts';
import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { PlanningTotals } from '../planning/PlanningTotals.tsx';
import { burndownSeries } from './burndownSeries.ts';

/** recharts is big: the chart is its own chunk, loaded when the panel first shows it. */
const BurndownChart = lazy(() => import('./BurndownChart.tsx'));

/** The cycle's progress beside its items: totals by state group, the burndown, who and what is in it. */
export const CycleProgressPanel = observer(function CycleProgressPanel({
  slug,
  cycle,
  version,
}: {
  slug: string;
  cycle: Cycle;
  /** Changes when the cycle's items change, so the figures are read again. */
  version: number;
}) {
  const { cycles, estimates, projects } = useStores();
  const project = projects.get(slug, cycle.project_id);
  const pointsOn = !!project?.estimate && estimates.isLoaded(cycle.project_id);
  const [type, setType] = useState<'issues' | 'points'>('issues');
  const [analytics, setAnalytics] = useState<CycleAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void version;
    cycles.analytics(slug, cycle.project_id, cycle.id, type).then(
      (answer) => {
        if (!current) return;
        setAnalytics(answer);
        setError(null);
      },
      (failure) => current && setError(errorMessage(failure, 'The progress could not be loaded')),
    );
    return () => {
      current = false;
    };
  }, [cycles, slug, cycle.project_id, cycle.id, type, version]);

  return (
    <aside
      aria-label="Cycle progress"
      className="flex w-80 shrink-0 flex-col gap-5 overflow-y-auto border-l border-border p-4"
    >
      <PlanningTotals totals={cycle} points={pointsOn} />

      <section aria-label="Burndown">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-sm font-semibold text-fg">Burndown</h2>
          {pointsOn && (
            <fieldset className="flex rounded-md border border-border text-xs" aria-label="Measure">
              {(['issues', 'points'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  aria-pressed={type === t}
                  onClick={() => setType(t)}
                  className={clsx('px-2 py-0.5', type === t ? 'bg-surface-2 text-fg' : 'text-fg-muted')}
                >
                  {t === 'issues' ? 'Work items' : 'Points'}
                </button>
              ))}
            </fieldset>
          )}
        </div>
        {!cycle.start_date || !cycle.end_date ? (
          <p className="text-sm text-fg-muted">Give the cycle dates to see its burndown.</p>
        ) : error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : !analytics ? (
          <Spinner size="sm" label="Loading the burndown" />
        ) : (
          <Suspense fallback={<Spinner size="sm" label="Loading the chart" />}>
            <BurndownChart
              points={burndownSeries({ start_date: cycle.start_date, end_date: cycle.end_date }, analytics)}
              unit={type === 'issues' ? 'work items' : 'points'}
            />
          </Suspense>
        )}
      </section>

      {analytics && (
        <>
          <Breakdown
            title="Assignees"
            rows={analytics.distribution.assignees.map((a) => ({
              key: a.assignee_id ?? 'none',
              label: a.display_name ?? 'No assignee',
              done: a.completed_issues,
              total: a.total_issues,
            }))}
          />
          <Breakdown
            title="Labels"
            rows={analytics.distribution.labels.map((l) => ({
              key: l.label_id ?? 'none',
              label: l.label_name ?? 'No label',
              color: l.color ?? undefined,
              done: l.completed_issues,
              total: l.total_issues,
            }))}
          />
        </>
      )}
    </aside>
  );
});

function Breakdown({
  title,
  rows,
}: {
  title: string;
  rows: { key: string; label: string; color?: string; done: number; total: number }[];
}) {
  return (
    <section aria-label={title}>
      <h2 className="mb-1.5 text-sm font-semibold text-fg">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">No work items yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-1.5 truncate text-fg-muted">
                {row.color && (
                  <span
                    className="size-2 shrink-0 rounded-full"
                    style={{ background: row.color }}
                    aria-hidden
                  />
                )}
                {row.label}
              </span>
              <span className="text-fg tabular-nums">
                {row.done}/{row.total}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
