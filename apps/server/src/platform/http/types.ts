import type { Role } from '@kite/shared/domain';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow, WorkspaceMemberRow, WorkspaceRow } from '../db/schema.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** How a route authenticates: `required` → 401 without a session; `optional` reads one if present. */
export type AuthMode = 'required' | 'optional' | 'none';

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  membership: WorkspaceMemberRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Minimum workspace role for routes under /api/workspaces/:slug/ (404 for non-members). */
    workspaceRole?: Role;
    /** Only the instance admin may call the route. */
    instanceAdmin?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionTokenHash: string | null;
    workspaceAccess: WorkspaceAccess | null;
  }
}
