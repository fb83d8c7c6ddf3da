import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import type { RootStore } from '../app/RootStore.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

const PROFILE_TAB_PATHS = ['created', 'subscribed'];

/**
 * What the profile's lists need to name things across projects: members (names, the role),
 * projects (work-item keys), states and labels of every project the caller is in. A failure
 * here leaves names blank; the screen still shows the work items and its own errors.
 */
async function loadProfileLookups(stores: RootStore, slug: string): Promise<void> {
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
  void quiet(stores.labels.fetchWorkspace(slug));
  await Promise.all([
    stores.members.isLoaded(slug) ? undefined : quiet(stores.members.fetchMembers(slug)),
    stores.projects.isLoaded(slug) ? undefined : quiet(stores.projects.fetchProjects(slug)),
    quiet(stores.states.fetchWorkspace(slug)),
  ]);
}

const screen = lazyRouteComponent(
  () => import('./screens/WorkspaceProfileScreen.tsx'),
  'workspaceProfileScreen',
);

/** `/{ws}/profile/{userId}`: a member's assigned work items (the default tab) and their profile. */
export const workspaceProfileRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId',
  loader: ({ context, params }) => loadProfileLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading profile" />,
  component: screen,
});

/** `/{ws}/profile/{userId}/created|subscribed`: the other tabs; `/assigned` is the default tab too. */
export const workspaceProfileTabRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId/$tab',
  beforeLoad: ({ params }) => {
    if (params.tab !== 'assigned' && !PROFILE_TAB_PATHS.includes(params.tab)) throw notFound();
  },
  loader: ({ context, params }) => loadProfileLookups(context.stores, params.workspaceSlug),
  pendingComponent: () => <PageLoader label="Loading profile" />,
  component: screen,
});
