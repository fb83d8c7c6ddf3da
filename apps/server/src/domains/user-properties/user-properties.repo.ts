import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type UserPropertiesRow, userProperties } from '../../platform/db/schema.ts';

/** Which settings a row holds: a project's, a cycle's or a module's (of that project), or (project null) the workspace's. */
export interface PropertiesScope {
  projectId: string | null;
  cycleId?: string | null;
  moduleId?: string | null;
}

/** One row per user and scope. */
const scope = (workspaceId: string, userId: string, where: PropertiesScope) =>
  and(
    eq(userProperties.workspace_id, workspaceId),
    eq(userProperties.user_id, userId),
    where.projectId === null
      ? isNull(userProperties.project_id)
      : eq(userProperties.project_id, where.projectId),
    where.cycleId ? eq(userProperties.cycle_id, where.cycleId) : isNull(userProperties.cycle_id),
    where.moduleId ? eq(userProperties.module_id, where.moduleId) : isNull(userProperties.module_id),
  );

export async function findUserProperties(
  db: Executor,
  workspaceId: string,
  userId: string,
  where: PropertiesScope,
  options: { forUpdate?: boolean } = {},
): Promise<UserPropertiesRow | undefined> {
  const query = db
    .select()
    .from(userProperties)
    .where(scope(workspaceId, userId, where))
    .limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** Creates the row unless a concurrent request already did (the scope's unique index decides). */
export async function insertUserPropertiesIfMissing(
  db: Executor,
  values: typeof userProperties.$inferInsert,
): Promise<void> {
  await db.insert(userProperties).values(values).onConflictDoNothing();
}

export async function updateUserPropertiesRow(
  db: Executor,
  workspaceId: string,
  id: string,
  values: Partial<UserPropertiesRow>,
): Promise<UserPropertiesRow> {
  const rows = await db
    .update(userProperties)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(userProperties.workspace_id, workspaceId), eq(userProperties.id, id)))
    .returning();
  return rows[0]!;
}
