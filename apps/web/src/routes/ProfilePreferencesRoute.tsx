import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { profileSettingsRoute } from './ProfileSettingsLayoutRoute.tsx';

export const profilePreferencesRoute = createRoute({
  getParentRoute: () => profileSettingsRoute,
  path: 'preferences',
  component: lazyRouteComponent(
    () => import('../features/user-settings/ProfilePreferencesScreen.tsx'),
    'ProfilePreferencesScreen',
  ),
});
