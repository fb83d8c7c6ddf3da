import { createRoute } from '@tanstack/react-router';
import { DEFAULT_INBOX_FILTER } from '../features/notifications/inboxFilter.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** The user's notifications in the workspace (tabs, filters and the snoozed and archived views are the screen's). */
export const notificationsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'notifications',
  loader: async ({ context, params }) => {
    const { notifications } = context.stores;
    const slug = params.workspaceSlug;
    void notifications.fetchUnread(slug).catch(() => undefined);
    // A failed first page is the screen's to show (with a retry), not an error page.
    await notifications.fetchFirst(slug, DEFAULT_INBOX_FILTER).catch(() => undefined);
  },
  pendingComponent: () => <PageLoader label="Loading notifications" />,
}).lazy(() =>
  import('../features/notifications/NotificationsScreen.tsx').then((m) => m.NotificationsLazyRoute),
);
