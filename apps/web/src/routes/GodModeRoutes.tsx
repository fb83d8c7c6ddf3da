import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requireInstanceAdmin } from '../app/guards.ts';
import { authedRoute } from './authedRoute.ts';

/**
 * The instance admin console (`/god-mode`, Plane's path). authedRoute sends a signed-out visitor
 * to sign-in first; anyone else but an instance admin gets the not-found screen.
 */
export const godModeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/god-mode',
  beforeLoad: requireInstanceAdmin,
  // The layout's "Back to workspace" link needs the user's workspaces (none is not an error).
  loader: ({ context }) => context.stores.workspaces.ensureMine().catch(() => []),
  component: lazyRouteComponent(() => import('../features/god-mode/GodModeLayout.tsx'), 'GodModeLayout'),
});

export const godModeIndexRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/god-mode/general', replace: true });
  },
});

export const godModeGeneralRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: 'general',
  component: lazyRouteComponent(() => import('../features/god-mode/GeneralScreen.tsx'), 'GeneralScreen'),
});

export const godModeAuthenticationRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: 'authentication',
  component: lazyRouteComponent(
    () => import('../features/god-mode/AuthenticationScreen.tsx'),
    'AuthenticationScreen',
  ),
});

export const godModeEmailRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: 'email',
  component: lazyRouteComponent(() => import('../features/god-mode/EmailScreen.tsx'), 'EmailScreen'),
});

export const godModeWorkspacesRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: 'workspaces',
  component: lazyRouteComponent(
    () => import('../features/god-mode/WorkspacesScreen.tsx'),
    'WorkspacesScreen',
  ),
});

export const godModeUsersRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: 'users',
  component: lazyRouteComponent(() => import('../features/god-mode/UsersScreen.tsx'), 'UsersScreen'),
});

export const godModeAuditLogRoute = createRoute({
  getParentRoute: () => godModeRoute,
  path: 'audit-log',
  component: lazyRouteComponent(() => import('../features/god-mode/AuditLogScreen.tsx'), 'AuditLogScreen'),
});

export const godModeTree = godModeRoute.addChildren([
  godModeIndexRoute,
  godModeGeneralRoute,
  godModeAuthenticationRoute,
  godModeEmailRoute,
  godModeWorkspacesRoute,
  godModeUsersRoute,
  godModeAuditLogRoute,
]);
