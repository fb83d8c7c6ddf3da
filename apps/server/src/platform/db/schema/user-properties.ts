import { sql } from 'drizzle-orm';
import { type AnyPgColumn, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { cycles } from './cycles.ts';
import { modules } from './modules.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * Per-user layout, filters and display properties of a project, of one of its cycles or modules,
 * or (with no project) of the workspace's global views.
 */
export const userProperties = pgTable(
  'user_properties',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    cycle_id: uuid('cycle_id').references((): AnyPgColumn => cycles.id, { onDelete: 'cascade' }),
    module_id: uuid('module_id').references((): AnyPgColumn => modules.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    display_filters: jsonb('display_filters').$type<Record<string, unknown>>().notNull().default({}),
    display_properties: jsonb('display_properties').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_properties_scope_key')
      .on(t.user_id, t.workspace_id, t.project_id)
      .where(sql`${t.project_id} is not null and ${t.cycle_id} is null and ${t.module_id} is null`),
    uniqueIndex('user_properties_cycle_key').on(t.user_id, t.cycle_id).where(sql`${t.cycle_id} is not null`),
    uniqueIndex('user_properties_module_key')
      .on(t.user_id, t.module_id)
      .where(sql`${t.module_id} is not null`),
    uniqueIndex('user_properties_workspace_key')
      .on(t.user_id, t.workspace_id)
      .where(sql`${t.project_id} is null`),
  ],
);

export type UserPropertiesRow = typeof userProperties.$inferSelect;
