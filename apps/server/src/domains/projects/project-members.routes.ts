import {
  addProjectMembersBodySchema,
  projectMemberSchema,
  updateProjectMemberBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from './projects.routes.ts';

const TAGS = ['project members'];
const memberParams = projectParams.extend({ member_id: z.uuid() });

export function projectMembersRoutes(app: App, { projectMembers }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id';

  app.get(
    `${base}/members/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(projectMemberSchema) } },
    },
    (request) => projectMembers.list(projectOf(request)),
  );

  app.post(
    `${base}/members/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: addProjectMembersBodySchema,
        response: { 201: z.array(projectMemberSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await projectMembers.addMany(projectOf(request), userOf(request), request.body.members)),
  );

  app.post(
    `${base}/members/leave/`,
    {
      config: projectConfig(ROLE.GUEST, { archivedWritable: true }),
      schema: { tags: TAGS, params: projectParams },
    },
    async (request, reply) => {
      await projectMembers.leave(projectOf(request), userOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/members/:member_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: memberParams, response: { 200: projectMemberSchema } },
    },
    (request) => projectMembers.get(projectOf(request), request.params.member_id),
  );

  app.patch(
    `${base}/members/:member_id/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: memberParams,
        body: updateProjectMemberBodySchema,
        response: { 200: projectMemberSchema },
      },
    },
    (request) =>
      projectMembers.updateRole(
        projectOf(request),
        userOf(request),
        request.params.member_id,
        request.body.role,
      ),
  );

  app.delete(
    `${base}/members/:member_id/`,
    { config: projectConfig(ROLE.ADMIN), schema: { tags: TAGS, params: memberParams } },
    async (request, reply) => {
      await projectMembers.remove(projectOf(request), userOf(request), request.params.member_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/project-members/me/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: projectMemberSchema } },
    },
    (request) => projectMembers.me(projectOf(request)),
  );
}
