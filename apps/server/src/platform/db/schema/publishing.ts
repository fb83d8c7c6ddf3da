import { boolean, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, id } from './columns.ts';
import { projects } from './projects.ts';
import { workspaces } from './workspaces.ts';

export const deployBoards = pgTable(
  'deploy_boards',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    anchor: text('anchor').notNull(),
    entity_name: text('entity_name').notNull().default('project'),
    is_comments_enabled: boolean('is_comments_enabled').notNull().default(false),
    is_reactions_enabled: boolean('is_reactions_enabled').notNull().default(false),
    is_votes_enabled: boolean('is_votes_enabled').notNull().default(false),
    is_activity_enabled: boolean('is_activity_enabled').notNull().default(false),
    intake_id: uuid('intake_id'),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    is_disabled: boolean('is_disabled').notNull().default(false),
    ...audit(),
  },
  (t) => [
    uniqueIndex('deploy_boards_anchor_key').on(t.anchor),
    uniqueIndex('deploy_boards_project_key').on(t.project_id),
  ],
);

export type DeployBoardRow = typeof deployBoards.$inferSelect;
