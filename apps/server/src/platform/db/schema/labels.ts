import { sql } from 'drizzle-orm';
import { doublePrecision, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

export const labels = pgTable(
  'labels',
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
    color: text('color').notNull().default(''),
    parent_id: uuid('parent_id'),
    sort_order: doublePrecision('sort_order').notNull(),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('labels_name_live_key')
      .on(t.project_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

export type LabelRow = typeof labels.$inferSelect;
