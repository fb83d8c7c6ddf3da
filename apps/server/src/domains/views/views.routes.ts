import {
  createViewBodySchema,
  favoriteSchema,
  favoriteViewBodySchema,
  listIssuesQuerySchema,
  updateViewBodySchema,
  viewListQuerySchema,
  viewSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';
import type { ViewPlace } from './views.service.ts';

const TAGS = ['views'];
const projectViewParams = projectParams.extend({ view_id: z.uuid() });
const workspaceViewParams = slugParams.extend({ view_id: z.uuid() });
const workspaceConfig = (role: 5 | 10 | 15 | 20) => ({ auth: 'required' as const, workspaceRole: role });

const inProject = (request: FastifyRequest): ViewPlace => ({ kind: 'project', project: projectOf(request) });
const inWorkspace = (request: FastifyRequest): ViewPlace => ({
  kind: 'workspace',
  access: accessOf(request),
});

/**
 * Saved views (api.md §8): a project's views under `{p}/views/` and the workspace's custom global
 * views under `{ws}/views/`, the same routes at two levels. Reading takes the lowest role; edits
 * and deletes are let through to the service, which applies the owner / admin / private / lock rules.
 */
export function viewsRoutes(app: App, { views }: Services) {
  const levels = [
    {
      base: '/api/workspaces/:slug/projects/:project_id/views',
      params: projectParams,
      one: projectViewParams,
      config: (role: 5 | 15) => projectConfig(role),
      place: inProject,
    },
    {
      base: '/api/workspaces/:slug/views',
      params: slugParams,
      one: workspaceViewParams,
      config: workspaceConfig,
      place: inWorkspace,
    },
  ] as const;

  for (const level of levels) {
    app.get(
      `${level.base}/`,
      {
        config: level.config(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: level.params,
          querystring: viewListQuerySchema,
          response: { 200: z.array(viewSchema) },
        },
      },
      (request) => views.list(level.place(request), userOf(request), request.query),
    );

    app.post(
      `${level.base}/`,
      {
        config: level.config(ROLE.MEMBER),
        schema: {
          tags: TAGS,
          params: level.params,
          body: createViewBodySchema,
          response: { 201: viewSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await views.create(level.place(request), userOf(request), request.body)),
    );

    app.get(
      `${level.base}/:view_id/`,
      {
        config: level.config(ROLE.GUEST),
        schema: { tags: TAGS, params: level.one, response: { 200: viewSchema } },
      },
      (request) => views.get(level.place(request), userOf(request), request.params.view_id),
    );

    // PUT takes what PATCH takes: creating a view needs no field.
    for (const method of ['PATCH', 'PUT'] as const) {
      app.route({
        method,
        url: `${level.base}/:view_id/`,
        config: level.config(ROLE.GUEST),
        schema: { tags: TAGS, params: level.one, body: updateViewBodySchema, response: { 200: viewSchema } },
        handler: (request) =>
          views.update(level.place(request), userOf(request), request.params.view_id, request.body),
      });
    }

    app.delete(
      `${level.base}/:view_id/`,
      { config: level.config(ROLE.GUEST), schema: { tags: TAGS, params: level.one } },
      async (request, reply) => {
        await views.remove(level.place(request), userOf(request), request.params.view_id);
        return reply.code(204).send();
      },
    );

    app.get(
      `${level.base}/:view_id/issues/`,
      {
        config: level.config(ROLE.GUEST),
        schema: { tags: TAGS, params: level.one, querystring: listIssuesQuerySchema },
      },
      (request) =>
        views.listIssues(level.place(request), userOf(request), request.params.view_id, request.query),
    );
  }

  const favorites = '/api/workspaces/:slug/projects/:project_id/user-favorite-views';

  app.get(
    `${favorites}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(favoriteSchema) } },
    },
    (request) => views.favorites(projectOf(request), userOf(request)),
  );

  app.post(
    `${favorites}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: favoriteViewBodySchema,
        response: { 201: favoriteSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await views.addFavorite(inProject(request), userOf(request), request.body.view)),
  );

  app.delete(
    `${favorites}/:view_id/`,
    { config: projectConfig(ROLE.GUEST), schema: { tags: TAGS, params: projectViewParams } },
    async (request, reply) => {
      await views.removeFavorite(inProject(request), userOf(request), request.params.view_id);
      return reply.code(204).send();
    },
  );
}
