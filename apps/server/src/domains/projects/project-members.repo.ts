import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import {
  type ProjectMemberRow,
  projectMembers,
  projects,
  type UserRow,
  users,
} from '../../platform/db/schema.ts';

export function listActiveProjectMembers(db: Executor, projectId: string): Promise<ProjectMemberRow[]> {
  // Prepared by name: every list request reads it.
  return prepared(db, 'list_active_project_members', (db) =>
    db
      .select()
      .from(projectMembers)
      .where(
        and(eq(projectMembers.project_id, sql.placeholder('projectId')), eq(projectMembers.is_active, true)),
      )
      .orderBy(projectMembers.created_at)
      .prepare('list_active_project_members'),
  ).execute({ projectId });
}

export async function findActiveProjectMember(
  db: Executor,
  projectId: string,
  memberId: string,
): Promise<ProjectMemberRow | undefined> {
  const rows = await db
    .select()
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.project_id, projectId),
        eq(projectMembers.id, memberId),
        eq(projectMembers.is_active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findActiveMembershipOfUser(
  db: Executor,
  projectId: string,
  userId: string,
): Promise<ProjectMemberRow | undefined> {
  const rows = await db
    .select()
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.project_id, projectId),
        eq(projectMembers.member_id, userId),
        eq(projectMembers.is_active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Adds or reactivates a membership (a former member comes back with the new role). */
export async function upsertProjectMember(
  db: Executor,
  values: typeof projectMembers.$inferInsert,
): Promise<ProjectMemberRow> {
  const rows = await db
    .insert(projectMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [projectMembers.project_id, projectMembers.member_id],
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

export async function updateProjectMemberRow(
  db: Executor,
  projectId: string,
  memberId: string,
  values: Partial<ProjectMemberRow>,
): Promise<ProjectMemberRow> {
  const rows = await db
    .update(projectMembers)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.id, memberId)))
    .returning();
  return rows[0]!;
}

export async function countActiveProjectAdmins(db: Executor, projectId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.project_id, projectId),
        eq(projectMembers.is_active, true),
        eq(projectMembers.role, 20),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** Lowers every project role of the user in the workspace that is above `role`. */
export async function capProjectRoles(db: Executor, workspaceId: string, userId: string, role: number) {
  await db
    .update(projectMembers)
    .set({ role, updated_at: new Date() })
    .where(
      and(
        eq(projectMembers.workspace_id, workspaceId),
        eq(projectMembers.member_id, userId),
        gt(projectMembers.role, role),
      ),
    );
}

/** Ends the user's project memberships in one workspace, or in all of them. */
export async function deactivateProjectMemberships(db: Executor, userId: string, workspaceId: string | null) {
  await db
    .update(projectMembers)
    .set({ is_active: false, updated_at: new Date() })
    .where(
      workspaceId
        ? and(eq(projectMembers.member_id, userId), eq(projectMembers.workspace_id, workspaceId))
        : eq(projectMembers.member_id, userId),
    );
}

/** The caller's active memberships in the workspace's live projects. */
export function listMembershipsOfUser(db: Executor, workspaceId: string, userId: string) {
  return db
    .select({ membership: projectMembers, guestViewAll: projects.guest_view_all_features })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.project_id))
    .where(
      and(
        eq(projectMembers.workspace_id, workspaceId),
        eq(projectMembers.member_id, userId),
        eq(projectMembers.is_active, true),
        isNull(projects.deleted_at),
      ),
    );
}

export function listActiveMembersOfProjects(db: Executor, projectIds: string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(projectMembers)
    .where(and(inArray(projectMembers.project_id, projectIds), eq(projectMembers.is_active, true)))
    .orderBy(projectMembers.created_at);
}

/** Users behind the active memberships of a project (deactivated accounts left out), oldest member first. */
export async function listActiveMemberUsers(db: Executor, projectId: string): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.member_id))
    .where(
      and(
        eq(projectMembers.project_id, projectId),
        eq(projectMembers.is_active, true),
        eq(users.is_active, true),
      ),
    )
    .orderBy(projectMembers.created_at);
  return rows.map((r) => r.user);
}
