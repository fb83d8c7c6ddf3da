import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from './authedRoute.ts';

export const setPasswordRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/accounts/set-password',
  component: lazyRouteComponent(() => import('../features/auth/SetPasswordScreen.tsx'), 'SetPasswordScreen'),
});
