import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { sessions, type UserRow, users } from '../../platform/db/schema.ts';

export async function insertSession(
  db: Executor,
  row: {
    token_hash: string;
    user_id: string;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The active user behind a live session and when the session expires, or undefined. */
export async function findSessionUser(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  // Prepared by name: every request runs it, so PostgreSQL parses and plans it once per connection.
  const rows = await prepared(db, 'find_session_user', (db) =>
    db
      .select({ user: users, expiresAt: sessions.expires_at })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          eq(sessions.token_hash, sql.placeholder('tokenHash')),
          gt(sessions.expires_at, sql.placeholder('now')),
          eq(users.is_active, true),
        ),
      )
      .limit(1)
      .prepare('find_session_user'),
  ).execute({ tokenHash, now: now.toISOString() });
  return rows[0];
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
}

/** Revokes every session of a user, optionally sparing one. */
export async function deleteUserSessions(db: Executor, userId: string, exceptHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptHash
        ? and(eq(sessions.user_id, userId), ne(sessions.token_hash, exceptHash))
        : eq(sessions.user_id, userId),
    );
}
