import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type DeployBoardRow, deployBoards } from '../../platform/db/schema.ts';

/** The board of a project, if it is published (at most one per project). */
export async function findBoardOfProject(
  db: Executor,
  workspaceId: string,
  projectId: string,
): Promise<DeployBoardRow | undefined> {
  const rows = await db
    .select()
    .from(deployBoards)
    .where(and(eq(deployBoards.workspace_id, workspaceId), eq(deployBoards.project_id, projectId)))
    .limit(1);
  return rows[0];
}

/** A board under its project; `forUpdate` locks the row for a read-modify-write (view_props merge). */
export async function findBoard(
  db: Executor,
  workspaceId: string,
  projectId: string,
  boardId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DeployBoardRow | undefined> {
  const query = db
    .select()
    .from(deployBoards)
    .where(
      and(
        eq(deployBoards.workspace_id, workspaceId),
        eq(deployBoards.project_id, projectId),
        eq(deployBoards.id, boardId),
      ),
    )
    .limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/**
 * The board behind a public anchor. The one lookup without a workspace id: on the anonymous
 * surface the (globally unique, unguessable) anchor is what names the tenant.
 */
export async function findBoardByAnchor(db: Executor, anchor: string): Promise<DeployBoardRow | undefined> {
  const rows = await db.select().from(deployBoards).where(eq(deployBoards.anchor, anchor)).limit(1);
  return rows[0];
}

export async function insertBoard(
  db: Executor,
  values: typeof deployBoards.$inferInsert,
): Promise<DeployBoardRow> {
  const rows = await db.insert(deployBoards).values(values).returning();
  return rows[0]!;
}

export async function updateBoardRow(
  db: Executor,
  workspaceId: string,
  boardId: string,
  values: Partial<DeployBoardRow>,
): Promise<DeployBoardRow> {
  const rows = await db
    .update(deployBoards)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(deployBoards.workspace_id, workspaceId), eq(deployBoards.id, boardId)))
    .returning();
  return rows[0]!;
}

/** Unpublishing removes the row for good, so the project can be published again under a new anchor. */
export async function deleteBoard(db: Executor, workspaceId: string, boardId: string): Promise<void> {
  await db
    .delete(deployBoards)
    .where(and(eq(deployBoards.workspace_id, workspaceId), eq(deployBoards.id, boardId)));
}
