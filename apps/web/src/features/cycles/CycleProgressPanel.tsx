import type { Cycle } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { useCallback } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { PlanningProgress } from '../planning/PlanningProgress.tsx';
import { PlanningTotals } from '../planning/PlanningTotals.tsx';

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
  const load = useCallback(
    (type: 'issues' | 'points') => cycles.analytics(slug, cycle.project_id, cycle.id, type),
    [cycles, slug, cycle.project_id, cycle.id],
  );
  return (
    <aside
      aria-label="Cycle progress"
      className="flex w-80 shrink-0 flex-col gap-5 overflow-y-auto border-l border-border p-4"
    >
      <PlanningTotals totals={cycle} points={pointsOn} />
      <PlanningProgress
        range={{ start: cycle.start_date, end: cycle.end_date }}
        noDates="Give the cycle dates to see its burndown."
        pointsOn={pointsOn}
        load={load}
        version={version}
      />
    </aside>
  );
});
