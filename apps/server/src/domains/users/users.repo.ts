import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  activities,
  type ProfileRow,
  profiles,
  type UserRow,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../../platform/db/schema.ts';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function countUsers(db: Executor): Promise<number> {
  const rows = await db.select({ n: count() }).from(users);
  return rows[0]?.n ?? 0;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function updateUserRow(db: Executor, id: string, values: Partial<UserRow>): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({ ...values, updated_at: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0]!;
}

export async function insertProfile(db: Executor, values: typeof profiles.$inferInsert): Promise<ProfileRow> {
  const rows = await db.insert(profiles).values(values).returning();
  return rows[0]!;
}

export async function findProfile(db: Executor, userId: string): Promise<ProfileRow | undefined> {
  const rows = await db.select().from(profiles).where(eq(profiles.user_id, userId)).limit(1);
  return rows[0];
}

export async function updateProfileRow(
  db: Executor,
  userId: string,
  values: Partial<ProfileRow>,
): Promise<ProfileRow> {
  const rows = await db
    .update(profiles)
    .set({ ...values, updated_at: new Date() })
    .where(eq(profiles.user_id, userId))
    .returning();
  return rows[0]!;
}

/** Workspaces the user is an active member of, oldest membership first. */
export function listMemberWorkspaceRefs(db: Executor, userId: string) {
  return db
    .select({ id: workspaces.id, slug: workspaces.slug })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
    .where(
      and(
        eq(workspaceMembers.member_id, userId),
        eq(workspaceMembers.is_active, true),
        isNull(workspaces.deleted_at),
      ),
    )
    .orderBy(workspaceMembers.created_at);
}

export async function countPendingInvitations(db: Executor, email: string, now: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspace_id))
    .where(
      and(
        eq(workspaceInvitations.email, email),
        eq(workspaceInvitations.accepted, false),
        isNull(workspaceInvitations.responded_at),
        isNull(workspaceInvitations.deleted_at),
        gt(workspaceInvitations.expires_at, now),
        isNull(workspaces.deleted_at),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** The user's own activity in workspaces they still belong to, newest first. */
export async function pageOwnActivities(db: Executor, userId: string, limit: number, offset: number) {
  const visible = and(
    eq(activities.actor_id, userId),
    inArray(
      activities.workspace_id,
      db
        .select({ id: workspaceMembers.workspace_id })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.member_id, userId), eq(workspaceMembers.is_active, true))),
    ),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(visible)
      .orderBy(desc(activities.created_at))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(activities).where(visible),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
