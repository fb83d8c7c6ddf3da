import { cycleRights, todayIn } from '@kite/shared/domain';
import { createLazyRoute, Link, useNavigate, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { ArrowRightLeft, CalendarRange, ChartLine, Inbox, MoreHorizontal, Pencil, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { useIssueShortcuts } from '../issues/actions.ts';
import { BoardBody } from '../issues/BoardBody.tsx';
import { IssuePeek } from '../issues/detail/IssuePeek.tsx';
import { useBoardDrops } from '../issues/dnd.ts';
import { AppliedFilters } from '../issues/header/AppliedFilters.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { FiltersMenu } from '../issues/header/FiltersMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import type { IssueView } from '../issues/IssueView.ts';
import { LazyCreateIssueDialog } from '../issues/LazyCreateIssueDialog.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { FavoriteToggle } from '../planning/PlanningParts.tsx';
import { useFollowItems } from '../planning/useFollowItems.ts';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
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
  const navigate = useNavigate();
  const [view] = useState(() =>
    cycleListView(stores, slug, projectId, cycleId, (issueId) =>
      navigate({
        to: ROUTE,
        params: { workspaceSlug: slug, projectId, cycleId },
        search: (prev: Record<string, unknown>) => ({ ...prev, peekId: issueId }),
      } as never),
    ),
  );
  const [panelOpen, setPanelOpen] = useState(true);
  const [dialog, setDialog] = useState<'edit' | 'transfer' | null>(null);
  useIssueShortcuts(view);
  useBoardDrops(view);
  useEffect(() => {
    if (!view.list) void view.fetch();
  }, [view]);

  // The figures follow the items: the cycle is read again when its items or their states change.
  const refresh = useCallback(
    () => stores.cycles.fetchOne(slug, projectId, cycleId),
    [stores, slug, projectId, cycleId],
  );
  const version = useFollowItems(view, refresh);

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
    <>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            <Link
              to="/$workspaceSlug/projects/$projectId/cycles"
              params={{ workspaceSlug: slug, projectId }}
              className="shrink-0 text-fg-muted hover:text-fg"
            >
              Cycles
            </Link>
            <span className="text-fg-subtle">/</span>
            <span className="truncate">{cycle.name}</span>
          </span>
        }
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} />
            <FiltersMenu view={view} />
            <DisplayMenu view={view} />
            {canEdit && open && (
              <Button variant="primary" size="sm" onClick={() => view.openCreate()}>
                <Plus className="size-3.5" aria-hidden /> New work item
              </Button>
            )}
            <IconButton
              size="sm"
              label={panelOpen ? 'Hide progress' : 'Show progress'}
              aria-pressed={panelOpen}
              onClick={() => setPanelOpen((o) => !o)}
            >
              <ChartLine className="size-3.5" aria-hidden />
            </IconButton>
            <FavoriteToggle
              on={cycle.is_favorite}
              toggle={() => stores.cycles.toggleFavorite(slug, projectId, cycle.id)}
            />
            {canEdit && (
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
            )}
          </>
        }
      />
      <div className="flex shrink-0 items-center gap-3 border-b border-border px-6 py-1.5 text-xs text-fg-muted">
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
      </div>
      {cycle.status === 'completed' && unfinished > 0 && canEdit && !cycle.archived_at && (
        <div className="flex items-center justify-between gap-2 border-b border-border bg-amber-500/10 px-4 py-2 text-sm">
          <span className="text-fg">
            This cycle has ended with {unfinished} unfinished work item{unfinished === 1 ? '' : 's'}.
          </span>
          <Button size="sm" variant="secondary" onClick={() => setDialog('transfer')}>
            <ArrowRightLeft className="size-3.5" aria-hidden /> Transfer
          </Button>
        </div>
      )}
      <AppliedFilters view={view} />
      <div className="flex min-h-0 flex-1">
        <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
          <BoardBody view={view} empty={<EmptyCycle view={view} open={open && canEdit} />} />
        </main>
        {panelOpen && <CycleProgressPanel slug={slug} cycle={cycle} version={version} />}
      </div>
      <LazyCreateIssueDialog view={view} />
      <IssuePeek
        slug={slug}
        projectId={projectId}
        route={ROUTE}
        ids={() => view.visibleIds}
        onMove={view.focus}
      />
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
    </>
  );
});

const EmptyCycle = observer(function EmptyCycle({ view, open }: { view: IssueView; open: boolean }) {
  return (
    <EmptyState
      icon={<Inbox className="size-5" />}
      title="No work items in this cycle"
      description="Create one here, or set the cycle of existing work items from their properties, the bulk bar, or by dragging them into the cycle's group."
      action={
        open ? (
          <Button variant="primary" onClick={() => view.openCreate()}>
            <Plus className="size-3.5" aria-hidden /> Create work item
          </Button>
        ) : undefined
      }
    />
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
