import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { UsersService } from './users.service.ts';

/** Deactivation ends every membership and session at once; refused for a sole admin with others to lead. */
export async function deactivateAccount(
  db: Db,
  deps: { users: UsersService; members: MembersService; sessions: SessionService },
  user: UserRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    await deps.members.deactivateAllOf(tx, user.id);
    await deps.users.update(tx, user.id, { is_active: false });
    await deps.sessions.revokeAll(tx, user.id);
  });
}
