import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { issues } from './issues.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * A user's notifications (api.md §12), made from outbox events by the worker (`event_id`: the
 * event that made it). The item's name and state are read live; `activity` keeps what changed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    receiver_id: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triggered_by: uuid('triggered_by'),
    sender: text('sender').notNull(),
    title: text('title').notNull(),
    activity: jsonb('activity').$type<Record<string, unknown>>().notNull(),
    message: text('message').notNull(),
    is_mentioned: boolean('is_mentioned').notNull().default(false),
    is_intake: boolean('is_intake').notNull().default(false),
    event_id: bigint('event_id', { mode: 'number' }),
    read_at: ts('read_at'),
    archived_at: ts('archived_at'),
    snoozed_till: ts('snoozed_till'),
    /** Set once the mail digest has dealt with it (sent, or skipped because it was read). */
    emailed_at: ts('emailed_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('notifications_receiver_idx').on(t.receiver_id, t.workspace_id, t.created_at),
    index('notifications_unread_idx')
      .on(t.receiver_id, t.workspace_id)
      .where(sql`${t.read_at} is null and ${t.archived_at} is null`),
    index('notifications_undigested_idx').on(t.created_at).where(sql`${t.emailed_at} is null`),
    index('notifications_issue_idx').on(t.issue_id),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
