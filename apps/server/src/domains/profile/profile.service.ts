import type { ListIssuesQuery, UserActivityPage, UserProfile, UserStats } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { envelope, type PageRequest } from '../../platform/http/pagination.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { memberActivityCsv, presentMemberActivity } from './member-activity.presenter.ts';
import { listMemberActivities, pageMemberActivities } from './member-activity.repo.ts';
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
 * The CSV is built in memory in one response, so it is capped rather than streamed: the newest
 * rows are what a profile's export is for, and a cap bounds the memory and time of one request
 * (every changed field is a row, so a busy member's history grows without limit).
 */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;

/** A file name safe in a header: the member's display name reduced to plain characters. */
const fileNameOf = (user: UserRow) =>
  `${user.display_name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'member'}-activity.csv`;

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

    /** The member's actions on work items the caller can see, newest first (api.md §2.2). */
    async activity(
      access: WorkspaceAccess,
      caller: UserRow,
      userId: string,
      page: PageRequest,
    ): Promise<UserActivityPage> {
      const [user, scope] = await Promise.all([memberUser(access, userId), scopeOf(access, caller)]);
      const { rows, total } = await pageMemberActivities(
        db,
        scope,
        userId,
        page.perPage + 1,
        page.page * page.perPage,
      );
      const withEmail = access.membership.role >= ROLE.ADMIN || user.id === caller.id;
      return envelope(
        page,
        rows.map((row) => presentMemberActivity(row, withEmail)),
        total,
      );
    },

    /** The same activity as a CSV attachment, newest first, at most `ACTIVITY_EXPORT_MAX_ROWS` rows. */
    async exportActivity(access: WorkspaceAccess, caller: UserRow, userId: string) {
      const [user, scope] = await Promise.all([memberUser(access, userId), scopeOf(access, caller)]);
      const rows = await listMemberActivities(db, scope, userId, ACTIVITY_EXPORT_MAX_ROWS);
      return { fileName: fileNameOf(user), csv: memberActivityCsv(rows) };
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
