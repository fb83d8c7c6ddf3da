import type { UserLite } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WriteTx } from '../../platform/db/transaction.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import type { IssuesService } from './issues.service.ts';
import { isSubscribed, listSubscribers, subscribe, unsubscribe } from './subscriptions.repo.ts';

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

export function createSubscriptionsService(
  db: Db,
  deps: { issues: IssuesService; projectMembers: ProjectMembersService },
) {
  const scope = (project: ProjectAccess, issueId: string) => ({
    workspace_id: project.project.workspace_id,
    project_id: project.project.id,
    issue_id: issueId,
  });

  return {
    /** Subscribes users (already checked to be project members) to a work item; in `outer`'s transaction when given. */
    async subscribeUsers(
      project: ProjectAccess,
      issueId: string,
      userIds: string[],
      outer?: WriteTx,
    ): Promise<void> {
      await subscribe(outer?.tx ?? db, scope(project, issueId), userIds);
    },

    async status(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      return { subscribed: await isSubscribed(db, issueId, user.id) };
    },

    async subscribeSelf(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      await subscribe(db, scope(project, issueId), [user.id]);
      return { subscribed: true };
    },

    async unsubscribeSelf(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      await unsubscribe(db, issueId, user.id);
    },

    async subscribers(project: ProjectAccess, user: UserRow, issueId: string): Promise<UserLite[]> {
      await deps.issues.assertVisible(project, user, issueId);
      const isAdmin = (project.role ?? 0) >= ROLE.ADMIN;
      return (await listSubscribers(db, issueId)).map((u) => presentUserLite(u, isAdmin || u.id === user.id));
    },

    /** Members subscribe someone else; that person must be a project member. */
    async addSubscriber(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      subscriberId: string | undefined,
    ) {
      await deps.issues.assertVisible(project, user, issueId);
      if (!subscriberId) throw new AppError('bad_request', 'user id not available');
      const roles = await deps.projectMembers.activeRoles(db, project.project.id);
      if (!roles.has(subscriberId)) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { subscriber: 'Must be a member of the project' },
        });
      }
      await subscribe(db, scope(project, issueId), [subscriberId]);
      return { subscriber: subscriberId, issue: issueId };
    },

    /** Project admins remove anyone; everyone may remove themself. */
    async removeSubscriber(project: ProjectAccess, user: UserRow, issueId: string, subscriberId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      if (subscriberId !== user.id && (project.role ?? 0) < ROLE.ADMIN) {
        throw new AppError('forbidden', 'You do not have permission to perform this action');
      }
      // An id that is not a subscriber of this item (another workspace's user included) is unknown here.
      if (!(await unsubscribe(db, issueId, subscriberId)))
        throw new AppError('not_found', 'Subscriber not found');
    },
  };
}
