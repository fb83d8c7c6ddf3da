import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

/**
 * A saved view (api.md §8): a project's view, or with no project a workspace's custom global view.
 * `filters`, `display_filters` and `display_properties` are stored whole (every key), as the
 * user-properties objects are; `access` 0 public, 1 private (the owner alone sees it).
 */
export const issueViews = pgTable(
  'issue_views',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    display_filters: jsonb('display_filters').$type<Record<string, unknown>>().notNull().default({}),
    display_properties: jsonb('display_properties').$type<Record<string, unknown>>().notNull().default({}),
    access: smallint('access').notNull().default(0),
    is_locked: boolean('is_locked').notNull().default(false),
    owned_by: uuid('owned_by').notNull(),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('issue_views_list_idx')
      .on(t.workspace_id, t.project_id, t.updated_at)
      .where(sql`${t.deleted_at} is null`),
  ],
);

export type IssueViewRow = typeof issueViews.$inferSelect;
