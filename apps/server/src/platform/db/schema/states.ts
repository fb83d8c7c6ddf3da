import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

export const states = pgTable(
  'states',
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
    color: text('color').notNull(),
    group: text('group').notNull(),
    sequence: doublePrecision('sequence').notNull(),
    default: boolean('default').notNull().default(false),
    is_triage: boolean('is_triage').notNull().default(false),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    // The hidden triage state's name never blocks a visible state's.
    uniqueIndex('states_name_live_key')
      .on(t.project_id, t.name)
      .where(sql`${t.deleted_at} is null and not ${t.is_triage}`),
    // Exactly one default per project, enforced by the database as well as the service.
    uniqueIndex('states_one_default_key')
      .on(t.project_id)
      .where(sql`${t.default} and ${t.deleted_at} is null`),
    // At most one triage state per project: the intake makes it on first use, racing itself.
    uniqueIndex('states_one_triage_key')
      .on(t.project_id)
      .where(sql`${t.is_triage} and ${t.deleted_at} is null`),
  ],
);

export type StateRow = typeof states.$inferSelect;
