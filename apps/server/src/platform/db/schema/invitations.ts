import { boolean, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { workspaces } from './workspaces.ts';

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: smallint('role').notNull(),
    token_hash: text('token_hash').notNull(),
    accepted: boolean('accepted').notNull().default(false),
    responded_at: ts('responded_at'),
    message: text('message'),
    expires_at: ts('expires_at').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspace_id),
    index('workspace_invitations_email_idx').on(t.email),
  ],
);

export type InvitationRow = typeof workspaceInvitations.$inferSelect;
