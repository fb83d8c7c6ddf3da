import {
  adminUserSchema,
  adminUsersQuerySchema,
  adminWorkspaceSchema,
  adminWorkspacesQuerySchema,
  auditEntrySchema,
  auditQuerySchema,
  createAdminWorkspaceBodySchema,
  emailCredentialsCheckBodySchema,
  emailCredentialsCheckResponseSchema,
  paginated,
  updateAdminUserBodySchema,
} from '@kite/shared/contracts';
import { z } from 'zod';
import { userOf } from '../../platform/http/hooks.ts';
import { parseNumberedPage } from '../../platform/http/pagination.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';

const TAGS = ['instance'];
const instanceAdmin = { auth: 'required' as const, instanceAdmin: true };
const DEFAULT_PER_PAGE = 50;
const userParams = z.object({ user_id: z.uuid() });

/** The instance admin console's API (`/god-mode`); instance admins only, others 403. */
export function instanceAdminRoutes(app: App, { instanceAdmin: adminConsole }: Services) {
  app.get(
    '/api/instances/users/',
    {
      config: instanceAdmin,
      schema: {
        tags: TAGS,
        querystring: adminUsersQuerySchema,
        response: { 200: paginated(adminUserSchema) },
      },
    },
    (request) =>
      adminConsole.listUsers(request.query.search, parseNumberedPage(request.query, DEFAULT_PER_PAGE)),
  );

  app.patch(
    '/api/instances/users/:user_id/',
    {
      config: instanceAdmin,
      schema: {
        tags: TAGS,
        params: userParams,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserSchema },
      },
    },
    (request) => adminConsole.updateUser(userOf(request), request.params.user_id, request.body),
  );

  app.get(
    '/api/instances/workspaces/',
    {
      config: instanceAdmin,
      schema: {
        tags: TAGS,
        querystring: adminWorkspacesQuerySchema,
        response: { 200: paginated(adminWorkspaceSchema) },
      },
    },
    (request) =>
      adminConsole.listWorkspaces(request.query.search, parseNumberedPage(request.query, DEFAULT_PER_PAGE)),
  );

  app.post(
    '/api/instances/workspaces/',
    {
      config: instanceAdmin,
      schema: { tags: TAGS, body: createAdminWorkspaceBodySchema, response: { 201: adminWorkspaceSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await adminConsole.createWorkspace(userOf(request), request.body)),
  );

  app.post(
    '/api/instances/email-credentials-check/',
    {
      config: instanceAdmin,
      schema: {
        tags: TAGS,
        body: emailCredentialsCheckBodySchema,
        response: { 200: emailCredentialsCheckResponseSchema },
      },
    },
    (request) => adminConsole.checkEmailCredentials(userOf(request), request.body.receiver_email),
  );

  app.get(
    '/api/instances/audit-log/',
    {
      config: instanceAdmin,
      schema: { tags: TAGS, querystring: auditQuerySchema, response: { 200: paginated(auditEntrySchema) } },
    },
    (request) => adminConsole.listAudit(parseNumberedPage(request.query, DEFAULT_PER_PAGE)),
  );
}
