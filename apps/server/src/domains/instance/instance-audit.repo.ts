import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { instanceAuditLog, users } from '../../platform/db/schema.ts';

export type AuditAction =
  | 'instance.updated'
  | 'configuration.updated'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.admin_granted'
  | 'user.admin_revoked'
  | 'workspace.created'
  | 'email.test_sent';

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  target: string | null;
  details?: Record<string, unknown>;
}

/** Written in the transaction of the change it records, so a rolled-back change leaves no entry. */
export async function insertAuditEntries(db: Executor, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(instanceAuditLog).values(
    records.map((r) => ({
      actor_id: r.actorId,
      action: r.action,
      target: r.target,
      details: r.details ?? {},
    })),
  );
}

export interface AuditEntryRow {
  entry: typeof instanceAuditLog.$inferSelect;
  actor: { id: string; email: string; display_name: string } | null;
}

/** Newest first (the id breaks ties of one transaction's entries), with the acting user. */
export async function pageAuditEntries(
  db: Executor,
  limit: number,
  offset: number,
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select({
        entry: instanceAuditLog,
        actor: { id: users.id, email: users.email, display_name: users.display_name },
      })
      .from(instanceAuditLog)
      .leftJoin(users, eq(users.id, instanceAuditLog.actor_id))
      .orderBy(desc(instanceAuditLog.created_at), desc(instanceAuditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(instanceAuditLog),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
