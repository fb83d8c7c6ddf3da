import type { UserLite, WorkspaceMember, WorkspaceMemberMe } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserRow, WorkspaceMemberRow, workspaceMembers } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import { canGrantRole, keepsAnAdmin } from './members.policy.ts';
import { presentMember, presentMemberMe } from './members.presenter.ts';
import {
  countActiveAdmins,
  countActiveMembersExcept,
  deactivateMembershipsOfUser,
  findActiveMember,
  findActiveMembershipOfUser,
  insertMember,
  listActiveMembers,
  listAdminWorkspaceIds,
  listMemberUsers,
  lockWorkspaceMembership,
  type MemberWithUser,
  updateMemberRow,
} from './members.repo.ts';
import { recordMembershipEvent } from './membership-events.ts';

export type MembersService = ReturnType<typeof createMembersService>;

export const LAST_ADMIN_MESSAGE = 'The last admin of a workspace cannot be removed, demoted or leave';
const lastAdmin = () => new AppError('bad_request', LAST_ADMIN_MESSAGE, 'LAST_ADMIN');
const memberNotFound = () => new AppError('not_found', 'Member not found');
const roleTooHigh = () =>
  new AppError('bad_request', 'You cannot grant a role above your own', 'ROLE_TOO_HIGH');

function isAdmin(access: WorkspaceAccess): boolean {
  return access.membership.role >= ROLE.ADMIN;
}

/** Other domains (projects) follow workspace membership changes inside the same transaction. */
export interface MembershipListener {
  roleChanged(tx: Executor, workspaceId: string, userId: string, role: number): Promise<void>;
  /** `workspaceId` null: the user left every workspace (account deactivated). */
  removed(tx: Executor, workspaceId: string | null, userId: string): Promise<void>;
}

export type DraftCounter = (db: Executor, workspaceId: string, userId: string) => Promise<number>;

