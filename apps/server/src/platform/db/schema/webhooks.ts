import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, createdAt, id, ts, updatedAt } from './columns.ts';
import { workspaces } from './workspaces.ts';

/**
 * A workspace's webhooks (api.md §13). The secret is kept encrypted with the server key (it is
 * needed to sign) and only its last 4 characters in clear; one live URL per workspace.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    project: boolean('project').notNull().default(false),
    issue: boolean('issue').notNull().default(false),
    cycle: boolean('cycle').notNull().default(false),
    module: boolean('module').notNull().default(false),
    issue_comment: boolean('issue_comment').notNull().default(false),
    intake_issue: boolean('intake_issue').notNull().default(false),
    secret_encrypted: text('secret_encrypted').notNull(),
    secret_last4: text('secret_last4').notNull(),
    version: text('version').notNull().default('v1'),
    ...audit(),
  },
  (t) => [uniqueIndex('webhooks_workspace_url_key').on(t.workspace_id, t.url)],
);

/**
 * The delivery queue: one row per (event, webhook), claimed by the delivery worker with
 * FOR UPDATE SKIP LOCKED and leased (next_attempt_at pushed ahead) while its request is in flight.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    webhook_id: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event_type: text('event_type').notNull(),
    action: text('action').notNull(),
    /** The exact body sent on every attempt (the signatures cover it). */
    body: text('body').notNull(),
    /** pending → delivered | failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhook_id),
  ],
);

/** Every delivery attempt (api.md §13.1 WebhookLog), newest first per webhook. */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    webhook_id: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    delivery_id: uuid('delivery_id').notNull(),
    event_type: text('event_type').notNull(),
    action: text('action').notNull(),
    attempt: integer('attempt').notNull(),
    request_method: text('request_method').notNull().default('POST'),
    request_headers: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    request_body: text('request_body').notNull(),
    response_status: integer('response_status'),
    response_headers: jsonb('response_headers').$type<Record<string, string>>().notNull(),
    response_body: text('response_body').notNull().default(''),
    error: text('error'),
    duration_ms: integer('duration_ms').notNull(),
    next_retry_at: ts('next_retry_at'),
    created_at: createdAt(),
  },
  (t) => [index('webhook_logs_webhook_idx').on(t.webhook_id, t.created_at)],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookLogRow = typeof webhookLogs.$inferSelect;
