import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
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

/**
 * `/{slug}/settings/webhooks/{webhookId}` (spec §2's webhookId): one webhook's settings and its
 * delivery log. The loader reads the workspace's webhooks (the list's read): an id not among them
 * is the screen's "Webhook not found", as is a failed read its error with a retry.
 */
export const workspaceSettingsWebhookRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: 'webhooks/$webhookId',
  loader: async ({ context, params }) => {
    await context.stores.webhooks.fetch(params.workspaceSlug).catch(() => undefined);
  },
  pendingComponent: () => <PageLoader label="Loading webhook" />,
  component: lazyRouteComponent(() => import('../features/webhooks/WebhookScreen.tsx'), 'WebhookRouteScreen'),
});
