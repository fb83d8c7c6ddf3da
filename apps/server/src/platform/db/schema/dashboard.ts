import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { audit, id } from './columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** Each member's home dashboard in a workspace (api.md §11): one per (workspace, owner, type). */
export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    owned_by: uuid('owned_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    description_html: text('description_html').notNull().default('<p></p>'),
    identifier: text('identifier'),
    type: text('type').notNull().default('home'),
    is_default: boolean('is_default').notNull().default(true),
    ...audit(),
  },
  (t) => [
    uniqueIndex('dashboards_owner_type_key').on(t.workspace_id, t.owned_by, t.type),
    index('dashboards_owner_idx').on(t.owned_by),
  ],
);

/** A dashboard's widgets: one per key, created with the dashboard. */
export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    dashboard_id: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    is_visible: boolean('is_visible').notNull().default(true),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    widget_filters: jsonb('widget_filters').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [uniqueIndex('dashboard_widgets_key').on(t.dashboard_id, t.key)],
);

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardWidgetRow = typeof dashboardWidgets.$inferSelect;
