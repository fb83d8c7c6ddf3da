import {
  archiveResponseSchema,
  createModuleBodySchema,
  createModuleLinkBodySchema,
  favoriteModuleBodySchema,
  favoriteSchema,
  issueDetailSchema,
  issueIdsBodySchema,
  issueModulesBodySchema,
  listIssuesQuerySchema,
  moduleIssueSchema,
  moduleLinkSchema,
  moduleListQuerySchema,
  moduleSchema,
  planningAnalyticsQuerySchema,
  planningAnalyticsSchema,
  updateModuleBodySchema,
  updateModuleLinkBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { issueParams } from '../issues/issues.routes.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['modules'];
const moduleParams = projectParams.extend({ module_id: z.uuid() });
const moduleIssueParams = moduleParams.extend({ issue_id: z.uuid() });
const linkParams = moduleParams.extend({ link_id: z.uuid() });

export function modulesRoutes(app: App, { modules }: Services) {
  const project = '/api/workspaces/:slug/projects/:project_id';
  const base = `${project}/modules`;
  const one = `${base}/:module_id`;

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: moduleListQuerySchema,
        response: { 200: z.array(moduleSchema) },
      },
    },
    (request) => modules.list(projectOf(request), userOf(request), request.query),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createModuleBodySchema,
        response: { 201: moduleSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await modules.create(projectOf(request), userOf(request), request.body)),
  );

  app.get(
    `${one}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: moduleParams, response: { 200: moduleSchema } },
    },
    (request) => modules.get(projectOf(request), userOf(request), request.params.module_id),
  );

  app.patch(
    `${one}/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: moduleParams,
        body: updateModuleBodySchema,
        response: { 200: moduleSchema },
      },
    },
    (request) => modules.update(projectOf(request), userOf(request), request.params.module_id, request.body),
  );

  // PUT needs what creation needs (api.md §0.2): the name.
  app.put(
    `${one}/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: moduleParams,
        body: createModuleBodySchema,
        response: { 200: moduleSchema },
      },
    },
    (request) => modules.update(projectOf(request), userOf(request), request.params.module_id, request.body),
  );

  app.delete(
    `${one}/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: moduleParams } },
    async (request, reply) => {
      await modules.remove(projectOf(request), userOf(request), request.params.module_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${one}/issues/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: moduleParams, querystring: listIssuesQuerySchema },
    },
    (request) =>
      modules.listIssues(projectOf(request), userOf(request), request.params.module_id, request.query),
  );

  app.get(
    `${one}/analytics/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: moduleParams,
        querystring: planningAnalyticsQuerySchema,
        response: { 200: planningAnalyticsSchema },
      },
    },
    (request) => modules.analytics(projectOf(request), request.params.module_id, request.query.type),
  );

  app.post(
    `${one}/issues/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: moduleParams,
        body: issueIdsBodySchema,
        response: { 201: z.array(moduleIssueSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await modules.addIssues(
            projectOf(request),
            userOf(request),
            request.params.module_id,
            request.body.issues,
          ),
        ),
  );

  app.delete(
    `${one}/issues/:issue_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: moduleIssueParams } },
    async (request, reply) => {
      const { module_id, issue_id } = request.params;
      await modules.removeIssue(projectOf(request), userOf(request), module_id, issue_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${project}/issues/:issue_id/modules/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: issueParams,
        body: issueModulesBodySchema,
        response: { 200: issueDetailSchema },
      },
    },
    (request) =>
      modules.setIssueModules(projectOf(request), userOf(request), request.params.issue_id, request.body),
  );

  app.get(
    `${one}/module-links/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: moduleParams, response: { 200: z.array(moduleLinkSchema) } },
    },
    (request) => modules.links(projectOf(request), request.params.module_id),
  );

  app.post(
    `${one}/module-links/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: moduleParams,
        body: createModuleLinkBodySchema,
        response: { 201: moduleLinkSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await modules.addLink(projectOf(request), userOf(request), request.params.module_id, request.body),
        ),
  );

  app.patch(
    `${one}/module-links/:link_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: linkParams,
        body: updateModuleLinkBodySchema,
        response: { 200: moduleLinkSchema },
      },
    },
    (request) => {
      const { module_id, link_id } = request.params;
      return modules.updateLink(projectOf(request), userOf(request), module_id, link_id, request.body);
    },
  );

  app.delete(
    `${one}/module-links/:link_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: linkParams } },
    async (request, reply) => {
      await modules.removeLink(projectOf(request), request.params.module_id, request.params.link_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${one}/archive/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: moduleParams, response: { 200: archiveResponseSchema } },
    },
    (request) => modules.archive(projectOf(request), request.params.module_id),
  );

  app.delete(
    `${one}/archive/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: moduleParams } },
    async (request, reply) => {
      await modules.restore(projectOf(request), request.params.module_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${project}/archived-modules/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(moduleSchema) } },
    },
    (request) => modules.listArchived(projectOf(request), userOf(request)),
  );

  app.get(
    `${project}/archived-modules/:module_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: moduleParams, response: { 200: moduleSchema } },
    },
    (request) => modules.getArchived(projectOf(request), userOf(request), request.params.module_id),
  );

  app.get(
    `${project}/user-favorite-modules/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(favoriteSchema) } },
    },
    (request) => modules.favorites(projectOf(request), userOf(request)),
  );

  app.post(
    `${project}/user-favorite-modules/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: favoriteModuleBodySchema,
        response: { 201: favoriteSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await modules.addFavorite(projectOf(request), userOf(request), request.body.module)),
  );

  app.delete(
    `${project}/user-favorite-modules/:module_id/`,
    { config: projectConfig(ROLE.GUEST), schema: { tags: TAGS, params: moduleParams } },
    async (request, reply) => {
      await modules.removeFavorite(projectOf(request), userOf(request), request.params.module_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/workspaces/:slug/modules/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(moduleSchema) } },
    },
    (request) => modules.listWorkspace(accessOf(request), userOf(request)),
  );
}
