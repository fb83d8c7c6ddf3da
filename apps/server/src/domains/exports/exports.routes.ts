import { pageQuerySchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import { parsePage } from '../../platform/http/pagination.ts';
import { redirectToStoredFile } from '../../platform/http/stored-file.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

/** Exports need the workspace member role (api.md §4.10). */
const config = { auth: 'required' as const, workspaceRole: ROLE.MEMBER };

export function exportsRoutes(app: App, { exports }: Services) {
  app.post(
    '/api/workspaces/:slug/export-issues/',
    {
      config,
      schema: {
        tags: ['exports'],
        params: slugParams,
        body: z.object({
          provider: z.enum(['csv', 'json', 'xlsx']),
          project: z.array(z.uuid()).min(1).max(100),
          multiple: z.boolean().optional(),
        }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await exports.request(accessOf(request), userOf(request), request.body)),
  );

  app.get(
    '/api/workspaces/:slug/export-issues/',
    { config, schema: { tags: ['exports'], params: slugParams, querystring: pageQuerySchema } },
    (request) => exports.list(accessOf(request), userOf(request), parsePage(request.query, 50)),
  );

  app.get(
    '/api/workspaces/:slug/export-issues/:export_id/download/',
    { config, schema: { tags: ['exports'], params: slugParams.extend({ export_id: z.uuid() }) } },
    async (request, reply) => {
      const file = await exports.download(accessOf(request), userOf(request), request.params.export_id);
      if (file.redirect) return redirectToStoredFile(reply, file.redirect);
      return reply
        .type(file.type)
        .header('Content-Disposition', file.disposition)
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .send(file.bytes);
    },
  );
}
