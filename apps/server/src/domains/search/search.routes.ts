import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';
import { ENTITY_QUERY_TYPES, SEARCH_ENTITIES } from './search.service.ts';

const config = { auth: 'required' as const, workspaceRole: ROLE.GUEST };
const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)));

export function searchRoutes(app: App, { search }: Services) {
  app.get(
    '/api/workspaces/:slug/search/',
    {
      config,
      schema: {
        tags: ['search'],
        params: slugParams,
        querystring: z.object({
          search: z.string().max(255).default(''),
          entities: commaList(SEARCH_ENTITIES),
          project_id: z.uuid().optional(),
          workspace_search: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    (request) => search.search(accessOf(request), userOf(request), request.query),
  );

  app.get(
    '/api/workspaces/:slug/entity-search/',
    {
      config,
      schema: {
        tags: ['search'],
        params: slugParams,
        querystring: z.object({
          query: z.string().max(255).default(''),
          query_type: commaList(ENTITY_QUERY_TYPES),
          count: z.coerce.number().int().min(1).max(50).default(5),
          project_id: z.uuid().optional(),
        }),
      },
    },
    (request) =>
      search.entitySearch(accessOf(request), userOf(request), {
        query: request.query.query,
        types: request.query.query_type,
        count: request.query.count,
        project_id: request.query.project_id,
      }),
  );
}
