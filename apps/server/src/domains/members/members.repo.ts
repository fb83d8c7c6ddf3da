import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  type UserRow,
  users,
  type WorkspaceMemberRow,
  workspaceMembers,
  workspaces,
} from '../../platform/db/schema.ts';

export type MemberWithUser = { membership: WorkspaceMemberRow; user: UserRow };

/** Serialises membership changes of one workspace, so the last-admin rule holds under concurrency. */
export async function lockWorkspaceMembership(db: Executor, workspaceId: string): Promise<void> {
  await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
}

export async function insertMember(
  db: Executor,
  values: typeof workspaceMembers.$inferInsert,
): Promise<WorkspaceMemberRow> {
  const rows = await db
    .insert(workspaceMembers)
    .values(values)
    .onConflictDoUpdate({
      // A former member who comes back gets their old row reactivated with the new role.
      target: [workspaceMembers.workspace_id, workspaceMembers.member_id],
      set: {
        role: values.role,
        is_active: true,
        updated_at: new Date(),
        updated_by: values.updated_by ?? null,
      },
    })
    .returning();
  return rows[0]!;
}

export function listActiveMembers(db: Executor, workspaceId: string): Promise<MemberWithUser[]> {
  return db
    .select({ membership: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(and(eq(workspaceMembers.workspace_id, workspaceId), eq(workspaceMembers.is_active, true)))
    .orderBy(workspaceMembers.created_at);
}

/** Users among `userIds` who are or were members of the workspace (former members keep their name). */
export function listMemberUsers(db: Executor, workspaceId: string, userIds: string[]): Promise<UserRow[]> {
  return db
    .select({ user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(and(eq(workspaceMembers.workspace_id, workspaceId), inArray(workspaceMembers.member_id, userIds)))
    .then((rows) => rows.map((r) => r.user));
}

export async function findActiveMember(
  db: Executor,
  workspaceId: string,
  memberId: string,
): Promise<MemberWithUser | undefined> {
  const rows = await db
    .select({ membership: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(
      and(
        eq(workspaceMembers.workspace_id, workspaceId),
        eq(workspaceMembers.id, memberId),
        eq(workspaceMembers.is_active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findActiveMembershipOfUser(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceMemberRow | undefined> {
  const rows = await db
    .select()
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspace_id, workspaceId),
        eq(workspaceMembers.member_id, userId),
        eq(workspaceMembers.is_active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function countActiveAdmins(db: Executor, workspaceId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspace_id, workspaceId),
        eq(workspaceMembers.is_active, true),
        eq(workspaceMembers.role, 20),
      ),
    );
  return rows[0]?.n ?? 0;
}

export async function updateMemberRow(
  db: Executor,
  workspaceId: string,
  memberId: string,
  values: Partial<WorkspaceMemberRow>,
): Promise<WorkspaceMemberRow> {
  const rows = await db
    .update(workspaceMembers)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(workspaceMembers.workspace_id, workspaceId), eq(workspaceMembers.id, memberId)))
    .returning();
  return rows[0]!;
}

/** Workspace ids where the user is an active admin. */
export async function listAdminWorkspaceIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ workspace_id: workspaceMembers.workspace_id })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.member_id, userId),
        eq(workspaceMembers.is_active, true),
        eq(workspaceMembers.role, 20),
      ),
    );
  return rows.map((r) => r.workspace_id);
}

export async function countActiveMembersExcept(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspace_id, workspaceId),
        eq(workspaceMembers.is_active, true),
        ne(workspaceMembers.member_id, userId),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** Ends every active membership of the user; the workspaces they were active in. */
export async function deactivateMembershipsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .update(workspaceMembers)
    .set({ is_active: false, updated_at: new Date() })
    .where(and(eq(workspaceMembers.member_id, userId), eq(workspaceMembers.is_active, true)))
    .returning({ workspaceId: workspaceMembers.workspace_id });
  return rows.map((row) => row.workspaceId);
}
