import type { AdminUser, AdminWorkspace, UpdateAdminUserBody } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { envelope, type PageRequest } from '../../platform/http/pagination.ts';
import { sendAndAwait } from '../../platform/mail/smtp-check.ts';
import { type DeactivationDeps, deactivateUser } from '../users/deactivate-account.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { InstanceService } from './instance.service.ts';
import { presentAdminUser, presentAdminWorkspace, presentAuditEntry } from './instance-admin.presenter.ts';
import {
  type AdminUserRow,
  findAdminUser,
  findAdminWorkspace,
  listProvidersOf,
  lockActiveInstanceAdmins,
  pageAdminUsers,
  pageAdminWorkspaces,
} from './instance-admin.repo.ts';
import { type AuditRecord, insertAuditEntries, pageAuditEntries } from './instance-audit.repo.ts';

export type InstanceAdminService = ReturnType<typeof createInstanceAdminService>;

const userNotFound = () => new AppError('not_found', 'User not found');
const ownAccount = () =>
  new AppError(
    'bad_request',
    'You cannot deactivate yourself or change your own instance admin role',
    'CANNOT_MODIFY_SELF',
  );
const lastInstanceAdmin = () =>
  new AppError(
    'bad_request',
    'The last active instance admin cannot be deactivated or lose the instance admin role',
    'LAST_INSTANCE_ADMIN',
  );

/** Whether the change leaves the user no longer an active instance admin. */
function endsAdminRights(user: AdminUserRow, body: UpdateAdminUserBody): boolean {
  if (!user.is_active || !user.is_instance_admin) return false;
  return body.is_active === false || body.is_instance_admin === false;
}

/** The instance admin console (`/god-mode`): every change here writes its audit entry in the same transaction. */
export function createInstanceAdminService(
  db: Db,
  deps: DeactivationDeps & { instance: InstanceService; workspaces: WorkspacesService },
) {
  async function presentUsers(rows: AdminUserRow[]): Promise<AdminUser[]> {
    const providers = await listProvidersOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => presentAdminUser(row, providers.get(row.id) ?? []));
  }

  return {
    async listUsers(search: string | undefined, page: PageRequest) {
      const { rows, total } = await pageAdminUsers(db, search, page.perPage + 1, page.page * page.perPage);
      return envelope(page, await presentUsers(rows), total);
    },

    /**
     * Deactivates (as the account's own deactivation does: memberships, sessions and API tokens end),
     * reactivates (the user may sign in again; memberships are not restored), grants or revokes the
     * instance admin role. Nobody changes their own account here, and the instance always keeps one
     * active admin, also when two admins act on each other at once.
     */
    async updateUser(actor: UserRow, userId: string, body: UpdateAdminUserBody): Promise<AdminUser> {
      if (userId === actor.id) throw ownAccount();
      await db.transaction(async (tx) => {
        const admins = await lockActiveInstanceAdmins(tx);
        const user = await findAdminUser(tx, userId);
        if (!user) throw userNotFound();
        // Reachable when the actor lost the role meanwhile (another admin's change committed first).
        if (endsAdminRights(user, body) && admins.every((id) => id === user.id)) throw lastInstanceAdmin();
        if (!admins.includes(actor.id)) throw new AppError('forbidden', 'Instance admins only');

        const audit: AuditRecord[] = [];
        const record = (action: AuditRecord['action']) =>
          audit.push({ actorId: actor.id, action, target: user.email });
        if (body.is_instance_admin !== undefined && body.is_instance_admin !== user.is_instance_admin) {
          await deps.users.update(tx, user.id, { is_instance_admin: body.is_instance_admin });
          record(body.is_instance_admin ? 'user.admin_granted' : 'user.admin_revoked');
        }
        if (body.is_active === false && user.is_active) {
          await deactivateUser(tx, deps, user.id);
          record('user.deactivated');
        } else if (body.is_active === true && !user.is_active) {
          await deps.users.update(tx, user.id, { is_active: true });
          record('user.reactivated');
        }
        await insertAuditEntries(tx, audit);
      });
      const [updated] = await presentUsers([(await findAdminUser(db, userId))!]);
      return updated!;
    },

    async listWorkspaces(search: string | undefined, page: PageRequest) {
      const { rows, total } = await pageAdminWorkspaces(
        db,
        search,
        page.perPage + 1,
        page.page * page.perPage,
      );
      return envelope(page, rows.map(presentAdminWorkspace), total);
    },

    /**
     * Through the workspaces service, so slugs, reserved words and conflicts answer as on
     * `POST /api/workspaces/`; an instance admin may create one even when creation is disabled.
     */
    async createWorkspace(actor: UserRow, body: { name: string; slug: string }): Promise<AdminWorkspace> {
      const created = await deps.workspaces.create(actor, body, {
        alsoInTransaction: (tx) =>
          insertAuditEntries(tx, [{ actorId: actor.id, action: 'workspace.created', target: body.slug }]),
      });
      return presentAdminWorkspace((await findAdminWorkspace(db, created.id))!);
    },

    /** Sends a test mail with the current SMTP settings and answers what the server said. */
    async checkEmailCredentials(actor: UserRow, receiver: string): Promise<{ message: string }> {
      const smtp = (await deps.instance.settings()).smtp;
      if (!smtp) throw new AppError('bad_request', 'SMTP is not configured', 'SMTP_NOT_CONFIGURED');
      const result = await sendAndAwait(smtp, {
        to: receiver,
        subject: 'Kite test email',
        text: 'This is a test email from your Kite instance. Your SMTP settings work.',
      });
      await insertAuditEntries(db, [
        { actorId: actor.id, action: 'email.test_sent', target: receiver, details: { ok: result.ok } },
      ]);
      if (!result.ok) throw new AppError('bad_request', result.response, 'SMTP_CHECK_FAILED');
      return { message: result.response };
    },

    async listAudit(page: PageRequest) {
      const { rows, total } = await pageAuditEntries(db, page.perPage + 1, page.page * page.perPage);
      return envelope(page, rows.map(presentAuditEntry), total);
    },
  };
}
