import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../app/rootRoute.tsx';
import { pickStrings } from '../app/search.ts';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accounts/reset-password',
  validateSearch: (search: Record<string, unknown>) =>
    pickStrings(search, ['uidb64', 'token', 'email', 'error_code', 'error_message'] as const),
  component: lazyRouteComponent(
    () => import('../features/auth/ResetPasswordScreen.tsx'),
    'ResetPasswordRouteScreen',
  ),
});
