import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * A sign-in provider's account linked to a user (api.md §1.2): found again by the provider's stable
 * subject, never by email, so a changed email at the provider still reaches the same user.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    provider_account_id: text('provider_account_id').notNull(),
    email: text('email'),
    created_at: createdAt(),
    last_used_at: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('accounts_provider_subject_key').on(t.provider, t.provider_account_id),
    index('accounts_user_idx').on(t.user_id),
  ],
);
