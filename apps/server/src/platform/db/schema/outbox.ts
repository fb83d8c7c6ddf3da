import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';

/**
 * Transactional outbox: every write others must hear about adds a row in its own transaction;
 * workers turn rows into notifications, webhook deliveries and realtime events (at least once).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspace_id: uuid('workspace_id').notNull(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
    processed_at: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    /** A failed event waits until then (backoff); new events are due at once. */
    available_at: ts('available_at').notNull().defaultNow(),
    last_error: text('last_error'),
  },
  (t) => [
    index('outbox_pending_idx').on(t.id).where(sql`${t.processed_at} is null`),
    // The live feed reads a workspace's events after an id (api.md §16.1).
    index('outbox_workspace_idx').on(t.workspace_id, t.id),
  ],
);
