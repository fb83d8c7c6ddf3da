import { ROLE } from '@kite/shared/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { PreRendered } from '../../platform/http/raw-json.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { IssuesService } from './issues.service.ts';
import { type CachedList, type IssueListCache, readThrough } from './list-cache.ts';
import { describeSearch } from './list-cache-cells.ts';
import { searchIssues, type TimedSearchHit } from './search.repo.ts';

const LIMIT = 100;

export type IssueSearchService = ReturnType<typeof createIssueSearchService>;

export interface IssueSearchQuery {
  search?: string;
  workspace_search?: 'true' | 'false';
  issue_id?: string;
  parent?: 'true' | 'false';
  sub_issue?: 'true' | 'false';
  issue_relation?: 'true' | 'false';
  target_date?: string;
}

/** The pickers' search (parent, sub-issues, relations): up to 100 matches, api.md §5.17. */
export function createIssueSearchService(
  db: Db,
  deps: { issues: IssuesService; projectMembers: ProjectMembersService; listCache: IssueListCache },
) {
  return {
    async search(access: WorkspaceAccess, project: ProjectAccess, user: UserRow, query: IssueSearchQuery) {
      let projectIds = [project.project.id];
      let onlyMine =
        (project.role ?? 0) <= ROLE.GUEST && !project.project.guest_view_all_features ? projectIds : [];
      if (query.workspace_search === 'true') {
        const { roles, ownOnlyProjectIds } = await deps.projectMembers.visibilityOf(access, user);
        projectIds = Object.keys(roles);
        onlyMine = ownOnlyProjectIds;
      }
      const exclusions: SQL[] = [];
      if (query.issue_id && /^[0-9a-f-]{36}$/i.test(query.issue_id)) {
        const issue = await deps.issues.assertVisible(project, user, query.issue_id);
        exclusions.push(sql`i.id <> ${issue.id}`);
        if (query.parent === 'true') {
          // Candidates for a new parent: not the item's own descendants.
          exclusions.push(sql`i.id not in (
            with recursive d(id) as (select id from issues where parent_id = ${issue.id}
              union all select c.id from issues c join d on c.parent_id = d.id)
            select id from d)`);
        }
        if (query.sub_issue === 'true') {
          exclusions.push(sql`i.parent_id is distinct from ${issue.id}`);
          if (issue.parent_id) exclusions.push(sql`i.id <> ${issue.parent_id}`);
        }
        if (query.issue_relation === 'true') {
          exclusions.push(sql`i.id not in (
            select related_issue_id from issue_relations where issue_id = ${issue.id}
            union select issue_id from issue_relations where related_issue_id = ${issue.id})`);
        }
      }
      if (query.target_date === 'none') exclusions.push(sql`i.target_date is null`);
      const term = query.search ?? '';
      const find = () => searchIssues(db, { projectIds, onlyMine, userId: user.id }, term, exclusions, LIMIT);
      const answer = (hits: TimedSearchHit[]) => hits.map(({ updated_ms: _, ...hit }) => hit);
      // One project's search, not about one item (its relations and descendants are not facts the
      // cache hears of), is kept like its lists.
      if (query.workspace_search === 'true' || query.issue_id) return answer(await find());
      const read = async (): Promise<CachedList> => {
        const hits = await find();
        return {
          page: new PreRendered(answer(hits)),
          shape: describeSearch({ term, limit: LIMIT, updatedMs: hits.map((h) => h.updated_ms) }),
        };
      };
      const parts = {
        kind: 'search',
        search: term,
        viewer: onlyMine.length > 0 ? user.id : null,
        target_date: query.target_date,
      };
      return readThrough(deps.listCache, project.project.id, parts, read);
    },
  };
}
