import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceSettingsRoute } from './WorkspaceSettingsLayoutRoute.tsx';

/** The workspace's webhooks (admins only; list, edit, secrets and delivery log are the screen's). */
export const workspaceSettingsWebhooksRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: 'webhooks',
  loader: async ({ context, params }) => {
    // A failed load (not an admin, offline) is the screen's to show, not an error page.
    await context.stores.webhooks.fetch(params.workspaceSlug).catch(() => undefined);
  },
  pendingComponent: () => <PageLoader label="Loading webhooks" />,
}).lazy(() => import('../features/webhooks/WebhooksScreen.tsx').then((m) => m.WebhooksLazyRoute));
