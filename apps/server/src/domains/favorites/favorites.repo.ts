import type { Favorite } from '@kite/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { userFavorites } from '../../platform/db/schema.ts';

/** Objects of a project a user can favorite, with the table that names them. */
const TABLES = { cycle: 'cycles', module: 'modules' } as const;
export type ProjectFavoriteType = keyof typeof TABLES;

/** The user's favorites of one kind in a project, with the live object's name, newest first. */
export function listProjectFavorites(
  db: Executor,
  userId: string,
  projectId: string,
  type: ProjectFavoriteType,
): Promise<Favorite[]> {
  return queryRows<Favorite>(
    db,
    sql`select f.id, f.entity_type, f.entity_identifier, f.project_id, e.name,
               to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from user_favorites f join ${sql.identifier(TABLES[type])} e on e.id = f.entity_identifier
         where f.user_id = ${userId} and f.project_id = ${projectId} and f.entity_type = ${type}
           and e.deleted_at is null
         order by f.created_at desc, f.id`,
  );
}

/** Favorites an object for the user; undefined when it already was one. */
export async function addProjectFavorite(
  db: Executor,
  values: {
    workspace_id: string;
    project_id: string;
    user_id: string;
    type: ProjectFavoriteType;
    entity: { id: string; name: string };
  },
): Promise<Favorite | undefined> {
  const [row] = await db
    .insert(userFavorites)
    .values({
      workspace_id: values.workspace_id,
      project_id: values.project_id,
      user_id: values.user_id,
      entity_type: values.type,
      entity_identifier: values.entity.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  return {
    id: row.id,
    entity_type: values.type,
    entity_identifier: values.entity.id,
    project_id: values.project_id,
    name: values.entity.name,
    created_at: row.created_at.toISOString(),
  };
}

export async function removeProjectFavorite(
  db: Executor,
  userId: string,
  type: ProjectFavoriteType,
  entityId: string,
): Promise<void> {
  await db
    .delete(userFavorites)
    .where(
      and(
        eq(userFavorites.user_id, userId),
        eq(userFavorites.entity_type, type),
        eq(userFavorites.entity_identifier, entityId),
      ),
    );
}
