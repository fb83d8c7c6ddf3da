import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { issues } from './issues.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

/**
 * A project's intake (api.md §10): the inbox its submissions wait in. One default intake per
 * project, made on first use.
 */
export const intakes = pgTable(
  'intakes',
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
    is_default: boolean('is_default').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('intakes_one_default_key')
      .on(t.project_id)
      .where(sql`${t.is_default} and ${t.deleted_at} is null`),
  ],
);

/**
 * A submission to an intake: the work item it made (kept in the project's triage state and out of
 * every list while `issues.is_intake`) and its triage — `status` -2 pending, -1 declined,
 * 0 snoozed (until `snoozed_till`), 1 accepted, 2 duplicate (of `duplicate_to`).
 */
export const intakeIssues = pgTable(
  'intake_issues',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    intake_id: uuid('intake_id')
      .notNull()
      .references(() => intakes.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(-2),
    snoozed_till: ts('snoozed_till'),
    duplicate_to: uuid('duplicate_to').references(() => issues.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('IN_APP'),
    source_email: text('source_email'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('intake_issues_issue_key').on(t.issue_id).where(sql`${t.deleted_at} is null`),
    // The inbox's tabs: a project's items by status.
    index('intake_issues_project_status_idx').on(t.project_id, t.status).where(sql`${t.deleted_at} is null`),
    // The snooze job finds the snoozes that have ended.
    index('intake_issues_snoozed_idx')
      .on(t.snoozed_till)
      .where(sql`${t.status} = 0 and ${t.deleted_at} is null`),
  ],
);

export type IntakeRow = typeof intakes.$inferSelect;
export type IntakeIssueRow = typeof intakeIssues.$inferSelect;
