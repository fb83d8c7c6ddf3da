import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  type InvitationRow,
  type WorkspaceRow,
  workspaceInvitations,
  workspaces,
} from '../../platform/db/schema.ts';

export type InvitationWithWorkspace = { invitation: InvitationRow; workspace: WorkspaceRow };

export function listWorkspaceInvitations(
  db: Executor,
  workspaceId: string,
): Promise<InvitationWithWorkspace[]> {
  return db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspace_id))
    .where(and(eq(workspaceInvitations.workspace_id, workspaceId), isNull(workspaceInvitations.deleted_at)))
    .orderBy(desc(workspaceInvitations.created_at));
}

export async function findInvitation(
  db: Executor,
  workspaceId: string,
  invitationId: string,
): Promise<InvitationWithWorkspace | undefined> {
  const rows = await db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspace_id))
    .where(
      and(
        eq(workspaceInvitations.workspace_id, workspaceId),
        eq(workspaceInvitations.id, invitationId),
        isNull(workspaceInvitations.deleted_at),
        isNull(workspaces.deleted_at),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Pending (unanswered, unexpired) invitations sent to an email, in live workspaces. */
export function listPendingForEmail(
  db: Executor,
  email: string,
  now: Date,
  ids?: string[],
): Promise<InvitationWithWorkspace[]> {
  return db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspace_id))
    .where(
      and(
        eq(workspaceInvitations.email, email),
        isNull(workspaceInvitations.responded_at),
        isNull(workspaceInvitations.deleted_at),
        gt(workspaceInvitations.expires_at, now),
        isNull(workspaces.deleted_at),
        ids ? inArray(workspaceInvitations.id, ids) : undefined,
      ),
    )
    .orderBy(desc(workspaceInvitations.created_at));
}

export async function insertInvitation(
  db: Executor,
  values: typeof workspaceInvitations.$inferInsert,
): Promise<InvitationRow> {
  const rows = await db.insert(workspaceInvitations).values(values).returning();
  return rows[0]!;
}

/** Re-inviting replaces: pending invitations for the same email are withdrawn. */
export async function withdrawPending(db: Executor, workspaceId: string, email: string): Promise<void> {
  await db
    .update(workspaceInvitations)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(
      and(
        eq(workspaceInvitations.workspace_id, workspaceId),
        eq(workspaceInvitations.email, email),
        isNull(workspaceInvitations.responded_at),
        isNull(workspaceInvitations.deleted_at),
      ),
    );
}

/**
 * Records the answer only if the invitation is still open (unanswered, not withdrawn); undefined
 * otherwise. Concurrent answers block on the row and re-check, so a token is spent exactly once.
 */
export async function markAnswered(
  db: Executor,
  invitationId: string,
  accepted: boolean,
): Promise<InvitationRow | undefined> {
  const rows = await db
    .update(workspaceInvitations)
    .set({ accepted, responded_at: new Date(), updated_at: new Date() })
    .where(
      and(
        eq(workspaceInvitations.id, invitationId),
        isNull(workspaceInvitations.responded_at),
        isNull(workspaceInvitations.deleted_at),
      ),
    )
    .returning();
  return rows[0];
}

export async function updateInvitationRow(
  db: Executor,
  invitationId: string,
  values: Partial<InvitationRow>,
): Promise<InvitationRow> {
  const rows = await db
    .update(workspaceInvitations)
    .set({ ...values, updated_at: new Date() })
    .where(eq(workspaceInvitations.id, invitationId))
    .returning();
  return rows[0]!;
}
