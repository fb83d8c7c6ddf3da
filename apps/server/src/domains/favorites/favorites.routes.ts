import { createFavoriteBodySchema, favoriteSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['favorites'];
const config = { auth: 'required' as const, workspaceRole: ROLE.GUEST };
const favoriteParams = slugParams.extend({ favorite_id: z.uuid() });

/** The caller's favorites across the workspace (api.md §8 `{ws}/user-favorites/`). */
export function favoritesRoutes(app: App, { favorites }: Services) {
  const base = '/api/workspaces/:slug/user-favorites';

  app.get(
    `${base}/`,
    { config, schema: { tags: TAGS, params: slugParams, response: { 200: z.array(favoriteSchema) } } },
    (request) => favorites.list(accessOf(request), userOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: slugParams,
        body: createFavoriteBodySchema,
        response: { 201: favoriteSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await favorites.add(accessOf(request), userOf(request), request.body)),
  );

  app.delete(
    `${base}/:favorite_id/`,
    { config, schema: { tags: TAGS, params: favoriteParams } },
    async (request, reply) => {
      await favorites.remove(accessOf(request), userOf(request), request.params.favorite_id);
      return reply.code(204).send();
    },
  );
}
