import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

export const workspaceSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings',
  component: lazyRouteComponent(
    () => import('../features/workspaces/WorkspaceSettingsLayoutScreen.tsx'),
    'WorkspaceSettingsLayoutRouteScreen',
  ),
});
