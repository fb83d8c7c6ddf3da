import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type WorkspaceRow, workspaceMembers, workspaces } from '../../platform/db/schema.ts';

export async function findLiveWorkspaceBySlug(db: Executor, slug: string): Promise<WorkspaceRow | undefined> {
  const rows = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.slug, slug), isNull(workspaces.deleted_at)))
    .limit(1);
  return rows[0];
}

export async function findLiveWorkspaceById(db: Executor, id: string): Promise<WorkspaceRow | undefined> {
  const rows = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, id), isNull(workspaces.deleted_at)))
    .limit(1);
  return rows[0];
}

export async function insertWorkspace(
  db: Executor,
  values: typeof workspaces.$inferInsert,
): Promise<WorkspaceRow> {
  const rows = await db.insert(workspaces).values(values).returning();
  return rows[0]!;
}

export async function updateWorkspaceRow(
  db: Executor,
  workspaceId: string,
  values: Partial<WorkspaceRow>,
): Promise<WorkspaceRow> {
  const rows = await db
    .update(workspaces)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deleted_at)))
    .returning();
  return rows[0]!;
}

export function listWorkspacesOfUser(db: Executor, userId: string) {
  return db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
    .where(
      and(
        eq(workspaceMembers.member_id, userId),
        eq(workspaceMembers.is_active, true),
        isNull(workspaces.deleted_at),
      ),
    )
    .orderBy(workspaces.created_at);
}

/** Active member counts per workspace, in one grouped query. */
export async function countActiveMembers(db: Executor, workspaceIds: string[]): Promise<Map<string, number>> {
  if (workspaceIds.length === 0) return new Map();
  const rows = await db
    .select({ workspace_id: workspaceMembers.workspace_id, n: count() })
    .from(workspaceMembers)
    .where(and(inArray(workspaceMembers.workspace_id, workspaceIds), eq(workspaceMembers.is_active, true)))
    .groupBy(workspaceMembers.workspace_id);
  return new Map(rows.map((r) => [r.workspace_id, r.n]));
}

export async function softDeleteWorkspace(db: Executor, workspaceId: string, actorId: string): Promise<void> {
  await db
    .update(workspaces)
    .set({ deleted_at: sql`now()`, updated_at: new Date(), updated_by: actorId })
    .where(eq(workspaces.id, workspaceId));
}
