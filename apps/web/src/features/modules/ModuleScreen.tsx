import { moduleRights } from '@kite/shared/domain';
import { createLazyRoute, Link, useNavigate, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { CalendarRange, ChartLine, Inbox, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
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
import { PlanningProgress } from '../planning/PlanningProgress.tsx';
import { PlanningTotals } from '../planning/PlanningTotals.tsx';
import { useFollowItems } from '../planning/useFollowItems.ts';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { ModuleLinks } from './ModuleLinks.tsx';
import { formatModuleDates, MODULE_STATUS_CLASSES, MODULE_STATUS_LABELS } from './moduleFormat.ts';
import { moduleListView } from './moduleList.ts';

const ROUTE = '/$workspaceSlug/projects/$projectId/modules/$moduleId';

/** A module's page: its work items in every layout, its progress and links beside them. */
export const ModuleScreen = observer(function ModuleScreen({
  slug,
  projectId,
  moduleId,
}: {
  slug: string;
  projectId: string;
  moduleId: string;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const [view] = useState(() =>
    moduleListView(stores, slug, projectId, moduleId, (issueId) =>
      navigate({
        to: ROUTE,
        params: { workspaceSlug: slug, projectId, moduleId },
        search: (prev: Record<string, unknown>) => ({ ...prev, peekId: issueId }),
      } as never),
    ),
  );
  const [panelOpen, setPanelOpen] = useState(true);
  useIssueShortcuts(view);
  useBoardDrops(view);
  useEffect(() => {
    if (!view.list) void view.fetch();
  }, [view]);

  // The figures follow the items: the module is read again when its items or their states change.
  const refresh = useCallback(
    () => stores.modules.fetchOne(slug, projectId, moduleId),
    [stores, slug, projectId, moduleId],
  );
  const version = useFollowItems(view, refresh);
  const loadAnalytics = useCallback(
    (type: 'issues' | 'points') => stores.modules.analytics(slug, projectId, moduleId, type),
    [stores, slug, projectId, moduleId],
  );

  const project = view.project;
  const module = stores.modules.find(moduleId);
  if (project && !project.module_view) return <FeatureOff slug={slug} project={project} feature="Modules" />;
  if (!project || !module) return <PageLoader label="Loading module" />;
  const { canEdit } = moduleRights(module, {
    userId: stores.user.user?.id ?? '',
    role: project.member_role ?? 0,
  });
  const open = !module.archived_at;
  const lead = module.lead_id
    ? stores.members.membersOf(slug).find((m) => m.member.id === module.lead_id)?.member
    : undefined;

  return (
    <>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            <Link
              to="/$workspaceSlug/projects/$projectId/modules"
              params={{ workspaceSlug: slug, projectId }}
              className="shrink-0 text-fg-muted hover:text-fg"
            >
              Modules
            </Link>
            <span className="text-fg-subtle">/</span>
            <span className="truncate">{module.name}</span>
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
              on={module.is_favorite}
              toggle={() => stores.modules.toggleFavorite(slug, projectId, module.id)}
            />
          </>
        }
      />
      <div className="flex shrink-0 items-center gap-3 border-b border-border px-6 py-1.5 text-xs text-fg-muted">
        <span className={clsx('rounded-full px-2 py-0.5 font-medium', MODULE_STATUS_CLASSES[module.status])}>
          {module.archived_at ? 'Archived' : MODULE_STATUS_LABELS[module.status]}
        </span>
        <span className="flex items-center gap-1">
          <CalendarRange className="size-3.5" aria-hidden />
          {formatModuleDates(module)}
        </span>
        {lead && <span>Lead: {lead.display_name}</span>}
      </div>
      <AppliedFilters view={view} />
      <div className="flex min-h-0 flex-1">
        <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
          <BoardBody view={view} empty={<EmptyModule view={view} open={open && canEdit} />} />
        </main>
        {panelOpen && (
          <aside
            aria-label="Module progress"
            className="flex w-80 shrink-0 flex-col gap-5 overflow-y-auto border-l border-border p-4"
          >
            <PlanningTotals totals={module} points={!!project.estimate} />
            <PlanningProgress
              range={{ start: module.start_date, end: module.target_date }}
              noDates="Give the module a start and a target date to see its burndown."
              pointsOn={!!project.estimate && stores.estimates.isLoaded(projectId)}
              load={loadAnalytics}
              version={version}
            />
            <ModuleLinks slug={slug} module={module} canEdit={canEdit} />
          </aside>
        )}
      </div>
      <LazyCreateIssueDialog view={view} />
      <IssuePeek
        slug={slug}
        projectId={projectId}
        route={ROUTE}
        ids={() => view.visibleIds}
        onMove={view.focus}
      />
    </>
  );
});

const EmptyModule = observer(function EmptyModule({ view, open }: { view: IssueView; open: boolean }) {
  return (
    <EmptyState
      icon={<Inbox className="size-5" />}
      title="No work items in this module"
      description="Create one here, or add existing work items to the module from their properties or the bulk bar."
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

function ModuleRouteScreen() {
  const { workspaceSlug = '', projectId = '', moduleId = '' } = useParams({ strict: false });
  return (
    <ModuleScreen
      key={`${workspaceSlug}/${projectId}/${moduleId}`}
      slug={workspaceSlug}
      projectId={projectId}
      moduleId={moduleId}
    />
  );
}

/** The lazily loaded half of the module route in routes/ModulesRoute.tsx. */
export const ModuleLazyRoute = createLazyRoute(
  '/authed/$workspaceSlug/projects/$projectId/modules/$moduleId',
)({
  component: ModuleRouteScreen,
});
