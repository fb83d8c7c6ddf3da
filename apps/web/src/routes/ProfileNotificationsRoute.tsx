import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { profileSettingsRoute } from './ProfileSettingsLayoutRoute.tsx';

/** The user's notification preferences (api.md §2.1). */
export const profileNotificationsRoute = createRoute({
  getParentRoute: () => profileSettingsRoute,
  path: 'notifications',
  loader: ({ context }) => context.stores.notificationPreferences.fetch(),
  pendingComponent: () => <PageLoader label="Loading notification settings" />,
}).lazy(() =>
  import('../features/user-settings/NotificationSettingsScreen.tsx').then(
    (m) => m.NotificationSettingsLazyRoute,
  ),
);
