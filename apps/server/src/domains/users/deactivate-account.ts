import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ApiTokensService } from '../api-tokens/api-tokens.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { UsersService } from './users.service.ts';

export interface DeactivationDeps {
  users: UsersService;
  members: MembersService;
  sessions: SessionService;
  apiTokens: ApiTokensService;
}

/**
 * Deactivation ends every membership, session and API token at once; refused (LAST_ADMIN) for a
 * sole admin with others to lead. Runs in the caller's transaction: the account's own deletion
 * and the instance admin's console both use it, the console with its audit entry beside it.
 */
export async function deactivateUser(tx: Executor, deps: DeactivationDeps, userId: string): Promise<void> {
  await deps.members.deactivateAllOf(tx, userId);
  await deps.users.update(tx, userId, { is_active: false });
  await deps.sessions.revokeAll(tx, userId);
  await deps.apiTokens.revokeAllOf(tx, userId);
}

/** The account's own deactivation (`DELETE /api/users/me/`). */
export async function deactivateAccount(db: Db, deps: DeactivationDeps, user: UserRow): Promise<void> {
  await db.transaction((tx) => deactivateUser(tx, deps, user.id));
}
