import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { workspaceSettingsRoute } from './WorkspaceSettingsLayoutRoute.tsx';

export const workspaceSettingsGeneralRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/workspaces/WorkspaceSettingsGeneralScreen.tsx'),
    'WorkspaceSettingsGeneralRouteScreen',
  ),
});
