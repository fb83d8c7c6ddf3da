import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from './authedRoute.ts';

export const createWorkspaceRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/create-workspace',
  beforeLoad: async ({ context }) => {
    await Promise.all([
      context.stores.workspaces.ensureMine().catch(() => []),
      context.stores.instance.ensureConfig(),
    ]);
  },
  component: lazyRouteComponent(
    () => import('../features/workspaces/CreateWorkspaceScreen.tsx'),
    'CreateWorkspaceScreen',
  ),
});
