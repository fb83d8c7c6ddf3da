import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadCrossProjectLookups } from './crossProjectLookups.ts';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

const screen = lazyRouteComponent(
  () => import('../features/profile/ProfileScreen.tsx'),
  'ProfileRouteScreen',
);

/** `/{ws}/profile/{userId}`: a member's assigned work items (the default view) and their profile. */
export const workspaceProfileRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId',
  loader: ({ context, params }) => loadCrossProjectLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading profile" />,
  component: screen,
});

/**
 * `/{ws}/profile/{userId}/{profileViewId}` (spec §2): one view of the profile — `assigned` (the
 * default), `created`, `subscribed` or `activity`. Any other id is the screen's "view not found".
 */
export const workspaceProfileViewRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId/$profileViewId',
  loader: ({ context, params }) => loadCrossProjectLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading profile" />,
  component: screen,
});
