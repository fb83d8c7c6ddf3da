import type { ProjectMember } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { ProjectMemberRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import { keepsAnAdmin } from '../members/members.policy.ts';
import type { MembersService } from '../members/members.service.ts';
import { recordMembershipEvent } from '../members/membership-events.ts';
import { presentProjectMember } from './project-members.presenter.ts';
import {
  capProjectRoles,
  countActiveProjectAdmins,
  deactivateProjectMemberships,
  findActiveMembershipOfUser,
  findActiveProjectMember,
  listActiveMembersOfProjects,
  listActiveMemberUsers,
  listActiveProjectMembers,
  listMembershipsOfUser,
  updateProjectMemberRow,
  upsertProjectMember,
} from './project-members.repo.ts';
import { projectRoleAllowed } from './projects.policy.ts';
import { lockProject } from './projects.repo.ts';

export type ProjectMembersService = ReturnType<typeof createProjectMembersService>;

const memberNotFound = () => new AppError('not_found', 'Member not found');
const lastAdmin = () =>
  new AppError(
    'bad_request',
    'The last admin of a project cannot be removed, demoted or leave',
    'LAST_ADMIN',
  );
const roleTooHigh = () =>
  new AppError('bad_request', "A project role cannot exceed the member's workspace role", 'ROLE_TOO_HIGH');

export function createProjectMembersService(db: Db, deps: { members: MembersService }) {
  // Workspace membership changes flow down to projects (api.md §3.2, §0.5).
  deps.members.subscribe({
    roleChanged: (tx, workspaceId, userId, role) => capProjectRoles(tx, workspaceId, userId, role),
    removed: (tx, workspaceId, userId) => deactivateProjectMemberships(tx, userId, workspaceId),
  });

  async function workspaceRoleOf(tx: Executor, workspaceId: string, userId: string): Promise<number | null> {
    return (await deps.members.findMembership(tx, workspaceId, userId))?.role ?? null;
  }

  return {
    add(tx: Executor, values: Parameters<typeof upsertProjectMember>[1]): Promise<ProjectMemberRow> {
      return upsertProjectMember(tx, values);
    },

    /** The user rows of a project's active members (for presenters that need names, e.g. public boards). */
    activeMemberUsers: (projectId: string): Promise<UserRow[]> => listActiveMemberUsers(db, projectId),

    /** Active members of a project and their roles, by user id. */
    async activeRoles(tx: Executor, projectId: string): Promise<Map<string, number>> {
      const rows = await listActiveProjectMembers(tx, projectId);
      return new Map(rows.map((r) => [r.member_id, r.role]));
    },

    async list(project: ProjectAccess): Promise<ProjectMember[]> {
      return (await listActiveProjectMembers(db, project.project.id)).map(presentProjectMember);
    },

    async get(project: ProjectAccess, memberId: string): Promise<ProjectMember> {
      const row = await findActiveProjectMember(db, project.project.id, memberId);
      if (!row) throw memberNotFound();
      return presentProjectMember(row);
    },

    me(project: ProjectAccess): ProjectMember {
      if (!project.membership) throw memberNotFound();
      return presentProjectMember(project.membership);
    },

    async addMany(
      project: ProjectAccess,
      actor: UserRow,
      members: { member_id: string; role: number }[],
    ): Promise<ProjectMember[]> {
      const { project: p } = project;
      return db.transaction(async (tx) => {
        await lockProject(tx, p.id);
        const added: ProjectMember[] = [];
        for (const { member_id, role } of members) {
          const workspaceRole = await workspaceRoleOf(tx, p.workspace_id, member_id);
          if (workspaceRole === null) {
            throw new AppError('bad_request', 'Only members of the workspace can be added to a project');
          }
          if (!projectRoleAllowed(workspaceRole, role)) throw roleTooHigh();
          if (await findActiveMembershipOfUser(tx, p.id, member_id)) {
            throw new AppError('conflict', 'The user is already a member of the project', 'ALREADY_MEMBER', {
              member_id,
            });
          }
          const row = await upsertProjectMember(tx, {
            workspace_id: p.workspace_id,
            project_id: p.id,
            member_id,
            role,
            created_by: actor.id,
            updated_by: actor.id,
          });
          added.push(presentProjectMember(row));
          await recordMembershipEvent(
            tx,
            'project_member',
            'created',
            { workspaceId: p.workspace_id, projectId: p.id, userId: member_id, role },
            actor.id,
          );
        }
        return added;
      });
    },

    async updateRole(
      project: ProjectAccess,
      actor: UserRow,
      memberId: string,
      role: number,
    ): Promise<ProjectMember> {
      const { project: p } = project;
      return db.transaction(async (tx) => {
        await lockProject(tx, p.id);
        const target = await findActiveProjectMember(tx, p.id, memberId);
        if (!target) throw memberNotFound();
        const workspaceRole = await workspaceRoleOf(tx, p.workspace_id, target.member_id);
        if (workspaceRole === null || !projectRoleAllowed(workspaceRole, role)) throw roleTooHigh();
        if (keepsAnAdmin(target.role, role, await countActiveProjectAdmins(tx, p.id))) throw lastAdmin();
        const updated = await updateProjectMemberRow(tx, p.id, memberId, { role, updated_by: actor.id });
        await recordMembershipEvent(
          tx,
          'project_member',
          'updated',
          { workspaceId: p.workspace_id, projectId: p.id, userId: target.member_id, role },
          actor.id,
        );
        return presentProjectMember(updated);
      });
    },

    async remove(project: ProjectAccess, actor: UserRow, memberId: string): Promise<void> {
      const { project: p } = project;
      await db.transaction(async (tx) => {
        await lockProject(tx, p.id);
        const target = await findActiveProjectMember(tx, p.id, memberId);
        if (!target) throw memberNotFound();
        if (target.member_id === actor.id) {
          throw new AppError('bad_request', 'You cannot remove yourself; leave the project instead');
        }
        if (keepsAnAdmin(target.role, null, await countActiveProjectAdmins(tx, p.id))) throw lastAdmin();
        await updateProjectMemberRow(tx, p.id, memberId, { is_active: false, updated_by: actor.id });
        await recordMembershipEvent(
          tx,
          'project_member',
          'deleted',
          { workspaceId: p.workspace_id, projectId: p.id, userId: target.member_id },
          actor.id,
        );
      });
    },

    async leave(project: ProjectAccess, actor: UserRow): Promise<void> {
      const { project: p } = project;
      await db.transaction(async (tx) => {
        await lockProject(tx, p.id);
        const own = await findActiveMembershipOfUser(tx, p.id, actor.id);
        if (!own) throw memberNotFound();
        if (keepsAnAdmin(own.role, null, await countActiveProjectAdmins(tx, p.id))) throw lastAdmin();
        await updateProjectMemberRow(tx, p.id, own.id, { is_active: false, updated_by: actor.id });
        await recordMembershipEvent(
          tx,
          'project_member',
          'deleted',
          { workspaceId: p.workspace_id, projectId: p.id, userId: actor.id },
          actor.id,
        );
      });
    },

    async updatePreferences(
      project: ProjectAccess,
      values: Partial<Pick<ProjectMemberRow, 'view_props' | 'default_props' | 'preferences' | 'sort_order'>>,
    ): Promise<ProjectMember> {
      if (!project.membership) throw memberNotFound();
      const row = await updateProjectMemberRow(db, project.project.id, project.membership.id, values);
      return presentProjectMember(row);
    },

    /** `{project_id: role}` of the caller's projects. */
    async rolesOf(access: WorkspaceAccess, user: UserRow): Promise<Record<string, number>> {
      return (await this.visibilityOf(access, user)).roles;
    },

    /**
     * The caller's projects with their effective role, and among them those where they see only
     * the items they created (api.md §0.5: a guest, unless the project lets guests see everything).
     */
    async visibilityOf(
      access: WorkspaceAccess,
      user: UserRow,
    ): Promise<{ roles: Record<string, number>; ownOnlyProjectIds: string[] }> {
      const rows = await listMembershipsOfUser(db, access.workspace.id, user.id);
      const admin = access.membership.role >= ROLE.ADMIN;
      const roles: Record<string, number> = {};
      const ownOnlyProjectIds: string[] = [];
      for (const { membership, guestViewAll } of rows) {
        const role = admin ? ROLE.ADMIN : membership.role;
        roles[membership.project_id] = role;
        if (role <= ROLE.GUEST && !guestViewAll) ownOnlyProjectIds.push(membership.project_id);
      }
      return { roles, ownOnlyProjectIds };
    },

    /** `{project_id: [{id, member, role}]}` for the projects the caller is in. */
    async membersOfMyProjects(access: WorkspaceAccess, user: UserRow) {
      const mine = await listMembershipsOfUser(db, access.workspace.id, user.id);
      const rows = await listActiveMembersOfProjects(
        db,
        mine.map((r) => r.membership.project_id),
      );
      const result: Record<string, { id: string; member: string; role: number }[]> = {};
      for (const row of rows) {
        const list = result[row.project_id] ?? [];
        list.push({ id: row.id, member: row.member_id, role: row.role });
        result[row.project_id] = list;
      }
      return result;
    },
  };
}
