import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { accounts } from '../../platform/db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(
  db: Executor,
  provider: string,
  providerAccountId: string,
): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.provider, provider), eq(accounts.provider_account_id, providerAccountId)))
    .limit(1);
  return rows[0];
}

export function listUserAccounts(db: Executor, userId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.user_id, userId))
    .orderBy(asc(accounts.created_at), asc(accounts.id));
}

export async function insertAccount(
  db: Executor,
  row: { user_id: string; provider: string; provider_account_id: string; email: string | null },
): Promise<void> {
  await db.insert(accounts).values({ ...row, last_used_at: new Date() });
}

export async function touchAccount(db: Executor, id: string, email: string | null): Promise<void> {
  await db.update(accounts).set({ last_used_at: new Date(), email }).where(eq(accounts.id, id));
}

/** Deletes the user's own link; false when there is none with that id. */
export async function deleteUserAccount(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.user_id, userId)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
