import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadCrossProjectLookups } from './crossProjectLookups.ts';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

const PROFILE_TAB_PATHS = ['created', 'subscribed', 'activity'];

const screen = lazyRouteComponent(
  () => import('../features/profile/ProfileScreen.tsx'),
  'ProfileRouteScreen',
);

/** `/{ws}/profile/{userId}`: a member's assigned work items (the default tab) and their profile. */
export const workspaceProfileRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId',
  loader: ({ context, params }) => loadCrossProjectLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading profile" />,
  component: screen,
});

/** `/{ws}/profile/{userId}/created|subscribed|activity`: the other tabs; `/assigned` is the default tab too. */
export const workspaceProfileTabRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId/$tab',
  beforeLoad: ({ params }) => {
    if (params.tab !== 'assigned' && !PROFILE_TAB_PATHS.includes(params.tab)) throw notFound();
  },
  loader: ({ context, params }) => loadCrossProjectLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading profile" />,
  component: screen,
});
