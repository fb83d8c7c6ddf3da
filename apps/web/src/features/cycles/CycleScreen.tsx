import { cycleRights, todayIn } from '@kite/shared/domain';
import { createLazyRoute, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { ArrowRightLeft, CalendarRange, MoreHorizontal, Pencil } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import {
  PlanningEmpty,
  PlanningItemLayout,
  type PlanningItemPage,
  usePlanningItemView,
} from '../planning/PlanningItemLayout.tsx';
import { CycleProgressPanel } from './CycleProgressPanel.tsx';
import { daysLeft, formatRange, STATUS_CLASSES, STATUS_LABELS } from './cycleFormat.ts';
import { cycleListView } from './cycleList.ts';

const CycleDialog = lazy(() => import('./CycleDialog.tsx').then((m) => ({ default: m.CycleDialog })));
const TransferDialog = lazy(() =>
  import('./TransferDialog.tsx').then((m) => ({ default: m.TransferDialog })),
);

const ROUTE = '/$workspaceSlug/projects/$projectId/cycles/$cycleId';

/** A cycle's page: its work items in every layout (the project's list, scoped), its progress beside them. */
export const CycleScreen = observer(function CycleScreen({
  slug,
  projectId,
  cycleId,
}: {
  slug: string;
  projectId: string;
  cycleId: string;
}) {
  const stores = useStores();
  const [page] = useState<PlanningItemPage>(() => ({
    kind: 'cycles',
    route: ROUTE,
    params: { workspaceSlug: slug, projectId, cycleId },
    makeView: (root, onOpen) => cycleListView(root, slug, projectId, cycleId, onOpen),
    refresh: () => stores.cycles.fetchOne(slug, projectId, cycleId),
  }));
  const { view, version } = usePlanningItemView(page);
  const [dialog, setDialog] = useState<'edit' | 'transfer' | null>(null);

  const project = view.project;
  const cycle = stores.cycles.find(cycleId);
  if (project && !project.cycle_view) return <FeatureOff slug={slug} project={project} feature="Cycles" />;
  if (!project || !cycle) return <PageLoader label="Loading cycle" />;
  const { canEdit } = cycleRights(cycle, {
    userId: stores.user.user?.id ?? '',
    role: project.member_role ?? 0,
  });
  const open = cycle.status !== 'completed' && !cycle.archived_at;
  const left = daysLeft(cycle, todayIn(cycle.timezone));
  const unfinished = cycle.backlog_issues + cycle.unstarted_issues + cycle.started_issues;

  return (
    <PlanningItemLayout
      slug={slug}
      project={project}
      page={page}
      view={view}
      listLabel="Cycles"
      name={cycle.name}
      canCreate={canEdit && open}
      favorite={{
        on: cycle.is_favorite,
        toggle: () => stores.cycles.toggleFavorite(slug, projectId, cycle.id),
      }}
      actions={
        canEdit && (
          <Menu>
            <MenuTrigger asChild>
              <IconButton size="sm" label="Cycle actions">
                <MoreHorizontal className="size-3.5" aria-hidden />
              </IconButton>
            </MenuTrigger>
            <MenuContent align="end">
              {open && (
                <MenuItem icon={<Pencil className="size-3.5" />} onSelect={() => setDialog('edit')}>
                  Edit cycle
                </MenuItem>
              )}
              {cycle.status === 'completed' && (
                <MenuItem
                  icon={<ArrowRightLeft className="size-3.5" />}
                  disabled={unfinished === 0}
                  onSelect={() => setDialog('transfer')}
                >
                  Transfer unfinished work items
                </MenuItem>
              )}
            </MenuContent>
          </Menu>
        )
      }
      facts={
        <>
          <span className={clsx('rounded-full px-2 py-0.5 font-medium', STATUS_CLASSES[cycle.status])}>
            {cycle.archived_at ? 'Archived' : STATUS_LABELS[cycle.status]}
          </span>
          <span className="flex items-center gap-1">
            <CalendarRange className="size-3.5" aria-hidden />
            {formatRange(cycle)}
          </span>
          {left !== null && left >= 0 && (
            <span>{left === 0 ? 'Last day' : `${left} day${left === 1 ? '' : 's'} left`}</span>
          )}
          {cycle.description && <span className="min-w-0 truncate">{cycle.description}</span>}
        </>
      }
      banner={
        cycle.status === 'completed' &&
        unfinished > 0 &&
        canEdit &&
        !cycle.archived_at && (
          <div className="flex items-center justify-between gap-2 border-b border-border bg-amber-500/10 px-4 py-2 text-sm">
            <span className="text-fg">
              This cycle has ended with {unfinished} unfinished work item{unfinished === 1 ? '' : 's'}.
            </span>
            <Button size="sm" variant="secondary" onClick={() => setDialog('transfer')}>
              <ArrowRightLeft className="size-3.5" aria-hidden /> Transfer
            </Button>
          </div>
        )
      }
      panel={<CycleProgressPanel slug={slug} cycle={cycle} version={version} />}
      empty={
        <PlanningEmpty
          view={view}
          canCreate={open && canEdit}
          title="No work items in this cycle"
          description="Create one here, or set the cycle of existing work items from their properties, the bulk bar, or by dragging them into the cycle's group."
        />
      }
    >
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'edit' ? (
            <CycleDialog slug={slug} projectId={projectId} cycle={cycle} onClose={() => setDialog(null)} />
          ) : (
            <TransferDialog
              slug={slug}
              cycle={cycle}
              onClose={() => setDialog(null)}
              onDone={() => void view.fetch('mutation')}
            />
          )}
        </Suspense>
      )}
    </PlanningItemLayout>
  );
});

function CycleRouteScreen() {
  const { workspaceSlug = '', projectId = '', cycleId = '' } = useParams({ strict: false });
  return (
    <CycleScreen
      key={`${workspaceSlug}/${projectId}/${cycleId}`}
      slug={workspaceSlug}
      projectId={projectId}
      cycleId={cycleId}
    />
  );
}

/** The lazily loaded half of the cycle route in routes/CyclesRoute.tsx. */
export const CycleLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/cycles/$cycleId')({
  component: CycleRouteScreen,
});
