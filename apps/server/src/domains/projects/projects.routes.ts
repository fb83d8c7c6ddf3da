import {
  archiveResponseSchema,
  createProjectBodySchema,
  favoriteProjectBodySchema,
  favoriteSchema,
  identifierCheckQuerySchema,
  identifierCheckResponseSchema,
  joinProjectsBodySchema,
  listProjectsQuerySchema,
  projectMemberSchema,
  projectRolesSchema,
  projectSchema,
  projectViewsBodySchema,
  updateProjectBodySchema,
  workspaceProjectMembersSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';
import { presentProjectMember } from './project-members.presenter.ts';

const TAGS = ['projects'];
export const projectParams = slugParams.extend({ project_id: z.string() });
const ws = (role: number) => ({ auth: 'required' as const, workspaceRole: role as 5 });
export const projectConfig = (
  role: 5 | 10 | 15 | 20,
  extra: { archivedWritable?: boolean; publicProjectRead?: boolean; listChangesTold?: boolean } = {},
) => ({
  auth: 'required' as const,
  workspaceRole: ROLE.GUEST,
  projectRole: role,
  ...extra,
});

export function projectsRoutes(app: App, { projects, projectMembers }: Services) {
  const base = '/api/workspaces/:slug/projects';

  app.get(
    `${base}/`,
    {
      config: ws(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: slugParams,
        querystring: listProjectsQuerySchema,
        response: { 200: z.array(projectSchema) },
      },
    },
    (request) => projects.list(accessOf(request), userOf(request), request.query.order_by),
  );

  app.get(
    `${base}/details/`,
    {
      config: ws(ROLE.GUEST),
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(projectSchema) } },
    },
    (request) => projects.list(accessOf(request), userOf(request), 'created_at'),
  );

  app.post(
    `${base}/`,
    {
      config: ws(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: slugParams,
        body: createProjectBodySchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await projects.create(accessOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:project_id/`,
    {
      config: projectConfig(ROLE.GUEST, { publicProjectRead: true }),
      schema: { tags: TAGS, params: projectParams, response: { 200: projectSchema } },
    },
    (request) => projects.present(projectOf(request), userOf(request)),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${base}/:project_id/`,
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: updateProjectBodySchema,
        response: { 200: projectSchema },
      },
      handler: (request) => projects.update(projectOf(request), userOf(request), request.body),
    });
  }

  app.delete(
    `${base}/:project_id/`,
    {
      config: projectConfig(ROLE.ADMIN, { archivedWritable: true }),
      schema: { tags: TAGS, params: projectParams },
    },
    async (request, reply) => {
      await projects.remove(projectOf(request), userOf(request).id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:project_id/archive/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: { tags: TAGS, params: projectParams, response: { 200: archiveResponseSchema } },
    },
    (request) => projects.archive(projectOf(request), userOf(request)),
  );

  app.delete(
    `${base}/:project_id/archive/`,
    {
      config: projectConfig(ROLE.ADMIN, { archivedWritable: true }),
      schema: { tags: TAGS, params: projectParams },
    },
    async (request, reply) => {
      await projects.restore(projectOf(request), userOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:project_id/project-views/`,
    {
      config: projectConfig(ROLE.GUEST, { archivedWritable: true }),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: projectViewsBodySchema,
        response: { 200: projectMemberSchema },
      },
    },
    (request) => projectMembers.updatePreferences(projectOf(request), request.body),
  );

  app.get(
    '/api/workspaces/:slug/project-identifiers/',
    {
      config: ws(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: slugParams,
        querystring: identifierCheckQuerySchema,
        response: { 200: identifierCheckResponseSchema },
      },
    },
    (request) => projects.checkIdentifier(accessOf(request), request.query.name),
  );

  app.get(
    '/api/workspaces/:slug/user-favorite-projects/',
    {
      config: ws(ROLE.GUEST),
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(favoriteSchema) } },
    },
    (request) => projects.favorites(accessOf(request), userOf(request)),
  );

  app.post(
    '/api/workspaces/:slug/user-favorite-projects/',
    {
      config: ws(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: slugParams,
        body: favoriteProjectBodySchema,
        response: { 201: favoriteSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await projects.addFavorite(accessOf(request), userOf(request), request.body.project)),
  );

  app.delete(
    '/api/workspaces/:slug/user-favorite-projects/:project_id/',
    {
      config: projectConfig(ROLE.GUEST, { archivedWritable: true }),
      schema: { tags: TAGS, params: projectParams },
    },
    async (request, reply) => {
      await projects.removeFavorite(projectOf(request), userOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/users/me/workspaces/:slug/projects/invitations/',
    {
      config: ws(ROLE.VIEWER),
      schema: {
        tags: TAGS,
        params: slugParams,
        body: joinProjectsBodySchema,
        response: { 201: z.array(projectMemberSchema) },
      },
    },
    async (request, reply) => {
      const rows = await projects.joinPublic(accessOf(request), userOf(request), request.body.project_ids);
      return reply.code(201).send(rows.map(presentProjectMember));
    },
  );

  app.get(
    '/api/users/me/workspaces/:slug/project-roles/',
    {
      config: ws(ROLE.GUEST),
      schema: { tags: TAGS, params: slugParams, response: { 200: projectRolesSchema } },
    },
    (request) => projectMembers.rolesOf(accessOf(request), userOf(request)),
  );

  app.get(
    '/api/workspaces/:slug/project-members/',
    {
      config: ws(ROLE.GUEST),
      schema: { tags: TAGS, params: slugParams, response: { 200: workspaceProjectMembersSchema } },
    },
    (request) => projectMembers.membersOfMyProjects(accessOf(request), userOf(request)),
  );
}
