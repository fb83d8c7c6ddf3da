import type { Favorite } from '@kite/shared/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { userFavorites } from '../../platform/db/schema.ts';

/** Objects of a project a user can favorite, with the table that names them. */
const TABLES = { cycle: 'cycles', module: 'modules', view: 'issue_views', page: 'pages' } as const;
export type ProjectFavoriteType = keyof typeof TABLES;

const CREATED_AT = sql.raw(`to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A view or a page is listed to its owner, or to anyone while it is public (api.md §0.5). */
const visibleToUser = (alias: string, userId: string): SQL =>
  sql`(${sql.raw(alias)}.access = 0 or ${sql.raw(alias)}.owned_by = ${userId})`;

/** The user's favorites of one kind in a project, with the live object's name, newest first. */
export function listProjectFavorites(
  db: Executor,
  userId: string,
  projectId: string,
  type: ProjectFavoriteType,
): Promise<Favorite[]> {
  return queryRows<Favorite>(
    db,
    sql`select f.id, f.entity_type, f.entity_identifier, f.project_id, e.name, ${CREATED_AT} as created_at
          from user_favorites f join ${sql.identifier(TABLES[type])} e on e.id = f.entity_identifier
         where f.user_id = ${userId} and f.project_id = ${projectId} and f.entity_type = ${type}
           and e.deleted_at is null ${type === 'view' || type === 'page' ? sql`and ${visibleToUser('e', userId)}` : sql``}
         order by f.created_at desc, f.id`,
  );
}

/** Favorites an object for the user; undefined when it already was one. */
export async function addProjectFavorite(
  db: Executor,
  values: {
    workspace_id: string;
    /** Null for a workspace's own object (a global view). */
    project_id: string | null;
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

/**
 * Every favorite of the user in the workspace whose object they can still see (`GET {ws}/user-favorites/`):
 * the object is live, its project is one they are an active member of, and a view is public or theirs.
 * Newest first.
 */
export function listWorkspaceFavorites(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<Favorite[]> {
  const live = (table: string, type: string) =>
    sql`select e.id, e.name from ${sql.identifier(table)} e
         where f.entity_type = ${type} and e.id = f.entity_identifier and e.workspace_id = f.workspace_id
           and e.deleted_at is null`;
  return queryRows<Favorite>(
    db,
    sql`select f.id, f.entity_type, f.entity_identifier, f.project_id, o.name, ${CREATED_AT} as created_at
          from user_favorites f
          cross join lateral (
            ${live('projects', 'project')}
            union all ${live('cycles', 'cycle')}
            union all ${live('modules', 'module')}
            union all ${live('issue_views', 'view')} and ${visibleToUser('e', userId)}
            union all ${live('pages', 'page')} and ${visibleToUser('e', userId)}
          ) o
         where f.workspace_id = ${workspaceId} and f.user_id = ${userId}
           and (f.project_id is null or exists (
                 select 1 from project_members pm join projects p on p.id = pm.project_id
                  where pm.project_id = f.project_id and pm.member_id = ${userId} and pm.is_active
                    and p.deleted_at is null))
         order by f.created_at desc, f.id`,
  );
}

/** Removes one of the user's favorites by its id; false when the user has none of that id here. */
export async function removeFavoriteById(
  db: Executor,
  workspaceId: string,
  userId: string,
  favoriteId: string,
): Promise<boolean> {
  const rows = await db
    .delete(userFavorites)
    .where(
      and(
        eq(userFavorites.id, favoriteId),
        eq(userFavorites.workspace_id, workspaceId),
        eq(userFavorites.user_id, userId),
      ),
    )
    .returning({ id: userFavorites.id });
  return rows.length > 0;
}

/** Removes every favorite of a view or page but its owner's (it has turned private). */
export async function removeOthersFavorites(
  db: Executor,
  type: 'view' | 'page',
  entityId: string,
  ownerId: string,
): Promise<void> {
  await db.execute(
    sql`delete from user_favorites where entity_type = ${type} and entity_identifier = ${entityId}
          and user_id <> ${ownerId}`,
  );
}

/** Removes every favorite of an object (it was deleted). */
export async function removeFavoritesOf(db: Executor, type: ProjectFavoriteType, entityId: string) {
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.entity_type, type), eq(userFavorites.entity_identifier, entityId)));
}
