import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import {
  type ProjectMemberRow,
  type ProjectRow,
  projectMembers,
  projects,
  userFavorites,
} from '../../platform/db/schema.ts';

export async function findProject(
  db: Executor,
  workspaceId: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  const rows = await db
    .select()
    .from(projects)
    .where(
      and(eq(projects.workspace_id, workspaceId), eq(projects.id, projectId), isNull(projects.deleted_at)),
    )
    .limit(1);
  return rows[0];
}

export async function findProjectWithMembership(
  db: Executor,
  workspaceId: string,
  projectId: string,
  userId: string,
): Promise<{ project: ProjectRow; membership: ProjectMemberRow | null } | undefined> {
  const rows = await prepared(db, 'find_project_access', (db) =>
    db
      .select({ project: projects, membership: projectMembers })
      .from(projects)
      .leftJoin(
        projectMembers,
        and(
          eq(projectMembers.project_id, projects.id),
          eq(projectMembers.member_id, sql.placeholder('userId')),
          eq(projectMembers.is_active, true),
        ),
      )
      .where(
        and(
          eq(projects.workspace_id, sql.placeholder('workspaceId')),
          eq(projects.id, sql.placeholder('projectId')),
          isNull(projects.deleted_at),
        ),
      )
      .limit(1)
      .prepare('find_project_access'),
  ).execute({ workspaceId, projectId, userId });
  return rows[0];
}

/** Projects the user is a member of, plus (when `includePublic`) the workspace's public ones. */
export function listVisibleProjects(
  db: Executor,
  workspaceId: string,
  userId: string,
  includePublic: boolean,
) {
  const membership = and(
    eq(projectMembers.project_id, projects.id),
    eq(projectMembers.member_id, userId),
    eq(projectMembers.is_active, true),
  );
  const visible: SQL | undefined = includePublic
    ? or(sql`${projectMembers.id} is not null`, eq(projects.network, 2))
    : sql`${projectMembers.id} is not null`;
  return db
    .select({ project: projects, membership: projectMembers })
    .from(projects)
    .leftJoin(projectMembers, membership)
    .where(and(eq(projects.workspace_id, workspaceId), isNull(projects.deleted_at), visible));
}

export async function activeMemberIds(db: Executor, projectIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (projectIds.length === 0) return result;
  const rows = await db
    .select({ project_id: projectMembers.project_id, member_id: projectMembers.member_id })
    .from(projectMembers)
    .where(and(inArray(projectMembers.project_id, projectIds), eq(projectMembers.is_active, true)))
    .orderBy(asc(projectMembers.created_at));
  for (const row of rows) {
    const list = result.get(row.project_id) ?? [];
    list.push(row.member_id);
    result.set(row.project_id, list);
  }
  return result;
}

export async function favoriteProjectIds(
  db: Executor,
  userId: string,
  workspaceId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ id: userFavorites.entity_identifier })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.user_id, userId),
        eq(userFavorites.workspace_id, workspaceId),
        eq(userFavorites.entity_type, 'project'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertProject(db: Executor, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const rows = await db.insert(projects).values(values).returning();
  return rows[0]!;
}

export async function updateProjectRow(
  db: Executor,
  workspaceId: string,
  projectId: string,
  values: Partial<ProjectRow>,
): Promise<ProjectRow> {
  const rows = await db
    .update(projects)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(projects.workspace_id, workspaceId), eq(projects.id, projectId)))
    .returning();
  return rows[0]!;
}

/** Serialises changes to one project's members or defaults. */
export async function lockProject(db: Executor, projectId: string): Promise<void> {
  await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

export async function maxProjectSortOrder(db: Executor, workspaceId: string): Promise<number | null> {
  const rows = await db
    .select({ max: sql<number | null>`max(${projects.sort_order})` })
    .from(projects)
    .where(and(eq(projects.workspace_id, workspaceId), isNull(projects.deleted_at)));
  return rows[0]?.max ?? null;
}

/** Identifiers in the workspace (archived projects included) equal to the candidate. */
export async function identifiersLike(
  db: Executor,
  workspaceId: string,
  identifier: string,
): Promise<string[]> {
  const rows = await db
    .select({ identifier: projects.identifier })
    .from(projects)
    .where(
      and(
        eq(projects.workspace_id, workspaceId),
        eq(projects.identifier, identifier),
        isNull(projects.deleted_at),
      ),
    );
  return rows.map((r) => r.identifier);
}

export async function findLiveByName(
  db: Executor,
  workspaceId: string,
  name: string,
): Promise<ProjectRow | undefined> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.workspace_id, workspaceId), eq(projects.name, name), isNull(projects.deleted_at)))
    .limit(1);
  return rows[0];
}

export async function softDeleteProject(db: Executor, workspaceId: string, projectId: string): Promise<void> {
  await db
    .update(projects)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(and(eq(projects.workspace_id, workspaceId), eq(projects.id, projectId)));
  await db.delete(userFavorites).where(eq(userFavorites.project_id, projectId));
}

export function listFavoriteProjects(db: Executor, userId: string, workspaceId: string) {
  return db
    .select({ favorite: userFavorites, name: projects.name })
    .from(userFavorites)
    .innerJoin(projects, eq(projects.id, userFavorites.entity_identifier))
    .where(
      and(
        eq(userFavorites.user_id, userId),
        eq(userFavorites.workspace_id, workspaceId),
        eq(userFavorites.entity_type, 'project'),
        isNull(projects.deleted_at),
      ),
    )
    .orderBy(desc(userFavorites.created_at));
}

export async function insertFavorite(db: Executor, values: typeof userFavorites.$inferInsert) {
  const rows = await db.insert(userFavorites).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function deleteFavorite(db: Executor, userId: string, entityType: string, entityId: string) {
  await db
    .delete(userFavorites)
    .where(
      and(
        eq(userFavorites.user_id, userId),
        eq(userFavorites.entity_type, entityType),
        eq(userFavorites.entity_identifier, entityId),
      ),
    );
}

export async function findProjectIdByIdentifier(db: Executor, workspaceId: string, identifier: string) {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.workspace_id, workspaceId),
        eq(projects.identifier, identifier),
        isNull(projects.deleted_at),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}
