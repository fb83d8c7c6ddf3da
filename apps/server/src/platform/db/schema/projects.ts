import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    description_html: text('description_html').notNull().default('<p></p>'),
    identifier: text('identifier').notNull(),
    network: smallint('network').notNull().default(2),
    project_lead_id: uuid('project_lead_id'),
    default_assignee_id: uuid('default_assignee_id'),
    emoji: text('emoji'),
    icon_prop: jsonb('icon_prop').$type<Record<string, unknown>>(),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    cover_image: text('cover_image'),
    cycle_view: boolean('cycle_view').notNull().default(true),
    module_view: boolean('module_view').notNull().default(true),
    issue_views_view: boolean('issue_views_view').notNull().default(true),
    page_view: boolean('page_view').notNull().default(true),
    intake_view: boolean('intake_view').notNull().default(false),
    guest_view_all_features: boolean('guest_view_all_features').notNull().default(false),
    archive_in: smallint('archive_in').notNull().default(0),
    close_in: smallint('close_in').notNull().default(0),
    default_state_id: uuid('default_state_id'),
    estimate_id: uuid('estimate_id'),
    timezone: text('timezone').notNull().default('UTC'),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    archived_at: ts('archived_at'),
    anchor: text('anchor'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('projects_identifier_live_key')
      .on(t.workspace_id, t.identifier)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('projects_name_live_key').on(t.workspace_id, t.name).where(sql`${t.deleted_at} is null`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    default_props: jsonb('default_props').$type<Record<string, unknown>>().notNull().default({}),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    ...audit(),
  },
  (t) => [
    uniqueIndex('project_members_project_member_key').on(t.project_id, t.member_id),
    index('project_members_member_idx').on(t.workspace_id, t.member_id),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
