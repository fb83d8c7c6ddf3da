import { hasRole, ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { UserRow } from '../db/schema.ts';
import { assertCsrf, isWrite } from './csrf.ts';
import type { ProjectAccess, WorkspaceAccess } from './types.ts';

/** Where a workspace or project route points: resolved together with the session. */
export interface RequestScope {
  slug: string;
  /** Null when the route is not a project route or the id is not a UUID (404 either way). */
  projectId: string | null;
}

export interface ResolvedSession {
  user: UserRow;
  tokenHash: string;
  /** With a scope: the caller's access to the workspace and project, null where they have none. */
  workspace?: WorkspaceAccess | null;
  project?: ProjectAccess | null;
}

/** What an `X-Api-Key` resolves to: the token's user, acting with their current roles (api.md §14). */
export interface ResolvedApiKey {
  user: UserRow;
  tokenId: string;
  workspace?: WorkspaceAccess | null;
  project?: ProjectAccess | null;
}

/** One request counted against a token's window (api.md §15.1). */
export interface RateLimitHit {
  allowed: boolean;
  remaining: number;
  /** Unix seconds when the window resets. */
  resetAt: number;
}

export interface HookDeps {
  config: Config;
  resolveSession(token: string | undefined, scope?: RequestScope): Promise<ResolvedSession | null>;
  sessionCookie: string;
  /** `/api/v1/`: the token behind an API key, null when it is unknown, expired or deleted. */
  resolveApiKey?(key: string, scope?: RequestScope): Promise<ResolvedApiKey | null>;
  /** `/api/v1/`: counts one request of a token. */
  limitApiKey?(tokenId: string): RateLimitHit | Promise<RateLimitHit>;
}

/** The scoped access found in onRequest, checked in preValidation (after CSRF, in the contract's order). */
const scopedAccess = new WeakMap<
  FastifyRequest,
  { workspace?: WorkspaceAccess | null; project?: ProjectAccess | null }
>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function scopeOf(request: FastifyRequest): RequestScope | undefined {
  const config = request.routeOptions.config;
  if (config.workspaceRole === undefined) return undefined;
  const params = request.params as Record<string, unknown>;
  const projectId = config.projectRole === undefined ? '' : String(params.project_id ?? '');
  return {
    slug: String(params.slug ?? '').toLowerCase(),
    projectId: UUID.test(projectId) ? projectId.toLowerCase() : null,
  };
}

/** `X-Api-Key: plane_api_…`, or `Authorization: Bearer plane_api_…` (api.md §15.1). */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key) return key.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

function needsCsrf(request: FastifyRequest): boolean {
  if (!isWrite(request.method)) return false;
  if (request.routeOptions.config.auth === 'apiKey') return false;
  const path = request.url;
  if (path.startsWith('/auth/')) return true;
  if (path.startsWith('/api/v1/') || path.startsWith('/api/public/')) return false;
  // Every other cookie-authenticated write of the web API.
  return path.startsWith('/api/') && request.user !== null;
}

/** The check order of the contract: 401 (here) → CSRF 403 → 404 visibility → 403 role → 400 validation. */
export function createAuthHooks(deps: HookDeps) {
  /**
   * `/api/v1/`: the API key alone authenticates (session cookies are ignored, so no CSRF), then
   * the token's window is counted: every answer says what is left, and past the limit it is 429.
   */
  async function authenticateApiKey(request: FastifyRequest, reply: FastifyReply) {
    const key = apiKeyOf(request);
    const resolved = key && key.length <= 200 ? await deps.resolveApiKey?.(key, scopeOf(request)) : null;
    if (!resolved) throw new AppError('unauthenticated', 'Invalid or expired API token');
    request.user = resolved.user;
    request.apiTokenId = resolved.tokenId;
    scopedAccess.set(request, resolved);
    const hit = await deps.limitApiKey?.(resolved.tokenId);
    if (!hit) return;
    reply.header('X-RateLimit-Remaining', String(hit.remaining));
    reply.header('X-RateLimit-Reset', String(hit.resetAt));
    if (!hit.allowed) {
      throw new AppError(
        'rate_limited',
        'Request limit of the API token reached, try again later',
        undefined,
        {
          retry_after: Math.max(1, hit.resetAt - Math.floor(Date.now() / 1000)),
        },
      );
    }
  }

  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply) {
      request.user = null;
      request.sessionTokenHash = null;
      request.workspaceAccess = null;
      request.projectAccess = null;
      request.apiTokenId = null;
      const mode = request.routeOptions.config.auth ?? 'none';
      if (mode === 'apiKey') return authenticateApiKey(request, reply);
      if (mode === 'none' && !request.url.startsWith('/auth/')) return;
      const session = await deps.resolveSession(request.cookies[deps.sessionCookie], scopeOf(request));
      if (session) {
        request.user = session.user;
        request.sessionTokenHash = session.tokenHash;
        scopedAccess.set(request, session);
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
        const scoped = scopedAccess.get(request);
        const access = scoped?.workspace;
        if (!access) throw new AppError('not_found', 'Workspace not found');
        if (!hasRole(access.membership.role, config.workspaceRole)) {
          throw new AppError('forbidden', 'You do not have permission to perform this action');
        }
        request.workspaceAccess = access;
        if (config.projectRole !== undefined) request.projectAccess = checkProject(request, access, scoped);
      }
    },
  };
}

/** Project visibility (404), role (403) and the archived-project rule (400), in the contract's order. */
function checkProject(
  request: FastifyRequest,
  access: WorkspaceAccess,
  scoped: { project?: ProjectAccess | null } | undefined,
): ProjectAccess {
  const config = request.routeOptions.config;
  const notFound = () => new AppError('not_found', 'Project not found');
  const project = scoped?.project;
  if (!project) throw notFound();
  if (!project.membership) {
    const publicRead =
      config.publicProjectRead && project.project.network === 2 && access.membership.role >= ROLE.VIEWER;
    if (!publicRead) throw notFound();
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
