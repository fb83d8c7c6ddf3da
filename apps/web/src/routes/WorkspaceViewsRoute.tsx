import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { isGlobalView } from '../features/workspace-views/viewIds.ts';
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

/** `/{ws}/workspace-views/{globalViewId}`: a built-in global view over the caller's projects. */
export const workspaceViewRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'workspace-views/$globalViewId',
  beforeLoad: ({ params }) => {
    // Custom global views come with saved views; until then only the built-in ids exist.
    if (!isGlobalView(params.globalViewId)) throw notFound();
  },
  loader: ({ context, params }) => loadCrossProjectLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading views" />,
  component: lazyRouteComponent(
    () => import('../features/workspace-views/WorkspaceViewsScreen.tsx'),
    'WorkspaceViewsRouteScreen',
  ),
});
