import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Executor } from '../../platform/db/database.ts';
import type { RequestScope, ResolvedSession } from '../../platform/http/hooks.ts';
import { randomToken, sha256 } from '../../platform/security/tokens.ts';
import { effectiveProjectRole } from '../projects/projects.policy.ts';
import { findSessionAccess } from './request-access.repo.ts';
import { deleteSession, deleteUserSessions, findSessionUser, insertSession } from './session.repo.ts';

export const SESSION_COOKIE = 'session-id';

export interface SessionService {
  /** The live session behind a cookie; with a scope, also the caller's access to that workspace/project. */
  resolve(token: string | undefined, scope?: RequestScope): Promise<ResolvedSession | null>;
  /** Issues a fresh session id (rotation: any session the request carried is dropped). */
  start(db: Executor, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  revokeAll(db: Executor, userId: string, exceptHash?: string): Promise<void>;
}

export function createSessionService(db: Executor, config: Config): SessionService {
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  return {
    async resolve(token, scope) {
      if (!token || token.length > 200) return null;
      const tokenHash = sha256(token);
      if (!scope) {
        const user = await findSessionUser(db, tokenHash, new Date());
        return user ? { user, tokenHash } : null;
      }
      const row = await findSessionAccess(db, { tokenHash, now: new Date(), ...scope });
      if (!row) return null;
      const workspace =
        row.workspace && row.membership ? { workspace: row.workspace, membership: row.membership } : null;
      const project =
        workspace && row.project
          ? {
              project: row.project,
              membership: row.projectMembership,
              role: effectiveProjectRole(workspace.membership.role, row.projectMembership?.role ?? null),
            }
          : null;
      return { user: row.user, tokenHash, workspace, project };
    },
    async start(tx, request, reply, userId) {
      if (request.sessionTokenHash) await deleteSession(tx, request.sessionTokenHash);
      const token = randomToken(32);
      const tokenHash = sha256(token);
      await insertSession(tx, {
        token_hash: tokenHash,
        user_id: userId,
        expires_at: new Date(Date.now() + config.sessionCookieAge * 1000),
        ip: request.ip ?? null,
        user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      request.sessionTokenHash = tokenHash;
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: config.sessionCookieAge });
    },
    async end(request, reply) {
      if (request.sessionTokenHash) await deleteSession(db, request.sessionTokenHash);
      request.sessionTokenHash = null;
      request.user = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    },
    revokeAll: (tx, userId, exceptHash) => deleteUserSessions(tx, userId, exceptHash),
  };
}
