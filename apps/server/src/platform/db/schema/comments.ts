import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, createdAt, id, ts } from './columns.ts';
import { issues } from './issues.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export const issueComments = pgTable(
  'issue_comments',
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
    actor_id: uuid('actor_id').notNull(),
    comment_html: text('comment_html').notNull(),
    comment_stripped: text('comment_stripped').notNull().default(''),
    access: text('access').notNull().default('INTERNAL'),
    parent_id: uuid('parent_id'),
    edited_at: ts('edited_at'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('issue_comments_issue_idx').on(t.issue_id, t.created_at),
    // A comment imported from elsewhere (GitHub sync) exists once per project.
    uniqueIndex('issue_comments_external_key')
      .on(t.project_id, t.external_source, t.external_id)
      .where(sql`${t.external_id} is not null and ${t.deleted_at} is null`),
  ],
);

/** Emoji reactions on work items (`comment_id` null) and on comments. */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    comment_id: uuid('comment_id').references(() => issueComments.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('reactions_issue_key')
      .on(t.issue_id, t.actor_id, t.reaction)
      .where(sql`${t.comment_id} is null`),
    uniqueIndex('reactions_comment_key')
      .on(t.comment_id, t.actor_id, t.reaction)
      .where(sql`${t.comment_id} is not null`),
  ],
);

export type CommentRow = typeof issueComments.$inferSelect;
export type ReactionRow = typeof reactions.$inferSelect;
