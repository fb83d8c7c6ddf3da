import type { WebhookEvent } from '@kite/shared/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import {
  users,
  type WebhookDeliveryRow,
  type WebhookLogRow,
  type WebhookRow,
  webhookDeliveries,
  webhookLogs,
  webhooks,
} from '../../platform/db/schema.ts';

export async function insertWebhook(db: Executor, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

/** The workspace's webhooks, newest first. */
export function listWebhooks(db: Executor, workspaceId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.workspace_id, workspaceId))
    .orderBy(desc(webhooks.created_at), desc(webhooks.id));
}

export async function findWebhook(
  db: Executor,
  workspaceId: string,
  webhookId: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspace_id, workspaceId)));
  return row;
}

export async function updateWebhook(
  db: Executor,
  workspaceId: string,
  webhookId: string,
  values: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspace_id, workspaceId)))
    .returning();
  return row;
}

/** Deletes the webhook with its queue and logs; false when there was none. */
export async function deleteWebhook(db: Executor, workspaceId: string, webhookId: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspace_id, workspaceId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** One page of a webhook's attempts, newest first (perPage + 1 rows), and how many there are. */
export async function pageWebhookLogs(
  db: Executor,
  webhookId: string,
  page: { perPage: number; page: number },
): Promise<{ rows: WebhookLogRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookLogs)
      .where(eq(webhookLogs.webhook_id, webhookId))
      .orderBy(desc(webhookLogs.created_at), desc(webhookLogs.id))
      .limit(page.perPage + 1)
      .offset(page.page * page.perPage),
    db.select({ n: count() }).from(webhookLogs).where(eq(webhookLogs.webhook_id, webhookId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The active webhooks of the workspace listening to `event` whose creator can see the project:
 * an active member of the workspace and of the project (for the `project` event itself, a public
 * project is seen by every workspace member).
 */
export function matchingWebhooks(
  db: Executor,
  workspaceId: string,
  event: WebhookEvent,
  projectId: string | null,
): Promise<Array<{ id: string }>> {
  return queryRows<{ id: string }>(
    db,
    sql`select w.id from webhooks w
      join workspace_members wm on wm.workspace_id = w.workspace_id and wm.member_id = w.created_by and wm.is_active
      where w.workspace_id = ${workspaceId} and w.is_active and w.${sql.identifier(event)} = true
        and (${projectId}::uuid is null
          or exists (select 1 from project_members pm
            where pm.project_id = ${projectId}::uuid and pm.member_id = w.created_by and pm.is_active)
          or (${event === 'project'} and exists (select 1 from projects p
            where p.id = ${projectId}::uuid and p.network = 2)))`,
  );
}

export async function insertDeliveries(
  db: Executor,
  rows: Array<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
}

export type ClaimedDelivery = WebhookDeliveryRow & {
  url: string;
  secret_encrypted: string;
  webhook_active: boolean;
};

/**
 * Takes up to `limit` due deliveries in one statement (SKIP LOCKED: several nodes share the queue)
 * and leases them: their next attempt moves `leaseSeconds` ahead, so a node that dies mid-send
 * leaves them to be retried, and no transaction stays open while a receiver answers.
 */
export function claimDueDeliveries(
  db: Executor,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(
    db,
    sql`with due as (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${limit}
        for update skip locked
      ), claimed as (
        update webhook_deliveries d
        set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds}),
          updated_at = now()
        from due where d.id = due.id
        returning d.*
      )
      select c.*, w.url, w.secret_encrypted, w.is_active as webhook_active
      from claimed c join webhooks w on w.id = c.webhook_id`,
  );
}

export async function insertWebhookLog(db: Executor, values: typeof webhookLogs.$inferInsert): Promise<void> {
  await db.insert(webhookLogs).values(values);
}

/** Settles a delivery: delivered, failed, or pending again at `nextAttemptAt`. */
export async function settleDelivery(
  db: Executor,
  deliveryId: string,
  status: 'pending' | 'delivered' | 'failed',
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status, updated_at: new Date(), ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : {}) })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** Turns a webhook off (its deliveries exhausted their attempts); the creator's id, for the mail. */
export async function deactivateWebhook(db: Executor, webhookId: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ is_active: false, updated_at: new Date() })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.is_active, true)))
    .returning();
  return row;
}

export async function findUserEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
