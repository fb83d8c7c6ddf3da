import {
  archiveResponseSchema,
  createCycleBodySchema,
  cycleDateCheckBodySchema,
  cycleDateCheckResponseSchema,
  cycleIssueSchema,
  cycleListQuerySchema,
  cycleSchema,
  favoriteCycleBodySchema,
  favoriteSchema,
  issueIdsBodySchema,
  listIssuesQuerySchema,
  planningAnalyticsQuerySchema,
  planningAnalyticsSchema,
  planningTotalsSchema,
  transferIssuesBodySchema,
  transferIssuesResponseSchema,
  updateCycleBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['cycles'];
const cycleParams = projectParams.extend({ cycle_id: z.uuid() });
const cycleIssueParams = cycleParams.extend({ issue_id: z.uuid() });

export function cyclesRoutes(app: App, { cycles }: Services) {
  const project = '/api/workspaces/:slug/projects/:project_id';
  const base = `${project}/cycles`;
  const one = `${base}/:cycle_id`;

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: cycleListQuerySchema,
        response: { 200: z.array(cycleSchema) },
      },
    },
    (request) => cycles.list(projectOf(request), userOf(request), request.query),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createCycleBodySchema,
        response: { 201: cycleSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await cycles.create(projectOf(request), userOf(request), request.body)),
  );

  app.post(
    `${base}/date-check/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: cycleDateCheckBodySchema,
        response: { 200: cycleDateCheckResponseSchema },
      },
    },
    (request) => cycles.dateCheck(projectOf(request), request.body),
  );

  app.get(
    `${one}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: cycleParams, response: { 200: cycleSchema } },
    },
    (request) => cycles.get(projectOf(request), userOf(request), request.params.cycle_id),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${one}/`,
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: cycleParams,
        body: updateCycleBodySchema,
        response: { 200: cycleSchema },
      },
      handler: (request) =>
        cycles.update(projectOf(request), userOf(request), request.params.cycle_id, request.body),
    });
  }

  app.delete(
    `${one}/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: cycleParams } },
    async (request, reply) => {
      await cycles.remove(projectOf(request), userOf(request), request.params.cycle_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${one}/cycle-issues/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: cycleParams, querystring: listIssuesQuerySchema },
    },
    (request) =>
      cycles.listIssues(projectOf(request), userOf(request), request.params.cycle_id, request.query),
  );

  app.post(
    `${one}/cycle-issues/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: cycleParams,
        body: issueIdsBodySchema,
        response: { 201: z.array(cycleIssueSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await cycles.addIssues(
            projectOf(request),
            userOf(request),
            request.params.cycle_id,
            request.body.issues,
          ),
        ),
  );

  app.delete(
    `${one}/cycle-issues/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: cycleParams, body: issueIdsBodySchema },
    },
    async (request, reply) => {
      await cycles.removeIssues(
        projectOf(request),
        userOf(request),
        request.params.cycle_id,
        request.body.issues,
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    `${one}/cycle-issues/:issue_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: cycleIssueParams } },
    async (request, reply) => {
      const { cycle_id, issue_id } = request.params;
      await cycles.removeIssues(projectOf(request), userOf(request), cycle_id, [issue_id]);
      return reply.code(204).send();
    },
  );

  app.post(
    `${one}/transfer-issues/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: cycleParams,
        body: transferIssuesBodySchema,
        response: { 200: transferIssuesResponseSchema },
      },
    },
    (request) =>
      cycles.transfer(
        projectOf(request),
        userOf(request),
        request.params.cycle_id,
        request.body.new_cycle_id,
      ),
  );

  app.get(
    `${one}/progress/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: cycleParams, response: { 200: planningTotalsSchema } },
    },
    (request) => cycles.progress(projectOf(request), userOf(request), request.params.cycle_id),
  );

  app.get(
    `${one}/analytics/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: cycleParams,
        querystring: planningAnalyticsQuerySchema,
        response: { 200: planningAnalyticsSchema },
      },
    },
    (request) => cycles.analytics(projectOf(request), request.params.cycle_id, request.query.type),
  );

  app.post(
    `${one}/archive/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: cycleParams, response: { 200: archiveResponseSchema } },
    },
    (request) => cycles.archive(projectOf(request), request.params.cycle_id),
  );

  app.delete(
    `${one}/archive/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: cycleParams } },
    async (request, reply) => {
      await cycles.restore(projectOf(request), request.params.cycle_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${project}/archived-cycles/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(cycleSchema) } },
    },
    (request) => cycles.listArchived(projectOf(request), userOf(request)),
  );

  app.get(
    `${project}/archived-cycles/:cycle_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: cycleParams, response: { 200: cycleSchema } },
    },
    (request) => cycles.getArchived(projectOf(request), userOf(request), request.params.cycle_id),
  );

  app.get(
    `${project}/user-favorite-cycles/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(favoriteSchema) } },
    },
    (request) => cycles.favorites(projectOf(request), userOf(request)),
  );

  app.post(
    `${project}/user-favorite-cycles/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: favoriteCycleBodySchema,
        response: { 201: favoriteSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await cycles.addFavorite(projectOf(request), userOf(request), request.body.cycle)),
  );

  app.delete(
    `${project}/user-favorite-cycles/:cycle_id/`,
    { config: projectConfig(ROLE.GUEST), schema: { tags: TAGS, params: cycleParams } },
    async (request, reply) => {
      await cycles.removeFavorite(projectOf(request), userOf(request), request.params.cycle_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/workspaces/:slug/cycles/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(cycleSchema) } },
    },
    (request) => cycles.listWorkspace(accessOf(request), userOf(request)),
  );
}
