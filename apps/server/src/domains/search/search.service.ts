import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import {
  type ProjectObjectKind,
  searchIntakeItems,
  searchIssuesByText,
  searchMembers,
  searchProjectObjects,
  searchProjects,
  searchWorkspaceViews,
} from './search.repo.ts';

export type SearchService = ReturnType<typeof createSearchService>;

export const SEARCH_ENTITIES = [
  'workspace',
  'project',
  'issue',
  'cycle',
  'module',
  'issue_view',
  'page',
  'intake',
] as const;
export const ENTITY_QUERY_TYPES = ['user_mention', 'project', 'issue', 'cycle', 'module', 'page'] as const;

const PROJECT_OBJECTS: readonly ProjectObjectKind[] = ['cycle', 'module', 'issue_view', 'page'];

/** Global search (api.md §5.17): only objects the caller can see. */
export function createSearchService(db: Db, deps: { projectMembers: ProjectMembersService }) {
  async function scope(access: WorkspaceAccess, user: UserRow, projectId?: string) {
    const { roles, ownOnlyProjectIds } = await deps.projectMembers.visibilityOf(access, user);
    let projectIds = Object.keys(roles);
    if (projectId) projectIds = projectIds.filter((id) => id === projectId);
    return {
      projectIds,
      ownOnly: ownOnlyProjectIds.filter((id) => projectIds.includes(id)),
      userId: user.id,
    };
  }

  return {
    async search(
      access: WorkspaceAccess,
      user: UserRow,
      query: { search: string; entities: string[]; project_id?: string },
    ) {
      const s = await scope(access, user, query.project_id);
      const wanted = (entity: string) => query.entities.length === 0 || query.entities.includes(entity);
      const term = query.search.trim();
      const results: Record<string, unknown[]> = Object.fromEntries(SEARCH_ENTITIES.map((e) => [e, []]));
      if (!term) return { results };
      if (wanted('workspace') && access.workspace.name.toLowerCase().includes(term.toLowerCase())) {
        results.workspace = [
          { id: access.workspace.id, name: access.workspace.name, slug: access.workspace.slug },
        ];
      }
      if (wanted('project')) results.project = await searchProjects(db, s.projectIds, term, 10);
      if (wanted('issue')) results.issue = await searchIssuesByText(db, s, term, 10);
      for (const kind of PROJECT_OBJECTS) {
        if (wanted(kind)) results[kind] = await searchProjectObjects(db, kind, s, term, 10);
      }
      if (wanted('intake')) results.intake = await searchIntakeItems(db, s, term, 10);
      // Views are also the workspace's own (global views), unless the search is about one project.
      if (wanted('issue_view') && !query.project_id) {
        const global = await searchWorkspaceViews(
          db,
          { workspaceId: access.workspace.id, userId: user.id },
          term,
          10,
        );
        results.issue_view = [...global, ...(results.issue_view ?? [])].slice(0, 10);
      }
      return { results };
    },

    /** Work items by name or key among those the caller sees (the public API's search, api.md §15). */
    async searchIssues(
      access: WorkspaceAccess,
      user: UserRow,
      query: { search: string; project_id?: string; limit: number },
    ) {
      const term = query.search.trim();
      if (!term) return [];
      return searchIssuesByText(db, await scope(access, user, query.project_id), term, query.limit);
    },

    async entitySearch(
      access: WorkspaceAccess,
      user: UserRow,
      query: { query: string; types: string[]; count: number; project_id?: string },
    ) {
      const s = await scope(access, user, query.project_id);
      const answer: Record<string, unknown[]> = {};
      for (const type of query.types) {
        if (type === 'user_mention')
          answer[type] = await searchMembers(db, access.workspace.id, query.query, query.count);
        else if (type === 'project')
          answer[type] = await searchProjects(db, s.projectIds, query.query, query.count);
        else if (type === 'issue') answer[type] = await searchIssuesByText(db, s, query.query, query.count);
        else if (type === 'cycle' || type === 'module' || type === 'page')
          answer[type] = await searchProjectObjects(db, type, s, query.query, query.count);
        else answer[type] = [];
      }
      return answer;
    },
  };
}
