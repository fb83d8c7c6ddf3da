import { createRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** A project's saved views (search, sort and favorites are the screen's). */
export const projectViewsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/views',
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, projectId } = params;
    const views = context.stores.views.fetch({ slug, projectId });
    views.catch(() => undefined);
    // The members name each view's owner.
    if (!context.stores.members.isLoaded(slug))
      void context.stores.members.fetchMembers(slug).catch(() => undefined);
    await loadProject(context.stores, slug, projectId);
    await views;
  },
  pendingComponent: () => <PageLoader label="Loading views" />,
}).lazy(() => import('../features/views/ViewsScreen.tsx').then((m) => m.ViewsLazyRoute));

/** One saved view: its work items in every layout, from its filters and display. `?peekId=` opens an item. */
export const projectViewRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/views/$viewId',
  validateSearch: (search: Record<string, unknown>) =>
    typeof search.peekId === 'string' ? { peekId: search.peekId } : ({} as { peekId?: string }),
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, projectId, viewId } = params;
    const { stores } = context;
    const board = import('../features/views/loadView.ts').then((m) =>
      m.loadViewBoard(stores, slug, projectId, viewId),
    );
    board.catch(() => undefined);
    await loadProject(stores, slug, projectId);
    try {
      await board;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  // Opening or closing the peek must not reload the board (nor reset unsaved changes).
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading view" />,
}).lazy(() => import('../features/views/ViewScreen.tsx').then((m) => m.ViewLazyRoute));
