import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Executor } from '../../platform/db/database.ts';
import type { RequestScope, ResolvedSession } from '../../platform/http/hooks.ts';
import { randomToken, sha256 } from '../../platform/security/tokens.ts';
import { effectiveProjectRole } from '../projects/projects.policy.ts';
import type { AccessCache } from './access-cache.ts';
import { findSessionAccess } from './request-access.repo.ts';
import { deleteSession, deleteUserSessions, findSessionUser, insertSession } from './session.repo.ts';

export const SESSION_COOKIE = 'session-id';

export interface SessionService {
  /**
   * The live session behind a cookie; with a scope, also the caller's access to that
   * workspace/project. `fresh` reads past the cache: a re-check triggered by an access change may
   * run before this process has heard of the change on the cache's channel.
   */
  resolve(
    token: string | undefined,
    scope?: RequestScope,
    options?: { fresh?: boolean },
  ): Promise<ResolvedSession | null>;
  /** Issues a fresh session id (rotation: any session the request carried is dropped). */
  start(db: Executor, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  revokeAll(db: Executor, userId: string, exceptHash?: string): Promise<void>;
}

export function createSessionService(db: Executor, config: Config, cache: AccessCache): SessionService {
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  async function lookUpUser(tokenHash: string, now: Date) {
    const row = await findSessionUser(db, tokenHash, now);
    return row && { session: { user: row.user, tokenHash }, expiresAt: row.expiresAt };
  }

  async function lookUpAccess(tokenHash: string, now: Date, scope: RequestScope) {
    const row = await findSessionAccess(db, { tokenHash, now, ...scope });
    if (!row) return undefined;
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
    return { session: { user: row.user, tokenHash, workspace, project }, expiresAt: row.expiresAt };
  }

  return {
    async resolve(token, scope, options = {}) {
      if (!token || token.length > 200) return null;
      const tokenHash = sha256(token);
      const key = scope ? `${tokenHash} ${scope.slug} ${scope.projectId ?? ''}` : tokenHash;
      const now = new Date();
      const cached = options.fresh ? undefined : cache.get(key, now.getTime());
      if (cached) return cached;
      const ticket = cache.ticket();
      const found = scope ? await lookUpAccess(tokenHash, now, scope) : await lookUpUser(tokenHash, now);
      if (!found) return null;
      cache.set(ticket, key, found.session, found.expiresAt.getTime());
      return found.session;
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
