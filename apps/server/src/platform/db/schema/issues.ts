import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { audit, createdAt, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** Per-project issue number counter: the row lock serialises allocation, numbers are never reused. */
export const issueSequences = pgTable('issue_sequences', {
  project_id: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  last: integer('last').notNull().default(0),
});

export const issues = pgTable(
  'issues',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sequence_id: integer('sequence_id').notNull(),
    name: text('name').notNull(),
    description_html: text('description_html').notNull().default('<p></p>'),
    description_stripped: text('description_stripped').notNull().default(''),
    priority: text('priority').notNull().default('none'),
    state_id: uuid('state_id').notNull(),
    sort_order: doublePrecision('sort_order').notNull(),
    estimate_point_id: uuid('estimate_point_id'),
    start_date: date('start_date', { mode: 'string' }),
    target_date: date('target_date', { mode: 'string' }),
    completed_at: ts('completed_at'),
    archived_at: ts('archived_at'),
    parent_id: uuid('parent_id'),
    cycle_id: uuid('cycle_id'),
    module_ids: uuid('module_ids').array().notNull().default(sql`'{}'::uuid[]`),
    label_ids: uuid('label_ids').array().notNull().default(sql`'{}'::uuid[]`),
    assignee_ids: uuid('assignee_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sub_issues_count: integer('sub_issues_count').notNull().default(0),
    attachment_count: integer('attachment_count').notNull().default(0),
    link_count: integer('link_count').notNull().default(0),
    is_draft: boolean('is_draft').notNull().default(false),
    /** Waiting in the project's intake (not accepted): out of every normal list, like a draft. */
    is_intake: boolean('is_intake').notNull().default(false),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('issues_project_sequence_key').on(t.project_id, t.sequence_id),
    // Kanban by state: per-state top-N in manual order without scanning the project (quality.md A1).
    index('issues_board_state_idx')
      .on(t.project_id, t.state_id, t.sort_order, t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    // Same predicate as the lists' default scope, so deep pages skip rows in the index alone.
    index('issues_list_created_idx')
      .on(t.project_id, t.created_at.desc(), t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    index('issues_parent_idx').on(t.parent_id),
    // A cycle's items in manual order (boards grouped by cycle, the cycle's own list).
    index('issues_cycle_board_idx')
      .on(t.project_id, t.cycle_id, t.sort_order, t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    // The project in manual order: a module's items (a share of the project) are found walking it.
    index('issues_board_order_idx')
      .on(t.project_id, t.sort_order, t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    index('issues_modules_gin').using('gin', t.module_ids),
    index('issues_labels_gin').using('gin', t.label_ids),
    index('issues_assignees_gin').using('gin', t.assignee_ids),
    uniqueIndex('issues_external_key')
      .on(t.project_id, t.external_source, t.external_id)
      .where(sql`${t.external_id} is not null and ${t.deleted_at} is null`),
  ],
);

/**
 * Live work items per project, state and priority, kept as signed deltas: a trigger on `issues`
 * appends +1/−1 rows in the writing transaction (appends never wait on each other, so state
 * changes in opposite directions cannot deadlock), and a job folds them into one row per key.
 * Board counts read these few rows instead of counting the project (quality.md A1).
 */
export const issueCountDeltas = pgTable(
  'issue_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    state_id: uuid('state_id').notNull(),
    priority: text('priority').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('issue_count_deltas_project_idx').on(t.project_id)],
);

/**
 * The same deltas per cycle and per module (`kind`; `key` null for items in none), by state: the
 * counts of a board grouped by cycle or module (a trigger on `issues`, folded by the same job).
 */
export const issueGroupCountDeltas = pgTable(
  'issue_group_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: uuid('key'),
    state_id: uuid('state_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('issue_group_count_deltas_project_idx').on(t.project_id, t.kind)],
);

export const issueSubscribers = pgTable(
  'issue_subscribers',
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
    subscriber_id: uuid('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('issue_subscribers_issue_user_key').on(t.issue_id, t.subscriber_id),
    index('issue_subscribers_user_idx').on(t.subscriber_id),
  ],
);

/**
 * The users a work item's description mentions, kept by the `issue_mentions_sync` trigger
 * (migration 0029) on every write of `issues.description_html`, so the `mentions` filter is an
 * index lookup whichever path wrote the description.
 */
export const issueMentions = pgTable(
  'issue_mentions',
  {
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    mention_id: uuid('mention_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issue_id, t.mention_id] }),
    index('issue_mentions_mention_idx').on(t.mention_id),
  ],
);

export const issueLinks = pgTable(
  'issue_links',
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
    title: text('title'),
    url: text('url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [uniqueIndex('issue_links_issue_url_key').on(t.issue_id, t.url)],
);

/**
 * One row per related pair, stored in its canonical direction (blocking, start_before,
 * finish_before, relates_to, duplicate) and shown from both sides.
 */
export const issueRelations = pgTable(
  'issue_relations',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    related_issue_id: uuid('related_issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    relation_type: text('relation_type').notNull(),
    ...audit(),
  },
  (t) => [
    uniqueIndex('issue_relations_pair_key').on(
      sql`least(${t.issue_id}, ${t.related_issue_id})`,
      sql`greatest(${t.issue_id}, ${t.related_issue_id})`,
    ),
    index('issue_relations_related_idx').on(t.related_issue_id),
  ],
);

export const issueAttachments = pgTable(
  'issue_attachments',
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
    /** Server-generated; the original file name is metadata only. */
    storage_key: text('storage_key').notNull(),
    name: text('name').notNull(),
    /** Sniffed from the bytes, never the declared type. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('issue_attachments_issue_idx').on(t.issue_id)],
);

export type IssueRowDb = typeof issues.$inferSelect;
export type IssueLinkRow = typeof issueLinks.$inferSelect;
export type IssueRelationRow = typeof issueRelations.$inferSelect;
export type AttachmentRow = typeof issueAttachments.$inferSelect;
