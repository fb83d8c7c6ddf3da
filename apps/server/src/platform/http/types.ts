import type { Role } from '@kite/shared/domain';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type {
  ProjectMemberRow,
  ProjectRow,
  UserRow,
  WorkspaceMemberRow,
  WorkspaceRow,
} from '../db/schema.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * How a route authenticates: `required` → 401 without a session; `optional` reads one if present;
 * `apiKey` (the public API, `/api/v1/`) → 401 without a valid `X-Api-Key`, cookies ignored.
 */
export type AuthMode = 'required' | 'optional' | 'none' | 'apiKey';

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  membership: WorkspaceMemberRow;
}

export interface ProjectAccess {
  project: ProjectRow;
  /** The caller's active project membership; null for a non-member reading a public project. */
  membership: ProjectMemberRow | null;
  /** Effective project role: a workspace admin who is a project member acts as project admin. */
  role: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Minimum workspace role for routes under /api/workspaces/:slug/ (404 for non-members). */
    workspaceRole?: Role;
    /** Minimum effective project role for routes under …/projects/:project_id/ (404 for non-members). */
    projectRole?: Role;
    /** Workspace members with role ≥ 10 may read a public project they have not joined. */
    publicProjectRead?: boolean;
    /** The route's service tells the issue list caches of its changes item by item (list-cache-feed.ts). */
    listChangesTold?: boolean;
    /** Writes allowed while the project is archived (restore, delete). */
    archivedWritable?: boolean;
    /** Only the instance admin may call the route. */
    instanceAdmin?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionTokenHash: string | null;
    /** The API token a `/api/v1/` request came with. */
    apiTokenId: string | null;
    workspaceAccess: WorkspaceAccess | null;
    projectAccess: ProjectAccess | null;
  }
}
