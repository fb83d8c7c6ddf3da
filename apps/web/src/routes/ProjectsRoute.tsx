import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

export const projectsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects',
  component: lazyRouteComponent(
    () => import('../features/projects/ProjectsScreen.tsx'),
    'ProjectsRouteScreen',
  ),
});

/** `/:ws/projects/archives`: the same screen on its Archived tab. */
export const projectsArchivesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/archives',
  component: lazyRouteComponent(
    () => import('../features/projects/ProjectsScreen.tsx'),
    'ProjectArchivesRouteScreen',
  ),
});
