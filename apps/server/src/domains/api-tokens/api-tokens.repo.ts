import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import {
  type ApiTokenRow,
  apiTokens,
  type ProjectMemberRow,
  type ProjectRow,
  projectMembers,
  projects,
  type UserRow,
  users,
  type WorkspaceMemberRow,
  type WorkspaceRow,
  workspaceMembers,
  workspaces,
} from '../../platform/db/schema.ts';

export async function insertApiToken(
  db: Executor,
  values: typeof apiTokens.$inferInsert,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** The user's live tokens for the workspace, newest first. */
export function listApiTokens(db: Executor, workspaceId: string, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.workspace_id, workspaceId),
        eq(apiTokens.user_id, userId),
        isNull(apiTokens.deleted_at),
      ),
    )
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
}

/** One of the user's live tokens for the workspace (anyone else's is not found). */
export async function findApiToken(
  db: Executor,
  workspaceId: string,
  userId: string,
  tokenId: string,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.workspace_id, workspaceId),
        eq(apiTokens.user_id, userId),
        isNull(apiTokens.deleted_at),
      ),
    );
  return row;
}

/** Soft-deletes one of the user's tokens; false when there was none to delete. */
export async function softDeleteApiToken(
  db: Executor,
  workspaceId: string,
  userId: string,
  tokenId: string,
): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ deleted_at: new Date(), updated_at: new Date(), updated_by: userId })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.workspace_id, workspaceId),
        eq(apiTokens.user_id, userId),
        isNull(apiTokens.deleted_at),
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Soft-deletes every live token of the user, in every workspace (their account was deactivated). */
export async function softDeleteApiTokensOfUser(db: Executor, userId: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.deleted_at)));
}

export interface ApiTokenAccessRow {
  token: ApiTokenRow;
  user: UserRow;
  workspace: WorkspaceRow | null;
  membership: WorkspaceMemberRow | null;
  project: ProjectRow | null;
  projectMembership: ProjectMemberRow | null;
}

/**
 * A live token by its hash with its active user and, when the request names the token's own
 * workspace (`slug`), the user's active membership there and the project `projectId` with their
 * membership of it: what a `/api/v1/` route checks, in one round trip. Another workspace's slug
 * leaves the workspace null (404), as it does for a user who is not a member.
 */
export async function findApiTokenAccess(
  db: Executor,
  params: { tokenHash: string; slug: string; projectId: string | null },
): Promise<ApiTokenAccessRow | undefined> {
  const rows = await prepared(db, 'find_api_token_access', (db) =>
    db
      .select({
        token: apiTokens,
        user: users,
        workspace: workspaces,
        membership: workspaceMembers,
        project: projects,
        projectMembership: projectMembers,
      })
      .from(apiTokens)
      .innerJoin(users, and(eq(users.id, apiTokens.user_id), eq(users.is_active, true)))
      .leftJoin(
        workspaces,
        and(
          eq(workspaces.id, apiTokens.workspace_id),
          eq(workspaces.slug, sql.placeholder('slug')),
          isNull(workspaces.deleted_at),
        ),
      )
      .leftJoin(
        workspaceMembers,
        and(
          eq(workspaceMembers.workspace_id, workspaces.id),
          eq(workspaceMembers.member_id, users.id),
          eq(workspaceMembers.is_active, true),
        ),
      )
      .leftJoin(
        projects,
        and(
          eq(projects.id, sql`${sql.placeholder('projectId')}::uuid`),
          eq(projects.workspace_id, workspaceMembers.workspace_id),
          isNull(projects.deleted_at),
        ),
      )
      .leftJoin(
        projectMembers,
        and(
          eq(projectMembers.project_id, projects.id),
          eq(projectMembers.member_id, users.id),
          eq(projectMembers.is_active, true),
        ),
      )
      .where(and(eq(apiTokens.token_hash, sql.placeholder('tokenHash')), isNull(apiTokens.deleted_at)))
      .limit(1)
      .prepare('find_api_token_access'),
  ).execute(params);
  return rows[0];
}

/** A live token by its hash with its active user (routes outside a workspace: `users/me`). */
export async function findApiTokenUser(
  db: Executor,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const rows = await prepared(db, 'find_api_token_user', (db) =>
    db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, and(eq(users.id, apiTokens.user_id), eq(users.is_active, true)))
      .where(and(eq(apiTokens.token_hash, sql.placeholder('tokenHash')), isNull(apiTokens.deleted_at)))
      .limit(1)
      .prepare('find_api_token_user'),
  ).execute({ tokenHash });
  return rows[0];
}

/**
 * Records a use unless one was recorded less than `intervalMs` ago; the condition makes two
 * nodes racing on the same token write once.
 */
export async function recordApiTokenUse(
  db: Executor,
  tokenId: string,
  now: Date,
  intervalMs: number,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ last_used: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.last_used), lt(apiTokens.last_used, new Date(now.getTime() - intervalMs))),
      ),
    );
}
