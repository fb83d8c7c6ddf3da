import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { isGlobalView } from '../features/workspace-views/viewIds.ts';
import { ApiError } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadCrossProjectLookups } from './crossProjectLookups.ts';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** `/{ws}/workspace-views`: the first built-in view, all work items. */
export const workspaceViewsIndexRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'workspace-views',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/$workspaceSlug/workspace-views/$globalViewId',
      params: { workspaceSlug: params.workspaceSlug, globalViewId: 'all-issues' },
      replace: true,
    });
  },
});

/** `/{ws}/workspace-views/all`: every custom workspace view, with search, sort and favorites. */
export const workspaceViewsListRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'workspace-views/all',
  loader: async ({ context, params }) => {
    const { stores } = context;
    const slug = params.workspaceSlug;
    // The members name each view's owner.
    if (!stores.members.isLoaded(slug)) void stores.members.fetchMembers(slug).catch(() => undefined);
    await stores.views.fetch({ slug, projectId: null });
  },
  pendingComponent: () => <PageLoader label="Loading views" />,
  component: lazyRouteComponent(
    () => import('../features/workspace-views/WorkspaceViewsListScreen.tsx'),
    'WorkspaceViewsListRouteScreen',
  ),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/{ws}/workspace-views/{globalViewId}`: a built-in global view over the caller's projects, or a
 * custom workspace view (a saved view's id) beside them.
 */
export const workspaceViewRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'workspace-views/$globalViewId',
  beforeLoad: ({ params }) => {
    if (!isGlobalView(params.globalViewId) && !UUID.test(params.globalViewId)) throw notFound();
  },
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, globalViewId: id } = params;
    const { stores } = context;
    stores.views.ensure({ slug, projectId: null });
    const custom = isGlobalView(id)
      ? undefined
      : import('../features/views/loadView.ts').then((m) => m.loadWorkspaceView(stores, slug, id));
    custom?.catch(() => undefined);
    await loadCrossProjectLookups(stores, slug);
    try {
      await custom;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  // The peek and search changes keep a custom view's unsaved changes.
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading views" />,
  component: lazyRouteComponent(
    () => import('../features/workspace-views/WorkspaceViewsScreen.tsx'),
    'WorkspaceViewsRouteScreen',
  ),
});
