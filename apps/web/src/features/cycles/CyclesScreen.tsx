import type { Cycle } from '@kite/shared/contracts';
import { type CycleRights, cycleRights, ROLE } from '@kite/shared/domain';
import { createLazyRoute, Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import clsx from 'clsx';
import { Archive, ArchiveRestore, CalendarRange, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { FavoriteToggle, ProgressMeter } from '../planning/PlanningParts.tsx';
import { ProjectSectionTitle } from '../projects/ProjectSectionTitle.tsx';
import { ActivePriorityItems } from './ActivePriorityItems.tsx';
import { CYCLE_TABS, type CycleTab } from './CycleStore.ts';
import { formatRange, STATUS_CLASSES, STATUS_LABELS } from './cycleFormat.ts';

const CycleDialog = lazy(() => import('./CycleDialog.tsx').then((m) => ({ default: m.CycleDialog })));

const TAB_LABELS: Record<CycleTab, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  completed: 'Completed',
  draft: 'Draft',
  archived: 'Archived',
};

const EMPTY: Record<CycleTab, { title: string; description: string }> = {
  active: {
    title: 'No active cycle',
    description:
      'A cycle is a time box for the team’s work. Create one that includes today to start a sprint.',
  },
  upcoming: { title: 'No upcoming cycles', description: 'Cycles that start in the future show here.' },
  completed: { title: 'No completed cycles', description: 'Cycles whose end date has passed show here.' },
  draft: { title: 'No draft cycles', description: 'Cycles without dates show here until they are planned.' },
  archived: {
    title: 'No archived cycles',
    description: 'Archive a completed cycle to tidy the list; it can be restored at any time.',
  },
};

const isTab = (value: unknown): value is CycleTab => CYCLE_TABS.includes(value as CycleTab);

/** A project's cycles: tabs by status, each cycle's dates and progress, create / edit / archive / delete. */
export const CyclesScreen = observer(function CyclesScreen({
  slug,
  projectId,
  tab,
}: {
  slug: string;
  projectId: string;
  tab: CycleTab;
}) {
  const stores = useStores();
  const project = stores.projects.get(slug, projectId);
  const [editing, setEditing] = useState<Cycle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Cycle | null>(null);
  useEffect(() => {
    if (tab === 'archived') stores.cycles.fetchArchived(slug, projectId).catch((e) => toastError(e));
  }, [stores, slug, projectId, tab]);
  if (!project) return <PageLoader label="Loading project" />;
  if (!project.cycle_view) return <FeatureOff slug={slug} project={project} feature="Cycles" />;
  const caller = { userId: stores.user.user?.id ?? '', role: project.member_role ?? 0 };
  const canCreate = caller.role >= ROLE.MEMBER;
  const cycles = stores.cycles.tabOf(projectId, tab);

  return (
    <>
      <PageHeader
        title={<ProjectSectionTitle slug={slug} project={project} section="Cycles" />}
        actions={
          canCreate && (
            <Button variant="primary" size="sm" onClick={() => setEditing('new')}>
              <Plus className="size-3.5" aria-hidden /> New cycle
            </Button>
          )
        }
      />
      <nav aria-label="Cycle tabs" className={tabBarClass}>
        {CYCLE_TABS.map((t) => (
          <Link
            key={t}
            to="/$workspaceSlug/projects/$projectId/cycles"
            params={{ workspaceSlug: slug, projectId }}
            search={t === 'active' ? {} : { tab: t }}
            aria-current={t === tab ? 'page' : undefined}
            className={tabClass(t === tab)}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <main className="min-h-0 flex-1 overflow-y-auto p-4" aria-label="Cycles">
        {cycles.length === 0 ? (
          <EmptyState
            icon={<CalendarRange className="size-5" />}
            title={EMPTY[tab].title}
            description={EMPTY[tab].description}
            action={
              canCreate && tab !== 'archived' && tab !== 'completed' ? (
                <Button variant="primary" onClick={() => setEditing('new')}>
                  <Plus className="size-3.5" aria-hidden /> Create cycle
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            aria-label={`${TAB_LABELS[tab]} cycles`}
          >
            {cycles.map((cycle) => (
              <CycleRow
                key={cycle.id}
                slug={slug}
                cycle={cycle}
                rights={cycleRights(cycle, caller)}
                onEdit={() => setEditing(cycle)}
                onDelete={() => setDeleting(cycle)}
              />
            ))}
          </ul>
        )}
        {tab === 'active' &&
          cycles
            .filter((cycle) => cycle.status === 'current' && !cycle.archived_at)
            .map((cycle) => <ActivePriorityItems key={cycle.id} slug={slug} cycle={cycle} />)}
      </main>
      {editing && (
        <Suspense fallback={null}>
          <CycleDialog
            slug={slug}
            projectId={projectId}
            cycle={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="Its work items stay in the project and leave the cycle. This cannot be undone."
        confirmLabel="Delete cycle"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await stores.cycles.remove(slug, projectId, deleting.id);
            toastSuccess('Cycle deleted');
            setDeleting(null);
          } catch (error) {
            toastError(error, 'The cycle could not be deleted');
            throw error;
          }
        }}
      />
    </>
  );
});

const CycleRow = observer(function CycleRow({
  slug,
  cycle,
  rights,
  onEdit,
  onDelete,
}: {
  slug: string;
  cycle: Cycle;
  rights: CycleRights;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { cycles } = useStores();
  const archived = !!cycle.archived_at;
  const { canEdit, canArchive, canDelete } = rights;
  const act = (work: () => Promise<unknown>, failure: string, success?: string) => () =>
    void work().then(
      () => success && toastSuccess(success),
      (error) => toastError(error, failure),
    );
  return (
    <li className="flex items-center gap-4 px-4 py-3 hover:bg-surface">
      <div className="min-w-0 flex-1">
        <Link
          to="/$workspaceSlug/projects/$projectId/cycles/$cycleId"
          params={{ workspaceSlug: slug, projectId: cycle.project_id, cycleId: cycle.id }}
          className="block truncate text-sm font-medium text-fg hover:underline"
        >
          {cycle.name}
        </Link>
        <p className="mt-0.5 text-xs text-fg-muted">{formatRange(cycle)}</p>
      </div>
      <ProgressMeter name={cycle.name} totals={cycle} />
      <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[cycle.status])}>
        {archived ? 'Archived' : STATUS_LABELS[cycle.status]}
      </span>
      <FavoriteToggle
        on={cycle.is_favorite}
        toggle={() => cycles.toggleFavorite(slug, cycle.project_id, cycle.id)}
      />
      {(canEdit || canArchive || canDelete) && (
        <Menu>
          <MenuTrigger asChild>
            <IconButton size="sm" label={`Actions for ${cycle.name}`}>
              <MoreHorizontal className="size-3.5" aria-hidden />
            </IconButton>
          </MenuTrigger>
          <MenuContent align="end">
            {canEdit && !archived && cycle.status !== 'completed' && (
              <MenuItem icon={<Pencil className="size-3.5" />} onSelect={onEdit}>
                Edit
              </MenuItem>
            )}
            {canArchive && !archived && cycle.status === 'completed' && (
              <MenuItem
                icon={<Archive className="size-3.5" />}
                onSelect={act(
                  () => cycles.archive(slug, cycle.project_id, cycle.id),
                  'The cycle could not be archived',
                  'Cycle archived',
                )}
              >
                Archive
              </MenuItem>
            )}
            {canArchive && archived && (
              <MenuItem
                icon={<ArchiveRestore className="size-3.5" />}
                onSelect={act(
                  () => cycles.restore(slug, cycle.project_id, cycle.id),
                  'The cycle could not be restored',
                  'Cycle restored',
                )}
              >
                Restore
              </MenuItem>
            )}
            {canDelete && (
              <MenuItem icon={<Trash2 className="size-3.5" />} tone="danger" onSelect={onDelete}>
                Delete
              </MenuItem>
            )}
          </MenuContent>
        </Menu>
      )}
    </li>
  );
});

function CyclesRouteScreen() {
  const { workspaceSlug = '', projectId = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  const tab = isTab(search.tab) ? search.tab : 'active';
  useEffect(() => {
    if (search.tab !== undefined && !isTab(search.tab)) void navigate({ to: '.', search: {} } as never);
  }, [search.tab, navigate]);
  return (
    <CyclesScreen
      key={`${workspaceSlug}/${projectId}`}
      slug={workspaceSlug}
      projectId={projectId}
      tab={tab}
    />
  );
}

/** The lazily loaded half of routes/CyclesRoute.tsx (the list). */
export const CyclesLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/cycles')({
  component: CyclesRouteScreen,
});
