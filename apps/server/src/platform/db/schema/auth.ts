import { index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

/** Server-side sessions; `token_hash` is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const magicCodes = pgTable(
  'magic_codes',
  {
    id: id(),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('magic_codes_email_idx').on(t.email, t.created_at)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/** One row per failed password sign-in; counted per account and per client IP over a window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.created_at),
    index('sign_in_failures_ip_idx').on(t.ip, t.created_at),
  ],
);
