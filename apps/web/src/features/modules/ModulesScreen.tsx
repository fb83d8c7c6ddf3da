import type { Module } from '@kite/shared/contracts';
import { moduleRights, ROLE } from '@kite/shared/domain';
import { createLazyRoute, Link, useParams, useSearch } from '@tanstack/react-router';
import { Boxes, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { ProjectSectionTitle } from '../projects/ProjectSectionTitle.tsx';
import type { ModuleActionProps } from './ModuleActions.tsx';
import { ModuleCard } from './ModuleCard.tsx';
import { ModuleRow } from './ModuleRow.tsx';
import { ModulesLayoutSwitcher } from './ModulesLayoutSwitcher.tsx';
import { ModulesTimeline } from './ModulesTimeline.tsx';
import { useModulesLayout } from './modulesLayout.ts';

const ModuleDialog = lazy(() => import('./ModuleDialog.tsx').then((m) => ({ default: m.ModuleDialog })));

/**
 * A project's modules (or its archived ones): status, dates, progress; create, edit, archive,
 * delete. The live modules show as a list, a gallery of cards or a timeline (chosen per project,
 * kept in this browser); the archive is always a list.
 */
export const ModulesScreen = observer(function ModulesScreen({
  slug,
  projectId,
  archived,
}: {
  slug: string;
  projectId: string;
  archived: boolean;
}) {
  const stores = useStores();
  const project = stores.projects.get(slug, projectId);
  const [editing, setEditing] = useState<Module | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Module | null>(null);
  const [chosenLayout, setLayout] = useModulesLayout(projectId);
  useEffect(() => {
    if (archived) stores.modules.fetchArchived(slug, projectId).catch((e) => toastError(e));
  }, [stores, slug, projectId, archived]);
  if (!project) return <PageLoader label="Loading project" />;
  if (!project.module_view) return <FeatureOff slug={slug} project={project} feature="Modules" />;
  const caller = { userId: stores.user.user?.id ?? '', role: project.member_role ?? 0 };
  const canEdit = caller.role >= ROLE.MEMBER;
  const list = archived ? stores.modules.archivedOf(projectId) : stores.modules.modulesOf(projectId);
  const layout = archived ? 'list' : chosenLayout;
  const itemProps = (module: Module): ModuleActionProps => ({
    slug,
    module,
    canEdit: moduleRights(module, caller).canEdit,
    canDelete: moduleRights(module, caller).canDelete,
    onEdit: () => setEditing(module),
    onDelete: () => setDeleting(module),
  });

  return (
    <>
      <PageHeader
        title={<ProjectSectionTitle slug={slug} project={project} section="Modules" />}
        actions={
          <>
            {!archived && <ModulesLayoutSwitcher value={layout} onChange={setLayout} />}
            {canEdit && (
              <Button variant="primary" size="sm" onClick={() => setEditing('new')}>
                <Plus className="size-3.5" aria-hidden /> New module
              </Button>
            )}
          </>
        }
      />
      <nav aria-label="Module lists" className={tabBarClass}>
        {([false, true] as const).map((a) => (
          <Link
            key={String(a)}
            to="/$workspaceSlug/projects/$projectId/modules"
            params={{ workspaceSlug: slug, projectId }}
            search={a ? { archived: 'true' } : {}}
            aria-current={a === archived ? 'page' : undefined}
            className={tabClass(a === archived)}
          >
            {a ? 'Archived' : 'Modules'}
          </Link>
        ))}
      </nav>
      <main className="min-h-0 flex-1 overflow-y-auto p-4" aria-label="Modules">
        {list.length === 0 ? (
          <EmptyState
            icon={<Boxes className="size-5" />}
            title={archived ? 'No archived modules' : 'No modules yet'}
            description={
              archived
                ? 'Archive a completed or cancelled module to tidy the list; it can be restored at any time.'
                : 'A module groups the work items of one feature or theme, across cycles.'
            }
            action={
              canEdit && !archived ? (
                <Button variant="primary" onClick={() => setEditing('new')}>
                  <Plus className="size-3.5" aria-hidden /> Create module
                </Button>
              ) : undefined
            }
          />
        ) : layout === 'gallery' ? (
          <ul
            className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-4"
            aria-label="Modules gallery"
          >
            {list.map((module) => (
              <ModuleCard key={module.id} {...itemProps(module)} />
            ))}
          </ul>
        ) : layout === 'timeline' ? (
          <ModulesTimeline slug={slug} modules={list} />
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            aria-label={archived ? 'Archived modules' : 'Modules'}
          >
            {list.map((module) => (
              <ModuleRow key={module.id} {...itemProps(module)} />
            ))}
          </ul>
        )}
      </main>
      {editing && (
        <Suspense fallback={null}>
          <ModuleDialog
            slug={slug}
            projectId={projectId}
            module={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="Its work items stay in the project and leave the module. This cannot be undone."
        confirmLabel="Delete module"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await stores.modules.remove(slug, projectId, deleting.id);
            toastSuccess('Module deleted');
            setDeleting(null);
          } catch (error) {
            toastError(error, 'The module could not be deleted');
            throw error;
          }
        }}
      />
    </>
  );
});

function ModulesRouteScreen() {
  const { workspaceSlug = '', projectId = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { archived?: string };
  return (
    <ModulesScreen
      key={`${workspaceSlug}/${projectId}`}
      slug={workspaceSlug}
      projectId={projectId}
      archived={search.archived === 'true'}
    />
  );
}

/** The lazily loaded half of the modules list route in routes/ModulesRoute.tsx. */
export const ModulesLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/modules')({
  component: ModulesRouteScreen,
});
