import type { Module } from '@kite/shared/contracts';
import { ARCHIVABLE_MODULE_STATUSES, ROLE } from '@kite/shared/domain';
import { createLazyRoute, Link, useParams, useSearch } from '@tanstack/react-router';
import clsx from 'clsx';
import { Archive, ArchiveRestore, Boxes, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
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
import { FavoriteToggle, ProgressMeter } from '../planning/PlanningParts.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { formatModuleDates, MODULE_STATUS_CLASSES, MODULE_STATUS_LABELS } from './moduleFormat.ts';

const ModuleDialog = lazy(() => import('./ModuleDialog.tsx').then((m) => ({ default: m.ModuleDialog })));

/** A project's modules (or its archived ones): status, dates, progress; create, edit, archive, delete. */
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
  useEffect(() => {
    if (archived) stores.modules.fetchArchived(slug, projectId).catch((e) => toastError(e));
  }, [stores, slug, projectId, archived]);
  if (!project) return <PageLoader label="Loading project" />;
  const canEdit = (project.member_role ?? 0) >= ROLE.MEMBER;
  const list = archived ? stores.modules.archivedOf(projectId) : stores.modules.modulesOf(projectId);

  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            {project.name}
            <span className="text-fg-subtle">/</span>
            Modules
          </span>
        }
        actions={
          canEdit && (
            <Button variant="primary" size="sm" onClick={() => setEditing('new')}>
              <Plus className="size-3.5" aria-hidden /> New module
            </Button>
          )
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
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            aria-label={archived ? 'Archived modules' : 'Modules'}
          >
            {list.map((module) => (
              <ModuleRow
                key={module.id}
                slug={slug}
                module={module}
                canEdit={canEdit}
                canDelete={
                  (project.member_role ?? 0) >= ROLE.ADMIN || module.created_by === stores.user.user?.id
                }
                onEdit={() => setEditing(module)}
                onDelete={() => setDeleting(module)}
              />
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

const ModuleRow = observer(function ModuleRow({
  slug,
  module,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  slug: string;
  module: Module;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { modules, members } = useStores();
  const archived = !!module.archived_at;
  const lead = module.lead_id
    ? members.membersOf(slug).find((m) => m.member.id === module.lead_id)?.member
    : undefined;
  const act = (work: () => Promise<unknown>, failure: string, success?: string) => () =>
    void work().then(
      () => success && toastSuccess(success),
      (error) => toastError(error, failure),
    );
  return (
    <li className="flex items-center gap-4 px-4 py-3 hover:bg-surface">
      <div className="min-w-0 flex-1">
        <Link
          to="/$workspaceSlug/projects/$projectId/modules/$moduleId"
          params={{ workspaceSlug: slug, projectId: module.project_id, moduleId: module.id }}
          className="block truncate text-sm font-medium text-fg hover:underline"
        >
          {module.name}
        </Link>
        <p className="mt-0.5 text-xs text-fg-muted">
          {formatModuleDates(module)}
          {lead && ` · Lead: ${lead.display_name}`}
        </p>
      </div>
      <ProgressMeter name={module.name} totals={module} />
      <span
        className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', MODULE_STATUS_CLASSES[module.status])}
      >
        {MODULE_STATUS_LABELS[module.status]}
      </span>
      <FavoriteToggle
        on={module.is_favorite}
        toggle={() => modules.toggleFavorite(slug, module.project_id, module.id)}
      />
      {(canEdit || canDelete) && (
        <Menu>
          <MenuTrigger asChild>
            <IconButton size="sm" label={`Actions for ${module.name}`}>
              <MoreHorizontal className="size-3.5" aria-hidden />
            </IconButton>
          </MenuTrigger>
          <MenuContent align="end">
            {canEdit && !archived && (
              <MenuItem icon={<Pencil className="size-3.5" />} onSelect={onEdit}>
                Edit
              </MenuItem>
            )}
            {canEdit && !archived && ARCHIVABLE_MODULE_STATUSES.includes(module.status) && (
              <MenuItem
                icon={<Archive className="size-3.5" />}
                onSelect={act(
                  () => modules.archive(slug, module.project_id, module.id),
                  'The module could not be archived',
                  'Module archived',
                )}
              >
                Archive
              </MenuItem>
            )}
            {canEdit && archived && (
              <MenuItem
                icon={<ArchiveRestore className="size-3.5" />}
                onSelect={act(
                  () => modules.restore(slug, module.project_id, module.id),
                  'The module could not be restored',
                  'Module restored',
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
