import type { ListIssuesQuery, UserProfile, UserStats } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { presentUserProfile, presentUserStats } from './profile.presenter.ts';
import {
  countAssignedByGroupAndPriority,
  countCreatedAndSubscribed,
  countPerProject,
  listProjectsOfMember,
  type VisibleScope,
} from './profile.repo.ts';

export type ProfileService = ReturnType<typeof createProfileService>;

const memberNotFound = () => new AppError('not_found', 'Member not found');

/**
 * A workspace member's profile page (api.md §2.2): who they are, what they work on and their
 * work items, always counted over what the caller can see. A user who is not an active member
 * of this workspace is "not found", whoever they are elsewhere.
 */
export function createProfileService(
  db: Db,
  deps: {
    users: UsersService;
    members: MembersService;
    projectMembers: ProjectMembersService;
    issues: IssuesService;
  },
) {
  async function memberUser(access: WorkspaceAccess, userId: string): Promise<UserRow> {
    const membership = await deps.members.findMembership(db, access.workspace.id, userId);
    const user = membership ? await deps.users.findById(db, userId) : undefined;
    if (!user) throw memberNotFound();
    return user;
  }

  /** The caller's projects; where they are a guest only what they created counts (as in the lists). */
  async function scopeOf(access: WorkspaceAccess, caller: UserRow): Promise<VisibleScope> {
    const { roles, ownOnlyProjectIds } = await deps.projectMembers.visibilityOf(access, caller);
    const projectIds = Object.keys(roles);
    return {
      workspaceId: access.workspace.id,
      projectIds,
      ownOnlyProjectIds,
      callerId: caller.id,
    };
  }

  return {
    async profile(access: WorkspaceAccess, caller: UserRow, userId: string): Promise<UserProfile> {
      const [user, scope] = await Promise.all([memberUser(access, userId), scopeOf(access, caller)]);
      const [projects, counts] = await Promise.all([
        listProjectsOfMember(db, scope.workspaceId, scope.projectIds, userId),
        countPerProject(db, scope, userId),
      ]);
      const withEmail = access.membership.role >= ROLE.ADMIN || user.id === caller.id;
      return presentUserProfile(user, withEmail, projects, counts);
    },

    async stats(access: WorkspaceAccess, caller: UserRow, userId: string): Promise<UserStats> {
      const [, scope] = await Promise.all([memberUser(access, userId), scopeOf(access, caller)]);
      const [assigned, createdAndSubscribed] = await Promise.all([
        countAssignedByGroupAndPriority(db, scope, userId),
        countCreatedAndSubscribed(db, scope, userId),
      ]);
      return presentUserStats(assigned, createdAndSubscribed);
    },

    /**
     * The member's work items across the caller's projects. The client says which list it wants
     * (`assignees`, `created_by` or `subscriber` = the member); without one it is their assigned items.
     */
    async issues(access: WorkspaceAccess, caller: UserRow, userId: string, query: ListIssuesQuery) {
      await memberUser(access, userId);
      const limited = query.assignees || query.created_by || query.subscriber;
      return deps.issues.listWorkspace(access, caller, limited ? query : { ...query, assignees: userId });
    },
  };
}
