import {
  updateMemberBodySchema,
  workspaceMemberMeSchema,
  workspaceMemberSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['members'];
const memberParams = slugParams.extend({ member_id: z.uuid() });
const reader = { auth: 'required' as const, workspaceRole: ROLE.GUEST };
const admin = { auth: 'required' as const, workspaceRole: ROLE.ADMIN };

export function membersRoutes(app: App, { members }: Services) {
  app.get(
    '/api/workspaces/:slug/members/',
    {
      config: reader,
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(workspaceMemberSchema) } },
    },
    (request) => members.list(accessOf(request), userOf(request)),
  );

  app.post(
    '/api/workspaces/:slug/members/leave/',
    { config: reader, schema: { tags: TAGS, params: slugParams } },
    async (request, reply) => {
      await members.leave(accessOf(request), userOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/workspaces/:slug/members/:member_id/',
    {
      config: reader,
      schema: { tags: TAGS, params: memberParams, response: { 200: workspaceMemberSchema } },
    },
    (request) => members.get(accessOf(request), userOf(request), request.params.member_id),
  );

  app.patch(
    '/api/workspaces/:slug/members/:member_id/',
    {
      config: admin,
      schema: {
        tags: TAGS,
        params: memberParams,
        body: updateMemberBodySchema,
        response: { 200: workspaceMemberSchema },
      },
    },
    (request) =>
      members.updateRole(accessOf(request), userOf(request), request.params.member_id, request.body.role),
  );

  app.delete(
    '/api/workspaces/:slug/members/:member_id/',
    { config: admin, schema: { tags: TAGS, params: memberParams } },
    async (request, reply) => {
      await members.remove(accessOf(request), userOf(request), request.params.member_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/workspaces/:slug/workspace-members/me/',
    {
      config: reader,
      schema: { tags: TAGS, params: slugParams, response: { 200: workspaceMemberMeSchema } },
    },
    (request) => members.me(accessOf(request)),
  );
}
