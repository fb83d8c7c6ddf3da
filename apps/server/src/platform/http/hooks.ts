import { hasRole, ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { assertCsrf, isWrite } from './csrf.ts';
import type { ProjectAccess, WorkspaceAccess } from './types.ts';

export interface HookDeps {
  config: Config;
  resolveSession(
    token: string | undefined,
  ): Promise<{ user: import('../db/schema.ts').UserRow; tokenHash: string } | null>;
  findWorkspaceAccess(slug: string, userId: string): Promise<WorkspaceAccess | undefined>;
  findProjectAccess(access: WorkspaceAccess, projectId: string): Promise<ProjectAccess | undefined>;
  sessionCookie: string;
}

function needsCsrf(request: FastifyRequest): boolean {
  if (!isWrite(request.method)) return false;
  const path = request.url;
  if (path.startsWith('/auth/')) return true;
  if (path.startsWith('/api/v1/') || path.startsWith('/api/public/')) return false;
  // Every other cookie-authenticated write of the web API.
  return path.startsWith('/api/') && request.user !== null;
}

/** The check order of the contract: 401 (here) → CSRF 403 → 404 visibility → 403 role → 400 validation. */
export function createAuthHooks(deps: HookDeps) {
  return {
    async onRequest(request: FastifyRequest, _reply: FastifyReply) {
      request.user = null;
      request.sessionTokenHash = null;
      request.workspaceAccess = null;
      request.projectAccess = null;
      const mode = request.routeOptions.config.auth ?? 'none';
      if (mode === 'none' && !request.url.startsWith('/auth/')) return;
      const session = await deps.resolveSession(request.cookies[deps.sessionCookie]);
      if (session) {
        request.user = session.user;
        request.sessionTokenHash = session.tokenHash;
      }
      if (mode === 'required' && !request.user) {
        throw new AppError('unauthenticated', 'Authentication credentials were not provided');
      }
    },

    async preValidation(request: FastifyRequest, _reply: FastifyReply) {
      if (needsCsrf(request)) assertCsrf(request, deps.config.appBaseUrl);
      const config = request.routeOptions.config;
      if (config.instanceAdmin && !request.user?.is_instance_admin) {
        throw new AppError('forbidden', 'Only the instance admin can do this');
      }
      if (config.workspaceRole !== undefined && request.user) {
        const slug = String((request.params as Record<string, unknown>).slug ?? '').toLowerCase();
        const access = await deps.findWorkspaceAccess(slug, request.user.id);
        if (!access) throw new AppError('not_found', 'Workspace not found');
        if (!hasRole(access.membership.role, config.workspaceRole)) {
          throw new AppError('forbidden', 'You do not have permission to perform this action');
        }
        request.workspaceAccess = access;
        if (config.projectRole !== undefined)
          request.projectAccess = await checkProject(deps, request, access);
      }
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Project visibility (404), role (403) and the archived-project rule (400), in the contract's order. */
async function checkProject(
  deps: HookDeps,
  request: FastifyRequest,
  access: WorkspaceAccess,
): Promise<ProjectAccess> {
  const config = request.routeOptions.config;
  const projectId = String((request.params as Record<string, unknown>).project_id ?? '');
  const notFound = new AppError('not_found', 'Project not found');
  if (!UUID.test(projectId)) throw notFound;
  const project = await deps.findProjectAccess(access, projectId.toLowerCase());
  if (!project) throw notFound;
  if (!project.membership) {
    const publicRead =
      config.publicProjectRead && project.project.network === 2 && access.membership.role >= ROLE.VIEWER;
    if (!publicRead) throw notFound;
    return project;
  }
  if (!hasRole(project.role, config.projectRole!)) {
    throw new AppError('forbidden', 'You do not have permission to perform this action');
  }
  if (project.project.archived_at && isWrite(request.method) && !config.archivedWritable) {
    throw new AppError('bad_request', 'Archived projects are read-only', 'PROJECT_ARCHIVED');
  }
  return project;
}

/** The access a workspace route's hook resolved; routes without `workspaceRole` never call this. */
export function accessOf(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspaceAccess) throw new Error('route is missing config.workspaceRole');
  return request.workspaceAccess;
}

export function userOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('unauthenticated', 'Authentication credentials were not provided');
  return request.user;
}

/** The origin links in emails point at: APP_BASE_URL, else the origin the request came to. */
export function baseUrlOf(request: FastifyRequest, config: Config): string {
  return config.appBaseUrl ?? `${request.protocol}://${request.host}`;
}

export function projectOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new Error('route is missing config.projectRole');
  return request.projectAccess;
}
