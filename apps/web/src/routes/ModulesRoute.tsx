import { createRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** A project's modules (`?archived=true`: its archived ones). */
export const projectModulesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/modules',
  validateSearch: (search: Record<string, unknown>) =>
    search.archived === 'true' ? { archived: 'true' } : ({} as { archived?: string }),
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, projectId } = params;
    const modules = context.stores.modules.fetch(slug, projectId);
    modules.catch(() => undefined);
    if (!context.stores.members.isLoaded(slug))
      void context.stores.members.fetchMembers(slug).catch(() => undefined);
    await loadProject(context.stores, slug, projectId);
    await modules;
  },
  pendingComponent: () => <PageLoader label="Loading modules" />,
}).lazy(() => import('../features/modules/ModulesScreen.tsx').then((m) => m.ModulesLazyRoute));

/** One module: its work items in every layout, its progress and links. `?peekId=` opens an item. */
export const projectModuleRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/modules/$moduleId',
  validateSearch: (search: Record<string, unknown>) =>
    typeof search.peekId === 'string' ? { peekId: search.peekId } : ({} as { peekId?: string }),
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, projectId, moduleId } = params;
    const board = import('../features/modules/moduleList.ts').then((m) =>
      m.loadModuleBoard(context.stores, slug, projectId, moduleId),
    );
    board.catch(() => undefined);
    await loadProject(context.stores, slug, projectId);
    try {
      await board;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading module" />,
}).lazy(() => import('../features/modules/ModuleScreen.tsx').then((m) => m.ModuleLazyRoute));
