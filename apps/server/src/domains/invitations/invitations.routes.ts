import {
  acceptInvitationsBodySchema,
  createInvitationsBodySchema,
  invitationSchema,
  joinInvitationBodySchema,
  updateInvitationBodySchema,
  workspaceMemberSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, baseUrlOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['invitations'];
const invitationParams = slugParams.extend({ invitation_id: z.uuid() });
const admin = { auth: 'required' as const, workspaceRole: ROLE.ADMIN };

export function invitationsRoutes(app: App, { invitations, config }: Services) {
  app.get(
    '/api/workspaces/:slug/invitations/',
    {
      config: admin,
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(invitationSchema) } },
    },
    (request) => invitations.list(accessOf(request)),
  );

  app.post(
    '/api/workspaces/:slug/invitations/',
    {
      config: admin,
      schema: {
        tags: TAGS,
        params: slugParams,
        body: createInvitationsBodySchema,
        response: { 201: z.array(invitationSchema) },
      },
    },
    async (request, reply) => {
      const created = await invitations.create(
        accessOf(request),
        userOf(request),
        request.body,
        baseUrlOf(request, config),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/workspaces/:slug/invitations/:invitation_id/',
    { config: admin, schema: { tags: TAGS, params: invitationParams, response: { 200: invitationSchema } } },
    (request) => invitations.get(accessOf(request), request.params.invitation_id),
  );

  app.patch(
    '/api/workspaces/:slug/invitations/:invitation_id/',
    {
      config: admin,
      schema: {
        tags: TAGS,
        params: invitationParams,
        body: updateInvitationBodySchema,
        response: { 200: invitationSchema },
      },
    },
    (request) =>
      invitations.updateRole(
        accessOf(request),
        userOf(request),
        request.params.invitation_id,
        request.body.role,
      ),
  );

  app.delete(
    '/api/workspaces/:slug/invitations/:invitation_id/',
    { config: admin, schema: { tags: TAGS, params: invitationParams } },
    async (request, reply) => {
      await invitations.remove(accessOf(request), request.params.invitation_id);
      return reply.code(204).send();
    },
  );

  // The invitee is not a member yet: the emailed token, not membership, grants access.
  app.post(
    '/api/workspaces/:slug/invitations/:invitation_id/join/',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        params: invitationParams,
        body: joinInvitationBodySchema,
        response: { 200: invitationSchema },
      },
    },
    (request) =>
      invitations.join(
        userOf(request),
        request.params.slug.toLowerCase(),
        request.params.invitation_id,
        request.body.token,
        request.body.accepted,
      ),
  );

  app.get(
    '/api/users/me/workspaces/invitations/',
    { config: { auth: 'required' }, schema: { tags: TAGS, response: { 200: z.array(invitationSchema) } } },
    (request) => invitations.listMine(userOf(request)),
  );

  app.post(
    '/api/users/me/workspaces/invitations/',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        body: acceptInvitationsBodySchema,
        response: { 201: z.array(workspaceMemberSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.acceptMine(userOf(request), request.body.invitations)),
  );
}
