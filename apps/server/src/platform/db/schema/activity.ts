import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** Who did what, where: read by me/activities now, written by the issue domains as they land. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id'),
    issue_id: uuid('issue_id'),
    actor_id: uuid('actor_id'),
    verb: text('verb').notNull(),
    field: text('field'),
    old_value: text('old_value'),
    new_value: text('new_value'),
    comment: text('comment'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('activities_actor_idx').on(t.actor_id, t.created_at),
    index('activities_issue_idx').on(t.issue_id, t.created_at),
    // A cycle's burndown finds every item that ever entered or left it.
    index('activities_cycle_new_idx').on(t.new_value).where(sql`${t.field} = 'cycle'`),
    index('activities_cycle_old_idx').on(t.old_value).where(sql`${t.field} = 'cycle'`),
    // …and a module's, by the module ids its rows list (`a,b,c`).
    index('activities_modules_new_idx')
      .using('gin', sql`string_to_array(${t.new_value}, ',')`)
      .where(sql`${t.field} = 'modules'`),
    index('activities_modules_old_idx')
      .using('gin', sql`string_to_array(${t.old_value}, ',')`)
      .where(sql`${t.field} = 'modules'`),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
