import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { authedRoute } from './authedRoute.ts';

export const profileSettingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/settings/profile',
  beforeLoad: async ({ context }) => {
    await context.stores.workspaces.ensureMine().catch(() => []);
  },
  component: lazyRouteComponent(
    () => import('../features/user-settings/ProfileSettingsLayoutScreen.tsx'),
    'ProfileSettingsLayoutScreen',
  ),
});

export const profileSettingsIndexRoute = createRoute({
  getParentRoute: () => profileSettingsRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/settings/profile/general', replace: true });
  },
});

export const settingsIndexRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/settings',
  beforeLoad: () => {
    throw redirect({ to: '/settings/profile/general', replace: true });
  },
});
