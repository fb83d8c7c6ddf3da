import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, ts } from './columns.ts';

/**
 * `Idempotency-Key` (api.md §0.2, `platform/http/idempotency.ts`): one row per caller and key.
 * It is inserted when a request with the key starts (`status` null while it runs) and holds the
 * answer once it is sent, so a retry of the same request gets that answer again instead of a
 * second write. `caller` is `user:<id>` (a session) or `token:<id>` (an API token); no foreign
 * keys, rows live 24 hours (housekeeping deletes older ones).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 (hex) of the request body's bytes. */
    body_hash: text('body_hash').notNull(),
    /** The answer's status; null while the first request runs. */
    status: smallint('status'),
    content_type: text('content_type'),
    body: bytea('body'),
    /** When the request now running under the key started (a run older than 60 s is abandoned). */
    started_at: ts('started_at').notNull().defaultNow(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key_key').on(t.caller, t.key),
    index('idempotency_keys_created_at_idx').on(t.created_at),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
