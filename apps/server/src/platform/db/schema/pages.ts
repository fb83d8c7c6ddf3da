import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { audit, bytea, createdAt, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * A project's page (api.md §9). The description is a Yjs document (`description_binary`, edited
 * together through /live/collaboration) with the sanitised HTML rendered from it and its plain text
 * for search; a page written before it was ever opened collaboratively has HTML only.
 * `access` 0 public, 1 private (the owner alone sees it).
 */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description_html: text('description_html').notNull().default('<p></p>'),
    description_binary: bytea('description_binary'),
    description_stripped: text('description_stripped').notNull().default(''),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    color: text('color').notNull().default(''),
    label_ids: uuid('label_ids').array().notNull().default(sql`'{}'::uuid[]`),
    owned_by: uuid('owned_by')
      .notNull()
      .references(() => users.id),
    access: smallint('access').notNull().default(0),
    is_locked: boolean('is_locked').notNull().default(false),
    archived_at: ts('archived_at'),
    parent_id: uuid('parent_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({ full_width: false }),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('pages_project_idx').on(t.project_id, t.updated_at).where(sql`${t.deleted_at} is null`)],
);

/** An image put into a page's description; the bytes live in the file storage under `storage_key`. */
export const pageImages = pgTable(
  'page_images',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    page_id: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    created_at: createdAt(),
    created_by: uuid('created_by'),
  },
  (t) => [index('page_images_page_idx').on(t.page_id)],
);

export type PageRow = typeof pages.$inferSelect;
export type PageImageRow = typeof pageImages.$inferSelect;
