import {
  createWebhookBodySchema,
  paginated,
  updateWebhookBodySchema,
  webhookLogSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['webhooks'];
const webhookParams = slugParams.extend({ webhook_id: z.uuid() });
const logsQuery = z.object({ per_page: z.string().optional(), cursor: z.string().optional() });
const config = { auth: 'required' as const, workspaceRole: ROLE.ADMIN };

/** Workspace webhooks (api.md §13): workspace admins only. */
export function webhooksRoutes(app: App, { webhooks }: Services) {
  const base = '/api/workspaces/:slug/webhooks';

  app.get(
    `${base}/`,
    { config, schema: { tags: TAGS, params: slugParams, response: { 200: z.array(webhookSchema) } } },
    (request) => webhooks.list(accessOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: slugParams,
        body: createWebhookBodySchema,
        response: { 201: webhookWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.create(accessOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:webhook_id/`,
    { config, schema: { tags: TAGS, params: webhookParams, response: { 200: webhookSchema } } },
    (request) => webhooks.get(accessOf(request), request.params.webhook_id),
  );

  app.patch(
    `${base}/:webhook_id/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: webhookParams,
        body: updateWebhookBodySchema,
        response: { 200: webhookSchema },
      },
    },
    (request) => webhooks.update(accessOf(request), userOf(request), request.params.webhook_id, request.body),
  );

  app.delete(
    `${base}/:webhook_id/`,
    { config, schema: { tags: TAGS, params: webhookParams } },
    async (request, reply) => {
      await webhooks.remove(accessOf(request), request.params.webhook_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:webhook_id/regenerate/`,
    { config, schema: { tags: TAGS, params: webhookParams, response: { 200: webhookWithSecretSchema } } },
    (request) => webhooks.regenerate(accessOf(request), userOf(request), request.params.webhook_id),
  );

  const logsSchema = {
    tags: TAGS,
    params: webhookParams,
    querystring: logsQuery,
    response: { 200: paginated(webhookLogSchema) },
  };
  app.get(`${base}/:webhook_id/logs/`, { config, schema: logsSchema }, (request) =>
    webhooks.logs(accessOf(request), request.params.webhook_id, request.query),
  );
  // The alias api.md §13.1 names.
  app.get('/api/workspaces/:slug/webhook-logs/:webhook_id/', { config, schema: logsSchema }, (request) =>
    webhooks.logs(accessOf(request), request.params.webhook_id, request.query),
  );
}
