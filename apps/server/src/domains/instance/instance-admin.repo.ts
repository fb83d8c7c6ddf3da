import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.ts';
import { accounts, users, workspaces } from '../../platform/db/schema.ts';

/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const adminUserColumns = {
  id: users.id,
  email: users.email,
  display_name: users.display_name,
  first_name: users.first_name,
  last_name: users.last_name,
  avatar: users.avatar,
  is_active: users.is_active,
  is_instance_admin: users.is_instance_admin,
  is_email_verified: users.is_email_verified,
  last_login_medium: users.last_login_medium,
  last_login_at: users.last_login_at,
  date_joined: users.date_joined,
};
export type AdminUserRow = { [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K] };

/** Every account of the instance, oldest first; `search` matches email and names, case-insensitively. */
export async function pageAdminUsers(
  db: Executor,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const pattern = search?.trim() ? containing(search.trim()) : undefined;
  const where: SQL | undefined = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.display_name, pattern),
        ilike(users.first_name, pattern),
        ilike(users.last_name, pattern),
      )
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.date_joined), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findAdminUser(db: Executor, userId: string): Promise<AdminUserRow | undefined> {
  const rows = await db.select(adminUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** The sign-in providers linked to each of the users, in one query for a whole page. */
export async function listProvidersOf(db: Executor, userIds: string[]): Promise<Map<string, string[]>> {
  const providers = new Map<string, string[]>();
  if (userIds.length === 0) return providers;
  const rows = await db
    .selectDistinct({ user_id: accounts.user_id, provider: accounts.provider })
    .from(accounts)
    .where(inArray(accounts.user_id, userIds))
    .orderBy(asc(accounts.user_id), asc(accounts.provider));
  for (const row of rows) providers.set(row.user_id, [...(providers.get(row.user_id) ?? []), row.provider]);
  return providers;
}

/**
 * Locks the rows of the active instance admins (and returns their ids): two admins demoting or
 * deactivating each other at once are serialised, and the second sees the first's change.
 */
export async function lockActiveInstanceAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.is_instance_admin, true), eq(users.is_active, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

const owners = alias(users, 'owner');

const adminWorkspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  slug: workspaces.slug,
  created_at: workspaces.created_at,
  owner: { id: owners.id, email: owners.email, display_name: owners.display_name },
  // Active memberships only: a member who left or was removed, or whose account was deactivated, is not counted.
  total_members: sql<number>`(select count(*)::int from workspace_members wm
    where wm.workspace_id = "workspaces"."id" and wm.is_active)`,
  // Every project not deleted, archived ones included: they still hold the workspace's work and can be
  // restored, and the console shows how much a workspace holds.
  total_projects: sql<number>`(select count(*)::int from projects p
    where p.workspace_id = "workspaces"."id" and p.deleted_at is null)`,
};
export type AdminWorkspaceRow = {
  id: string;
  name: string;
  slug: string;
  created_at: Date;
  owner: { id: string; email: string; display_name: string } | null;
  total_members: number;
  total_projects: number;
};

function liveWorkspaces(search?: string): SQL | undefined {
  const pattern = search?.trim() ? containing(search.trim()) : undefined;
  return and(
    isNull(workspaces.deleted_at),
    pattern ? or(ilike(workspaces.name, pattern), ilike(workspaces.slug, pattern)) : undefined,
  );
}

/** Live workspaces, oldest first, with their owner and counts: two queries for any page. */
export async function pageAdminWorkspaces(
  db: Executor,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AdminWorkspaceRow[]; total: number }> {
  const where = liveWorkspaces(search);
  const [rows, total] = await Promise.all([
    db
      .select(adminWorkspaceColumns)
      .from(workspaces)
      .leftJoin(owners, eq(owners.id, workspaces.owner_id))
      .where(where)
      .orderBy(asc(workspaces.created_at), asc(workspaces.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(workspaces).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findAdminWorkspace(
  db: Executor,
  workspaceId: string,
): Promise<AdminWorkspaceRow | undefined> {
  const rows = await db
    .select(adminWorkspaceColumns)
    .from(workspaces)
    .leftJoin(owners, eq(owners.id, workspaces.owner_id))
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deleted_at)))
    .limit(1);
  return rows[0];
}
