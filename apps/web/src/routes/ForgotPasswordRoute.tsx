import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../app/rootRoute.tsx';
import { pickStrings } from '../app/search.ts';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accounts/forgot-password',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, ['email', 'success'] as const),
  component: lazyRouteComponent(
    () => import('../features/auth/ForgotPasswordScreen.tsx'),
    'ForgotPasswordRouteScreen',
  ),
});
