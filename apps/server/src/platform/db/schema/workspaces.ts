import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    owner_id: uuid('owner_id').references(() => users.id),
    logo_url: text('logo_url'),
    organization_size: text('organization_size'),
    timezone: text('timezone').notNull().default('UTC'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [uniqueIndex('workspaces_slug_live_key').on(t.slug).where(sql`${t.deleted_at} is null`)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
