import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { attachmentUploadsV1Routes } from './attachment-uploads.v1.routes.ts';
import { estimatesV1Routes } from './estimates.v1.routes.ts';
import { intakeV1Routes } from './intake.v1.routes.ts';
import { pagesV1Routes } from './pages.v1.routes.ts';
import { planningV1Routes } from './planning.v1.routes.ts';
import { projectsV1Routes } from './projects.v1.routes.ts';
import { rolesV1Routes } from './roles.v1.routes.ts';
import { statesLabelsV1Routes } from './states-labels.v1.routes.ts';
import { unsupportedV1Routes } from './unsupported.v1.routes.ts';
import { createV1WorkItems } from './v1-work-items.ts';
import { workItemPartsV1Routes } from './work-item-parts.v1.routes.ts';
import { workItemsV1Routes } from './work-items.v1.routes.ts';
import { workspaceWorkItemsV1Routes } from './workspace-work-items.v1.routes.ts';

/**
 * The public API `/api/v1/` (api.md §15), authenticated by `X-Api-Key` (the hooks, `auth: 'apiKey'`):
 * thin adapters over the same services as the web app's API, with Plane's v1 keys and envelopes.
 */
export function publicApiRoutes(app: App, services: Services) {
  // Documented as taking the API key (the `apiKey` scheme of the OpenAPI document, app.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1/') && route.schema && route.config?.auth === 'apiKey') {
      route.schema.security = [{ apiKey: [] }];
    }
  });
  // Plane's SDK reports an error answer's `message`: it gets the contract's `error` under that key too.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !request.url.startsWith('/api/v1/')) return payload;
    if (!payload || typeof payload !== 'object' || !('error' in payload) || 'message' in payload)
      return payload;
    return { ...payload, message: (payload as { error: unknown }).error };
  });
  const items = createV1WorkItems(services);
  projectsV1Routes(app, services);
  statesLabelsV1Routes(app, services);
  workItemsV1Routes(app, services, items);
  workItemPartsV1Routes(app, services);
  planningV1Routes(app, services, items);
  intakeV1Routes(app, services, items);
  estimatesV1Routes(app, services);
  workspaceWorkItemsV1Routes(app, services, items);
  attachmentUploadsV1Routes(app, services);
  pagesV1Routes(app, services);
  rolesV1Routes(app, services);
  unsupportedV1Routes(app);
}
