import type { CreateInvitationsBody, Invitation, WorkspaceMember } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/security/tokens.ts';
import { presentMember } from '../members/members.presenter.ts';
import type { MembersService } from '../members/members.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { presentInvitation } from './invitations.presenter.ts';
import {
  findInvitation,
  insertInvitation,
  listPendingForEmail,
  listWorkspaceInvitations,
  markAnswered,
  updateInvitationRow,
  withdrawPending,
} from './invitations.repo.ts';

export type InvitationsService = ReturnType<typeof createInvitationsService>;

const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
const invitationNotFound = () => new AppError('not_found', 'Invitation not found');

export function createInvitationsService(
  db: Db,
  deps: {
    members: MembersService;
    users: UsersService;
    workspaces: WorkspacesService;
    mailer: () => Promise<Mailer>;
  },
) {
  return {
    async list(access: WorkspaceAccess): Promise<Invitation[]> {
      const rows = await listWorkspaceInvitations(db, access.workspace.id);
      return rows.map((r) => presentInvitation(r.invitation, r.workspace));
    },

    async get(access: WorkspaceAccess, invitationId: string): Promise<Invitation> {
      const row = await findInvitation(db, access.workspace.id, invitationId);
      if (!row) throw invitationNotFound();
      return presentInvitation(row.invitation, row.workspace);
    },

    async create(
      access: WorkspaceAccess,
      actor: UserRow,
      body: CreateInvitationsBody,
      baseUrl: string,
    ): Promise<Invitation[]> {
      const emails = body.emails ?? [];
      if (emails.length === 0) throw new AppError('bad_request', 'Emails are required');
      for (const entry of emails) deps.members.assertGrantable(access, entry.role ?? 15);
      const unique = new Map(emails.map((e) => [e.email, e.role ?? 15]));
      const sent: { token: string; invitation: Invitation }[] = [];
      await db.transaction(async (tx) => {
        for (const [email, role] of unique) {
          const user = await deps.users.findByEmail(tx, email);
          if (user && (await deps.members.findMembership(tx, access.workspace.id, user.id))) {
            throw new AppError(
              'conflict',
              `${email} is already a member of this workspace`,
              'ALREADY_MEMBER',
              {
                email,
              },
            );
          }
          await withdrawPending(tx, access.workspace.id, email);
          const token = randomToken(32);
          const row = await insertInvitation(tx, {
            workspace_id: access.workspace.id,
            email,
            role,
            token_hash: sha256(token),
            message: body.message ?? null,
            expires_at: new Date(Date.now() + INVITATION_TTL_MS),
            created_by: actor.id,
            updated_by: actor.id,
          });
          sent.push({ token, invitation: presentInvitation(row, access.workspace) });
        }
      });
      const mailer = await deps.mailer();
      for (const { token, invitation } of sent) {
        const query = new URLSearchParams({
          invitation_id: invitation.id,
          slug: access.workspace.slug,
          email: invitation.email,
          token,
        });
        const link = `${baseUrl}/workspace-invitations/?${query}`;
        await mailer.send({
          to: invitation.email,
          subject: `${actor.display_name} invited you to join ${access.workspace.name} on Kite`,
          text: `${body.message ? `${body.message}\n\n` : ''}Join ${access.workspace.name}: ${link}\nThe link expires in 7 days.`,
          link,
        });
      }
      return sent.map((s) => s.invitation);
    },

    async updateRole(
      access: WorkspaceAccess,
      actor: UserRow,
      invitationId: string,
      role: number,
    ): Promise<Invitation> {
      const row = await findInvitation(db, access.workspace.id, invitationId);
      if (!row) throw invitationNotFound();
      deps.members.assertGrantable(access, role);
      const updated = await updateInvitationRow(db, invitationId, { role, updated_by: actor.id });
      return presentInvitation(updated, row.workspace);
    },

    async remove(access: WorkspaceAccess, invitationId: string): Promise<void> {
      const row = await findInvitation(db, access.workspace.id, invitationId);
      if (!row) throw invitationNotFound();
      await updateInvitationRow(db, invitationId, { deleted_at: new Date() });
    },

    /** Answers an emailed invitation; the token proves the caller read that email. */
    async join(
      user: UserRow,
      slug: string,
      invitationId: string,
      token: string,
      accepted: boolean,
    ): Promise<Invitation> {
      const workspace = await deps.workspaces.findLive(slug);
      if (!workspace) throw invitationNotFound();
      return db.transaction(async (tx) => {
        const row = await findInvitation(tx, workspace.id, invitationId);
        if (
          !row ||
          !safeEqual(row.invitation.token_hash, sha256(token)) ||
          row.invitation.expires_at < new Date()
        ) {
          throw invitationNotFound();
        }
        // 403 before 400 (api.md §0.3): a stranger learns nothing about the answer.
        if (row.invitation.email !== user.email) {
          throw new AppError('forbidden', 'This invitation was sent to another email address');
        }
        const answered = row.invitation.responded_at
          ? undefined
          : await markAnswered(tx, invitationId, accepted);
        if (!answered) throw new AppError('bad_request', 'This invitation has already been answered');
        if (accepted) {
          await deps.members.add(tx, {
            workspace_id: workspace.id,
            member_id: user.id,
            role: row.invitation.role,
            created_by: row.invitation.created_by,
            updated_by: user.id,
          });
          await deps.users.markEmailVerified(tx, user.id);
          await deps.users.rememberLastWorkspace(tx, user.id, workspace.id);
        }
        return presentInvitation(answered, workspace);
      });
    },

    async hasPending(tx: Executor, email: string): Promise<boolean> {
      return (await listPendingForEmail(tx, email, new Date())).length > 0;
    },

    async listMine(user: UserRow): Promise<Invitation[]> {
      const rows = await listPendingForEmail(db, user.email, new Date());
      return rows.map((r) => presentInvitation(r.invitation, r.workspace));
    },

    async acceptMine(user: UserRow, invitationIds: string[]): Promise<WorkspaceMember[]> {
      if (!user.is_email_verified) {
        throw new AppError(
          'bad_request',
          'Verify your email before accepting invitations',
          'EMAIL_NOT_VERIFIED',
        );
      }
      return db.transaction(async (tx) => {
        const rows = await listPendingForEmail(tx, user.email, new Date(), invitationIds);
        const members: WorkspaceMember[] = [];
        let newest: string | undefined;
        for (const row of rows) {
          // Answered concurrently (e.g. through the emailed link): nothing left to accept.
          if (!(await markAnswered(tx, row.invitation.id, true))) continue;
          const membership = await deps.members.add(tx, {
            workspace_id: row.workspace.id,
            member_id: user.id,
            role: row.invitation.role,
            created_by: row.invitation.created_by,
            updated_by: user.id,
          });
          members.push(presentMember({ membership, user }, true));
          newest ??= row.workspace.id;
        }
        if (newest) await deps.users.rememberLastWorkspace(tx, user.id, newest);
        return members;
      });
    },
  };
}
