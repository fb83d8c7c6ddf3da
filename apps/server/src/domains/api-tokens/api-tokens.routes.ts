import { apiTokenCreatedSchema, apiTokenSchema, createApiTokenBodySchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['api tokens'];
const tokenParams = slugParams.extend({ token_id: z.uuid() });
// Every member manages their own tokens; one token is its owner's alone (others': 404).
const config = { auth: 'required' as const, workspaceRole: ROLE.GUEST };

/** The caller's personal API tokens for a workspace (api.md §14), managed from the web app. */
export function apiTokensRoutes(app: App, { apiTokens }: Services) {
  const base = '/api/workspaces/:slug/api-tokens';

  app.get(
    `${base}/`,
    { config, schema: { tags: TAGS, params: slugParams, response: { 200: z.array(apiTokenSchema) } } },
    (request) => apiTokens.list(accessOf(request), userOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: slugParams,
        body: createApiTokenBodySchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await apiTokens.create(accessOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:token_id/`,
    { config, schema: { tags: TAGS, params: tokenParams, response: { 200: apiTokenSchema } } },
    (request) => apiTokens.get(accessOf(request), userOf(request), request.params.token_id),
  );

  app.delete(
    `${base}/:token_id/`,
    { config, schema: { tags: TAGS, params: tokenParams } },
    async (request, reply) => {
      await apiTokens.remove(accessOf(request), userOf(request), request.params.token_id);
      return reply.code(204).send();
    },
  );
}
