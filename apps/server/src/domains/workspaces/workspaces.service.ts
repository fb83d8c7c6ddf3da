import type { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace } from '@kite/shared/contracts';
import { ROLE, slugProblem } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { InstanceService } from '../instance/instance.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { presentWorkspace } from './workspaces.presenter.ts';
import {
  countActiveMembers,
  findLiveWorkspaceById,
  findLiveWorkspaceBySlug,
  insertWorkspace,
  listWorkspacesOfUser,
  softDeleteWorkspace,
  updateWorkspaceRow,
} from './workspaces.repo.ts';

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

const SLUG_TAKEN = () => new AppError('conflict', 'This workspace URL is already taken', 'SLUG_TAKEN');

export function createWorkspacesService(
  db: Db,
  deps: { instance: InstanceService; users: UsersService; members: MembersService },
) {
  async function present(access: WorkspaceAccess): Promise<Workspace> {
    const counts = await countActiveMembers(db, [access.workspace.id]);
    return presentWorkspace(access.workspace, counts.get(access.workspace.id) ?? 0, access.membership.role);
  }

  return {
    present,

    findLive: (slug: string) => findLiveWorkspaceBySlug(db, slug),

    findLiveById: (id: string) => findLiveWorkspaceById(db, id),

    async isSlugAvailable(raw: string): Promise<boolean> {
      const slug = raw.trim().toLowerCase();
      if (slugProblem(slug)) return false;
      return !(await findLiveWorkspaceBySlug(db, slug));
    },

    async listMine(user: UserRow): Promise<Workspace[]> {
      const rows = await listWorkspacesOfUser(db, user.id);
      const counts = await countActiveMembers(
        db,
        rows.map((r) => r.workspace.id),
      );
      return rows.map((r) => presentWorkspace(r.workspace, counts.get(r.workspace.id) ?? 0, r.role));
    },

    /**
     * `alsoInTransaction` runs inside the creating transaction (the console's audit entry), so the
     * workspace and what records it commit or fail together.
     */
    async create(
      user: UserRow,
      body: CreateWorkspaceBody,
      options: { alsoInTransaction?: (tx: Executor, workspaceId: string) => Promise<void> } = {},
    ): Promise<Workspace> {
      const settings = await deps.instance.settings();
      if (settings.disableWorkspaceCreation && !user.is_instance_admin) {
        throw new AppError('forbidden', 'Workspace creation is disabled on this instance');
      }
      if (await findLiveWorkspaceBySlug(db, body.slug)) throw SLUG_TAKEN();
      try {
        const access = await db.transaction(async (tx) => {
          const workspace = await insertWorkspace(tx, {
            name: body.name,
            slug: body.slug,
            owner_id: user.id,
            organization_size: body.organization_size ?? null,
            timezone: body.timezone ?? 'UTC',
            created_by: user.id,
            updated_by: user.id,
          });
          const membership = await deps.members.add(tx, {
            workspace_id: workspace.id,
            member_id: user.id,
            role: ROLE.ADMIN,
            created_by: user.id,
            updated_by: user.id,
          });
          await deps.users.rememberLastWorkspace(tx, user.id, workspace.id);
          await options.alsoInTransaction?.(tx, workspace.id);
          return { workspace, membership };
        });
        return presentWorkspace(access.workspace, 1, ROLE.ADMIN);
      } catch (error) {
        if (isUniqueViolation(error)) throw SLUG_TAKEN();
        throw error;
      }
    },

    async update(access: WorkspaceAccess, actor: UserRow, body: UpdateWorkspaceBody): Promise<Workspace> {
      const workspace = await updateWorkspaceRow(db, access.workspace.id, { ...body, updated_by: actor.id });
      return present({ ...access, workspace });
    },

    async remove(access: WorkspaceAccess, actor: UserRow): Promise<void> {
      await softDeleteWorkspace(db, access.workspace.id, actor.id);
    },
  };
}
