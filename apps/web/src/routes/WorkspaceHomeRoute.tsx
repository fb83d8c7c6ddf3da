import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

export const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./screens/WorkspaceHomeScreen.tsx'), 'workspaceHomeScreen'),
});
