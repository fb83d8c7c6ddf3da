import {
  createStateBodySchema,
  listStatesQuerySchema,
  putStateBodySchema,
  stateSchema,
  updateStateBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['states'];
const stateParams = projectParams.extend({ state_id: z.uuid() });

export function statesRoutes(app: App, { states, projectMembers }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/states';

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: listStatesQuerySchema,
        response: { 200: z.union([z.array(stateSchema), z.record(z.string(), z.array(stateSchema))]) },
      },
    },
    (request) =>
      request.query.grouped === 'true'
        ? states.listGrouped(projectOf(request))
        : states.list(projectOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createStateBodySchema,
        response: { 201: stateSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await states.create(projectOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:state_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: stateParams, response: { 200: stateSchema } },
    },
    (request) => states.get(projectOf(request), request.params.state_id),
  );

  app.patch(
    `${base}/:state_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: stateParams,
        body: updateStateBodySchema,
        response: { 200: stateSchema },
      },
    },
    (request) => states.update(projectOf(request), userOf(request), request.params.state_id, request.body),
  );

  app.put(
    `${base}/:state_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: stateParams, body: putStateBodySchema, response: { 200: stateSchema } },
    },
    (request) => states.update(projectOf(request), userOf(request), request.params.state_id, request.body),
  );

  app.delete(
    `${base}/:state_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: stateParams } },
    async (request, reply) => {
      await states.remove(projectOf(request), request.params.state_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:state_id/mark-default/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: stateParams, response: { 200: stateSchema } },
    },
    (request) => states.markDefault(projectOf(request), userOf(request), request.params.state_id),
  );

  app.get(
    '/api/workspaces/:slug/states/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(stateSchema) } },
    },
    async (request) => {
      const roles = await projectMembers.rolesOf(accessOf(request), userOf(request));
      return states.listForProjects(Object.keys(roles));
    },
  );
}
