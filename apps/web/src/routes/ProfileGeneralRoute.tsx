import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { profileSettingsRoute } from './ProfileSettingsLayoutRoute.tsx';

export const profileGeneralRoute = createRoute({
  getParentRoute: () => profileSettingsRoute,
  path: 'general',
  component: lazyRouteComponent(
    () => import('../features/user-settings/ProfileGeneralScreen.tsx'),
    'ProfileGeneralScreen',
  ),
});
