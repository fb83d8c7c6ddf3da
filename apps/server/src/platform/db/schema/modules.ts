import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

/** A theme of a project's work (api.md §7); work items name their modules in `issues.module_ids`. */
export const modules = pgTable(
  'modules',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    description_html: text('description_html').notNull().default('<p></p>'),
    status: text('status').notNull().default('planned'),
    lead_id: uuid('lead_id'),
    member_ids: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    start_date: date('start_date', { mode: 'string' }),
    target_date: date('target_date', { mode: 'string' }),
    sort_order: doublePrecision('sort_order').notNull(),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    archived_at: ts('archived_at'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [uniqueIndex('modules_name_live_key').on(t.project_id, t.name).where(sql`${t.deleted_at} is null`)],
);

export const moduleLinks = pgTable(
  'module_links',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    module_id: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    url: text('url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [index('module_links_module_idx').on(t.module_id, t.created_at)],
);

export type ModuleRow = typeof modules.$inferSelect;
export type ModuleLinkRow = typeof moduleLinks.$inferSelect;
