import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { magicCodes, passwordResetTokens, signInFailures } from '../../platform/db/schema.ts';

export type MagicCodeRow = typeof magicCodes.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function countCodesSince(db: Executor, email: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(magicCodes)
    .where(and(eq(magicCodes.email, email), gt(magicCodes.created_at, since)));
  return rows[0]?.n ?? 0;
}

/** A new code voids every earlier unused one. */
export async function replaceMagicCode(
  db: Executor,
  values: { email: string; code_hash: string; expires_at: Date },
): Promise<void> {
  await db
    .update(magicCodes)
    .set({ used_at: new Date() })
    .where(and(eq(magicCodes.email, values.email), isNull(magicCodes.used_at)));
  await db.insert(magicCodes).values(values);
}

export async function findLatestCode(db: Executor, email: string): Promise<MagicCodeRow | undefined> {
  const rows = await db
    .select()
    .from(magicCodes)
    .where(eq(magicCodes.email, email))
    .orderBy(desc(magicCodes.created_at))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateCode(db: Executor, id: string, values: Partial<MagicCodeRow>): Promise<void> {
  await db.update(magicCodes).set(values).where(eq(magicCodes.id, id));
}

export async function insertResetToken(
  db: Executor,
  values: { user_id: string; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findResetToken(
  db: Executor,
  userId: string,
  tokenHash: string,
): Promise<ResetTokenRow | undefined> {
  const rows = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.user_id, userId), eq(passwordResetTokens.token_hash, tokenHash)))
    .limit(1)
    .for('update');
  return rows[0];
}

/** Any password change voids every outstanding reset link of the user. */
export async function burnResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used_at: new Date() })
    .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
}

export async function recordSignInFailure(db: Executor, email: string, ip: string): Promise<void> {
  await db.insert(signInFailures).values({ email, ip });
}

export async function countFailuresSince(
  db: Executor,
  key: { email: string } | { ip: string },
  since: Date,
): Promise<number> {
  const match = 'email' in key ? eq(signInFailures.email, key.email) : eq(signInFailures.ip, key.ip);
  const rows = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(gt(signInFailures.created_at, since), match));
  return rows[0]?.n ?? 0;
}