export function createMembersService(db: Db) {
  const listeners: MembershipListener[] = [];
  let countDrafts: DraftCounter = async () => 0;

  function present(access: WorkspaceAccess, actor: UserRow, row: MemberWithUser): WorkspaceMember {
    return presentMember(row, isAdmin(access) || row.user.id === actor.id);
  }

  return {
    subscribe(listener: MembershipListener): void {
      listeners.push(listener);
    },

    /** A new member (by invitation, or a workspace's creator): members' open sockets hear of it. */
    async add(tx: Executor, values: typeof workspaceMembers.$inferInsert): Promise<WorkspaceMemberRow> {
      const membership = await insertMember(tx, values);
      await recordMembershipEvent(
        tx,
        'workspace_member',
        'created',
        { workspaceId: membership.workspace_id, userId: membership.member_id, role: membership.role },
        values.updated_by ?? values.created_by ?? null,
      );
      return membership;
    },

    findMembership(tx: Executor, workspaceId: string, userId: string) {
      return findActiveMembershipOfUser(tx, workspaceId, userId);
    },

    assertGrantable(access: WorkspaceAccess, role: number): void {
      if (canGrantRole(access.membership.role, role)) throw roleTooHigh();
    },

    async list(access: WorkspaceAccess, actor: UserRow): Promise<WorkspaceMember[]> {
      const rows = await listActiveMembers(db, access.workspace.id);
      return rows.map((row) => present(access, actor, row));
    },

    /** UserLite of workspace users (e.g. a work item's assignees), in the order given; unknown ids are left out. */
    async userLites(access: WorkspaceAccess, actor: UserRow, userIds: string[]): Promise<UserLite[]> {
      if (userIds.length === 0) return [];
      const byId = new Map((await listMemberUsers(db, access.workspace.id, userIds)).map((u) => [u.id, u]));
      return userIds.flatMap((id) => {
        const user = byId.get(id);
        return user ? [presentUserLite(user, isAdmin(access) || user.id === actor.id)] : [];
      });
    },

    async get(access: WorkspaceAccess, actor: UserRow, memberId: string): Promise<WorkspaceMember> {
      const row = await findActiveMember(db, access.workspace.id, memberId);
      if (!row) throw memberNotFound();
      return present(access, actor, row);
    },

    /** Work items are counted by the issues domain, which registers itself at wiring time. */
    setDraftCounter(counter: DraftCounter): void {
      countDrafts = counter;
    },

    async me(access: WorkspaceAccess): Promise<WorkspaceMemberMe> {
      return presentMemberMe(
        access.membership,
        await countDrafts(db, access.workspace.id, access.membership.member_id),
      );
    },

    async updateRole(
      access: WorkspaceAccess,
      actor: UserRow,
      memberId: string,
      role: number,
    ): Promise<WorkspaceMember> {
      if (canGrantRole(access.membership.role, role)) throw roleTooHigh();
      return db.transaction(async (tx) => {
        await lockWorkspaceMembership(tx, access.workspace.id);
        const target = await findActiveMember(tx, access.workspace.id, memberId);
        if (!target) throw memberNotFound();
        if (keepsAnAdmin(target.membership.role, role, await countActiveAdmins(tx, access.workspace.id))) {
          throw lastAdmin();
        }
        const membership = await updateMemberRow(tx, access.workspace.id, memberId, {
          role,
          updated_by: actor.id,
        });
        for (const listener of listeners)
          await listener.roleChanged(tx, access.workspace.id, target.user.id, role);
        await recordMembershipEvent(
          tx,
          'workspace_member',
          'updated',
          { workspaceId: access.workspace.id, userId: target.user.id, role },
          actor.id,
        );
        return present(access, actor, { membership, user: target.user });
      });
    },

    async remove(access: WorkspaceAccess, actor: UserRow, memberId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockWorkspaceMembership(tx, access.workspace.id);
        const target = await findActiveMember(tx, access.workspace.id, memberId);
        if (!target) throw memberNotFound();
        if (target.user.id === actor.id) {
          throw new AppError('bad_request', 'You cannot remove yourself; leave the workspace instead');
        }
        if (keepsAnAdmin(target.membership.role, null, await countActiveAdmins(tx, access.workspace.id))) {
          throw lastAdmin();
        }
        await updateMemberRow(tx, access.workspace.id, memberId, { is_active: false, updated_by: actor.id });
        for (const listener of listeners) await listener.removed(tx, access.workspace.id, target.user.id);
        await recordMembershipEvent(
          tx,
          'workspace_member',
          'deleted',
          { workspaceId: access.workspace.id, userId: target.user.id },
          actor.id,
        );
      });
    },

    async leave(access: WorkspaceAccess, actor: UserRow): Promise<void> {
      await db.transaction(async (tx) => {
        await lockWorkspaceMembership(tx, access.workspace.id);
        const own = await findActiveMembershipOfUser(tx, access.workspace.id, actor.id);
        if (!own) throw memberNotFound();
        if (keepsAnAdmin(own.role, null, await countActiveAdmins(tx, access.workspace.id))) throw lastAdmin();
        await updateMemberRow(tx, access.workspace.id, own.id, { is_active: false, updated_by: actor.id });
        for (const listener of listeners) await listener.removed(tx, access.workspace.id, actor.id);
        await recordMembershipEvent(
          tx,
          'workspace_member',
          'deleted',
          { workspaceId: access.workspace.id, userId: actor.id },
          actor.id,
        );
      });
    },

    /**
     * Account deactivation: refused while the user is the only admin of a workspace with other
     * members. Each workspace left hears of it as of a removal (its open sockets, live events and
     * page editing, are closed on every node).
     */
    async deactivateAllOf(tx: Executor, userId: string): Promise<void> {
      for (const workspaceId of await listAdminWorkspaceIds(tx, userId)) {
        await lockWorkspaceMembership(tx, workspaceId);
        const admins = await countActiveAdmins(tx, workspaceId);
        if (admins <= 1 && (await countActiveMembersExcept(tx, workspaceId, userId)) > 0) throw lastAdmin();
      }
      const left = await deactivateMembershipsOfUser(tx, userId);
      for (const listener of listeners) await listener.removed(tx, null, userId);
      for (const workspaceId of left)
        await recordMembershipEvent(tx, 'workspace_member', 'deleted', { workspaceId, userId }, userId);
    },
  };
}
