import { boolean, index, jsonb, pgTable, smallint, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    default_props: jsonb('default_props').$type<Record<string, unknown>>().notNull().default({}),
    issue_props: jsonb('issue_props').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_member_key').on(t.workspace_id, t.member_id),
    index('workspace_members_member_idx').on(t.member_id),
  ],
);

export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
