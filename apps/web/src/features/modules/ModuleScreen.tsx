import { moduleRights } from '@kite/shared/domain';
import { createLazyRoute, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { CalendarRange } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useCallback, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import {
  PlanningEmpty,
  PlanningItemLayout,
  type PlanningItemPage,
  usePlanningItemView,
} from '../planning/PlanningItemLayout.tsx';
import { PlanningProgress } from '../planning/PlanningProgress.tsx';
import { PlanningTotals } from '../planning/PlanningTotals.tsx';
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
  const [page] = useState<PlanningItemPage>(() => ({
    kind: 'modules',
    route: ROUTE,
    params: { workspaceSlug: slug, projectId, moduleId },
    makeView: (root, onOpen) => moduleListView(root, slug, projectId, moduleId, onOpen),
    refresh: () => stores.modules.fetchOne(slug, projectId, moduleId),
  }));
  const { view, version } = usePlanningItemView(page);
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
    <PlanningItemLayout
      slug={slug}
      project={project}
      page={page}
      view={view}
      listLabel="Modules"
      name={module.name}
      canCreate={canEdit && open}
      favorite={{
        on: module.is_favorite,
        toggle: () => stores.modules.toggleFavorite(slug, projectId, module.id),
      }}
      facts={
        <>
          <span
            className={clsx('rounded-full px-2 py-0.5 font-medium', MODULE_STATUS_CLASSES[module.status])}
          >
            {module.archived_at ? 'Archived' : MODULE_STATUS_LABELS[module.status]}
          </span>
          <span className="flex items-center gap-1">
            <CalendarRange className="size-3.5" aria-hidden />
            {formatModuleDates(module)}
          </span>
          {lead && <span>Lead: {lead.display_name}</span>}
        </>
      }
      panel={
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
      }
      empty={
        <PlanningEmpty
          view={view}
          canCreate={open && canEdit}
          title="No work items in this module"
          description="Create one here, or add existing work items to the module from their properties or the bulk bar."
        />
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
