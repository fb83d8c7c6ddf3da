import {
  createWorkspaceBodySchema,
  slugCheckQuerySchema,
  slugCheckResponseSchema,
  updateWorkspaceBodySchema,
  workspaceSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';

const TAGS = ['workspaces'];
export const slugParams = z.object({ slug: z.string() });

export function workspacesRoutes(app: App, { workspaces }: Services) {
  app.get(
    '/api/workspace-slug-check/',
    {
      config: { auth: 'required' },
      schema: { tags: TAGS, querystring: slugCheckQuerySchema, response: { 200: slugCheckResponseSchema } },
    },
    async (request) => ({ status: await workspaces.isSlugAvailable(request.query.slug) }),
  );

  app.get(
    '/api/workspaces/',
    { config: { auth: 'required' }, schema: { tags: TAGS, response: { 200: z.array(workspaceSchema) } } },
    (request) => workspaces.listMine(userOf(request)),
  );

  app.get(
    '/api/users/me/workspaces/',
    { config: { auth: 'required' }, schema: { tags: TAGS, response: { 200: z.array(workspaceSchema) } } },
    (request) => workspaces.listMine(userOf(request)),
  );

  app.post(
    '/api/workspaces/',
    {
      config: { auth: 'required' },
      schema: { tags: TAGS, body: createWorkspaceBodySchema, response: { 201: workspaceSchema } },
    },
    async (request, reply) => reply.code(201).send(await workspaces.create(userOf(request), request.body)),
  );

  app.get(
    '/api/workspaces/:slug/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: { tags: TAGS, params: slugParams, response: { 200: workspaceSchema } },
    },
    (request) => workspaces.present(accessOf(request)),
  );

  app.patch(
    '/api/workspaces/:slug/',
    {
      config: { auth: 'required', workspaceRole: ROLE.ADMIN },
      schema: {
        tags: TAGS,
        params: slugParams,
        body: updateWorkspaceBodySchema,
        response: { 200: workspaceSchema },
      },
    },
    (request) => workspaces.update(accessOf(request), userOf(request), request.body),
  );

  app.delete(
    '/api/workspaces/:slug/',
    { config: { auth: 'required', workspaceRole: ROLE.ADMIN }, schema: { tags: TAGS, params: slugParams } },
    async (request, reply) => {
      await workspaces.remove(accessOf(request), userOf(request));
      return reply.code(204).send();
    },
  );
}
