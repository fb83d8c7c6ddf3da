import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export const userFavorites = pgTable(
  'user_favorites',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').notNull(),
    entity_identifier: uuid('entity_identifier').notNull(),
    project_id: uuid('project_id'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('user_favorites_entity_key').on(t.user_id, t.entity_type, t.entity_identifier)],
);
