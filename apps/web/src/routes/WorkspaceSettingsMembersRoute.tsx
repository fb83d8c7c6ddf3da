import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { workspaceSettingsRoute } from './WorkspaceSettingsLayoutRoute.tsx';

export const workspaceSettingsMembersRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: 'members',
  component: lazyRouteComponent(
    () => import('../features/members/WorkspaceSettingsMembersScreen.tsx'),
    'WorkspaceSettingsMembersRouteScreen',
  ),
});
