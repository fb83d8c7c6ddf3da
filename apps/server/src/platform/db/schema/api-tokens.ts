import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * The public API's request window per token, shared by every app node on PostgreSQL (api.md
 * §15.1). Unlogged: a crash forgets the counts, which only means a fresh window. No foreign key:
 * the token was just resolved, and housekeeping deletes old windows.
 */
export const apiRateWindows = pgTable('api_rate_windows', {
  token_id: uuid('token_id').primaryKey(),
  window_start: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Personal API tokens (api.md §14): a token acts as its user in one workspace. Only the SHA-256 of
 * the token is kept (it is 256 random bits, so a fast hash is enough), with its last 4 characters
 * for the masked form.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    token_hash: text('token_hash').notNull(),
    token_last4: text('token_last4').notNull(),
    user_type: smallint('user_type').notNull().default(0),
    expired_at: ts('expired_at'),
    /** Written at most once a minute per token, not on every request. */
    last_used: ts('last_used'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.token_hash),
    index('api_tokens_owner_idx')
      .on(t.workspace_id, t.user_id, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('api_tokens_user_idx').on(t.user_id),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
