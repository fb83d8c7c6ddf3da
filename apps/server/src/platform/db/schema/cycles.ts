import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

/** A time box of a project's work (api.md §6). Its status is computed on read from the dates. */
export const cycles = pgTable(
  'cycles',
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
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    owned_by_id: uuid('owned_by_id'),
    sort_order: doublePrecision('sort_order').notNull(),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    /** The progress figures frozen when the cycle's unfinished items were transferred. */
    progress_snapshot: jsonb('progress_snapshot').$type<Record<string, unknown>>().notNull().default({}),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    archived_at: ts('archived_at'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('cycles_project_idx').on(t.project_id).where(sql`${t.deleted_at} is null`)],
);

export type CycleRow = typeof cycles.$inferSelect;
