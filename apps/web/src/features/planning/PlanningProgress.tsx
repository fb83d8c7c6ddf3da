import type { PlanningAnalytics } from '@kite/shared/contracts';
import clsx from 'clsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { burndownSeries } from './burndownSeries.ts';

/** recharts is big: the chart is its own chunk, loaded when a panel first shows it. */
const BurndownChart = lazy(() => import('./BurndownChart.tsx'));

/**
 * A cycle's or module's burndown (by work items, or by points when the project estimates in
 * points) and who and what is in it, read through `load` again whenever `version` moves.
 */
export function PlanningProgress({
  range,
  noDates,
  pointsOn,
  load,
  version,
}: {
  range: { start: string | null; end: string | null };
  /** What the chart says without both dates. */
  noDates: string;
  pointsOn: boolean;
  load: (type: 'issues' | 'points') => Promise<PlanningAnalytics>;
  version: number;
}) {
  const [type, setType] = useState<'issues' | 'points'>('issues');
  const [analytics, setAnalytics] = useState<PlanningAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void version;
    load(type).then(
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
  }, [load, type, version]);

  return (
    <>
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
        {!range.start || !range.end ? (
          <p className="text-sm text-fg-muted">{noDates}</p>
        ) : error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : !analytics ? (
          <Spinner size="sm" label="Loading the burndown" />
        ) : (
          <Suspense fallback={<Spinner size="sm" label="Loading the chart" />}>
            <BurndownChart
              points={burndownSeries({ start: range.start, end: range.end }, analytics)}
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
    </>
  );
}

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
