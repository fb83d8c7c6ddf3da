import type { IssueDetail } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { StatesService } from '../states/states.service.ts';
import { findIssuesByIds } from './issue-details.repo.ts';
import { presentIssueDetail } from './issues.presenter.ts';
import { findByExternalId } from './issues.repo.ts';
import type { IssuesService } from './issues.service.ts';

export type IssueDetailsService = ReturnType<typeof createIssueDetailsService>;

/**
 * Work items in full (IssueDetail) for callers that list them with their descriptions: a page of
 * the list gives the ids, this reads their rows in one statement. The public API's lists use it.
 */
export function createIssueDetailsService(db: Db, deps: { issues: IssuesService; states: StatesService }) {
  return {
    /** The details of `ids` the caller may see, in the order given. */
    async detailsOf(project: ProjectAccess, user: UserRow, ids: string[]): Promise<IssueDetail[]> {
      if (ids.length === 0) return [];
      const [rows, states] = await Promise.all([
        findIssuesByIds(db, project.project.id, ids),
        deps.states.list(project),
      ]);
      const groups = new Map(states.map((state) => [state.id, state.group]));
      const byId = new Map(
        rows
          .filter((row) => !row.is_draft && deps.issues.canSee(project, user, row))
          .map((row) => [row.id, presentIssueDetail(row, groups, { isSubscribed: false })]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The work item an import named `external_source` + `external_id` ('Issue not found' otherwise). */
    async getByExternalId(
      project: ProjectAccess,
      user: UserRow,
      source: string | null,
      externalId: string,
    ): Promise<IssueDetail> {
      const found = await findByExternalId(db, project.project.id, source, externalId);
      if (!found) throw new AppError('not_found', 'Issue not found');
      return deps.issues.get(project, user, found.id);
    },
  };
}
