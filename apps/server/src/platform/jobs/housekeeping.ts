import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database.ts';
import { IDEMPOTENCY_RETENTION_HOURS } from '../http/idempotency-store.ts';

/** How long finished rows are kept: handled events (live catch-up needs an hour), webhook history. */
export const RETENTION_DAYS = { outbox: 7, webhooks: 30 } as const;

/** Rows deleted per statement: a big backlog goes in short transactions, never one long lock. */
const BATCH = 5000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function deleteInBatches(
  db: Executor,
  table: string,
  condition: ReturnType<typeof sql>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from ${sql.identifier(table)} where id in (
              select id from ${sql.identifier(table)} where ${condition} limit ${BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Deletes what nothing needs any more: outbox events handled over a week ago, webhook deliveries
 * finished (delivered or given up) and delivery logs over 30 days old, public-API rate windows
 * that ended over an hour ago, and `Idempotency-Key` answers over 24 hours old. Pending events and
 * deliveries are never touched.
 */
export async function pruneFinishedRows(db: Executor, now = new Date()) {
  const outbox = daysBefore(now, RETENTION_DAYS.outbox);
  const webhooks = daysBefore(now, RETENTION_DAYS.webhooks);
  return {
    outbox: await deleteInBatches(db, 'outbox', sql`processed_at is not null and processed_at < ${outbox}`),
    deliveries: await deleteInBatches(
      db,
      'webhook_deliveries',
      sql`status <> 'pending' and updated_at < ${webhooks}`,
    ),
    logs: await deleteInBatches(db, 'webhook_logs', sql`created_at < ${webhooks}`),
    idempotencyKeys: await deleteInBatches(
      db,
      'idempotency_keys',
      sql`created_at < ${new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000).toISOString()}`,
    ),
    // One row per token at most: a single statement is short.
    rateWindows: (
      await queryRows<{ n: number }>(
        db,
        sql`with gone as (delete from api_rate_windows where window_start < now() - interval '1 hour' returning 1)
            select count(*)::int as n from gone`,
      )
    )[0]!.n,
  };
}
