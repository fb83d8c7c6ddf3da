import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

export const estimates = pgTable(
  'estimates',
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
    type: text('type').notNull(),
    last_used: boolean('last_used').notNull().default(false),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('estimates_project_idx').on(t.project_id)],
);

export const estimatePoints = pgTable(
  'estimate_points',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    estimate_id: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    key: integer('key').notNull(),
    value: text('value').notNull(),
    description: text('description').notNull().default(''),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('estimate_points_estimate_idx').on(t.estimate_id)],
);

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimatePointRow = typeof estimatePoints.$inferSelect;
