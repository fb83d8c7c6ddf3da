import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { profileSettingsRoute } from './ProfileSettingsLayoutRoute.tsx';

export const profileSecurityRoute = createRoute({
  getParentRoute: () => profileSettingsRoute,
  path: 'security',
  component: lazyRouteComponent(
    () => import('../features/user-settings/ProfileSecurityScreen.tsx'),
    'ProfileSecurityScreen',
  ),
});
