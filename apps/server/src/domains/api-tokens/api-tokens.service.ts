import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreated,
  type createApiTokenBodySchema,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { z } from 'zod';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { RequestScope, ResolvedApiKey } from '../../platform/http/hooks.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import { sha256 } from '../../platform/security/tokens.ts';
import { effectiveProjectRole } from '../projects/projects.policy.ts';
import {
  expiryRefusal,
  isTokenActive,
  isTokenShaped,
  LAST_USED_INTERVAL_MS,
  shouldRecordUse,
} from './api-tokens.policy.ts';
import { presentApiToken } from './api-tokens.presenter.ts';
import {
  findApiToken,
  findApiTokenAccess,
  findApiTokenUser,
  insertApiToken,
  listApiTokens,
  recordApiTokenUse,
  softDeleteApiToken,
  softDeleteApiTokensOfUser,
} from './api-tokens.repo.ts';

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
type CreateBody = z.output<typeof createApiTokenBodySchema>;

const tokenNotFound = () => new AppError('not_found', 'API token not found');

/** Personal API tokens (api.md §14) and their use as `/api/v1/` credentials (§15.1). */
export function createApiTokensService(db: Db, clock: () => Date = () => new Date()) {
  /** Writes `last_used` when the last write is a minute old: at most one write a minute per token. */
  async function recordUse(token: { id: string; last_used: Date | null }, now: Date) {
    if (shouldRecordUse(token.last_used, now)) {
      await recordApiTokenUse(db, token.id, now, LAST_USED_INTERVAL_MS);
    }
  }

  return {
    /** The caller's tokens for this workspace, newest first. */
    async list(access: WorkspaceAccess, user: UserRow): Promise<ApiToken[]> {
      const now = clock();
      const rows = await listApiTokens(db, access.workspace.id, user.id);
      return rows.map((row) => presentApiToken(row, now));
    },

    /** A new token: answered in full this once, stored only as its SHA-256. */
    async create(access: WorkspaceAccess, user: UserRow, body: CreateBody): Promise<ApiTokenCreated> {
      const now = clock();
      const refusal = expiryRefusal(body.expired_at, now);
      if (refusal) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { expired_at: refusal },
        });
      }
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('hex')}`;
      const row = await insertApiToken(db, {
        workspace_id: access.workspace.id,
        user_id: user.id,
        label: body.label,
        description: body.description ?? '',
        token_hash: sha256(token),
        token_last4: token.slice(-4),
        expired_at: body.expired_at ? new Date(body.expired_at) : null,
        created_by: user.id,
        updated_by: user.id,
      });
      return { ...presentApiToken(row, now), token };
    },

    async get(access: WorkspaceAccess, user: UserRow, tokenId: string): Promise<ApiToken> {
      const row = await findApiToken(db, access.workspace.id, user.id, tokenId);
      if (!row) throw tokenNotFound();
      return presentApiToken(row, clock());
    },

    /**
     * Deactivation ends every token of the user for good: a later reactivation must not bring back
     * keys that may have been the reason for it.
     */
    revokeAllOf: (tx: Executor, userId: string) => softDeleteApiTokensOfUser(tx, userId),

    /** Deletes one of the caller's tokens; it fails (401) from the next request on. */
    async remove(access: WorkspaceAccess, user: UserRow, tokenId: string): Promise<void> {
      if (!(await softDeleteApiToken(db, access.workspace.id, user.id, tokenId))) throw tokenNotFound();
    },

    /**
     * The user behind an API key, with their current access to the workspace and project the route
     * names (null there when it is not the token's workspace, or they are no longer a member).
     * Unknown, deleted and expired tokens, and those of deactivated users, resolve to null (401).
     */
    async resolve(key: string, scope?: RequestScope): Promise<ResolvedApiKey | null> {
      if (!isTokenShaped(key)) return null;
      return this.resolveHash(sha256(key), scope);
    },

    /** The SHA-256 of a key: what the token's holder is, as `resolve` answers it now. */
    hashOf: (key: string): string => sha256(key),

    /**
     * `resolve` for a key known by its hash only: a capability handed out to a key's holder (a
     * presigned upload) is checked against the token and its user's access when it is used.
     */
    async resolveHash(tokenHash: string, scope?: RequestScope): Promise<ResolvedApiKey | null> {
      const now = clock();
      if (!scope) {
        const found = await findApiTokenUser(db, tokenHash);
        if (!found || !isTokenActive(found.token.expired_at, now)) return null;
        await recordUse(found.token, now);
        return { user: found.user, tokenId: found.token.id };
      }
      const row = await findApiTokenAccess(db, { tokenHash, ...scope });
      if (!row || !isTokenActive(row.token.expired_at, now)) return null;
      await recordUse(row.token, now);
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
      return { user: row.user, tokenId: row.token.id, workspace, project };
    },
  };
}
