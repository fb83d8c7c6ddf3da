import {
  type IssueRow,
  paginated,
  type V1_COUNT_GROUPINGS,
  v1AdvancedSearchAnswerSchema,
  v1AdvancedSearchBodySchema,
  v1WorkItemAnswerSchema,
  v1WorkItemCountQuerySchema,
  v1WorkItemCountSchema,
  v1WorkItemQuerySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import { PreRendered } from '../../platform/http/raw-json.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { plainPage, V1, v1SlugParams, v1Workspace } from './v1.ts';
import { internalListQuery, type V1WorkItems } from './v1-work-items.ts';

const TAGS = ['public api: work items'];

/** Plane's `group_by` names of the count and the internal list's grouping keys (api.md §5.2). */
const GROUP_KEYS: Record<(typeof V1_COUNT_GROUPINGS)[number], string> = {
  state: 'state_id',
  state__group: 'state__group',
  priority: 'priority',
  project: 'project_id',
  labels: 'labels__id',
  assignees: 'assignees__id',
  cycle: 'cycle_id',
  modules: 'issue_module__module_id',
  created_by: 'created_by',
  target_date: 'target_date',
};

const refusePql = (pql: string | undefined) => {
  if (pql !== undefined)
    throw new AppError('bad_request', 'PQL is not supported: use filters', 'INVALID_FILTER');
};

interface Group {
  total_results: number;
  results: Record<string, { total_results: number }> | unknown[];
}

/**
 * Work items across every project of the workspace the caller belongs to (Plane's
 * `work-items/`, `work-items/count/` and `work-items/advanced-search/`), read through the workspace
 * list of the web app (api.md §5.18): the same visibility, filters and order.
 */
export function workspaceWorkItemsV1Routes(app: App, { issues, projects }: Services, items: V1WorkItems) {
  app.get(
    `${V1}/work-items/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        querystring: v1WorkItemQuerySchema,
        response: { 200: paginated(v1WorkItemAnswerSchema) },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const user = userOf(request);
      const answer = await issues.listWorkspace(access, user, internalListQuery(request.query));
      return items.workspacePage(access, user, answer, request.query);
    },
  );

  // The total, or the counts per group (and sub-group): one row a group is read to learn them.
  app.get(
    `${V1}/work-items/count/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        querystring: v1WorkItemCountQuerySchema,
        response: { 200: v1WorkItemCountSchema },
      },
    },
    async (request) => {
      const { filters, pql, group_by, sub_group_by } = request.query;
      refusePql(pql);
      if (sub_group_by && !group_by) {
        throw new AppError('bad_request', 'sub_group_by needs group_by', 'INVALID_GROUP_BY');
      }
      const answer = await issues.listWorkspace(accessOf(request), userOf(request), {
        per_page: '1',
        ...(filters !== undefined ? { filters } : {}),
        ...(group_by ? { group_by: GROUP_KEYS[group_by] } : {}),
        ...(sub_group_by ? { sub_group_by: GROUP_KEYS[sub_group_by] } : {}),
      });
      const page = (answer instanceof PreRendered ? answer.value : answer) as {
        total_count: number;
        results: Record<string, Group> | unknown[];
      };
      if (!group_by || Array.isArray(page.results)) {
        return { grouped_by: null, sub_grouped_by: null, total_count: page.total_count };
      }
      const grouped_counts = Object.fromEntries(
        Object.entries(page.results).map(([key, group]) => {
          const subs = sub_group_by && !Array.isArray(group.results) ? group.results : undefined;
          return [
            key,
            {
              count: group.total_results,
              ...(subs
                ? {
                    sub_grouped_counts: Object.fromEntries(
                      Object.entries(subs).map(([sub, cell]) => [sub, { count: cell.total_results }]),
                    ),
                  }
                : {}),
            },
          ];
        }),
      );
      return {
        grouped_by: group_by,
        sub_grouped_by: sub_group_by ?? null,
        total_count: page.total_count,
        grouped_counts,
      };
    },
  );

  // Text (a part of the name) and the filter tree; the first `limit` matches, newest first.
  app.post(
    `${V1}/work-items/advanced-search/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        body: v1AdvancedSearchBodySchema,
        response: { 200: v1AdvancedSearchAnswerSchema },
      },
    },
    async (request) => {
      const { query, filters, pql, limit } = request.body;
      refusePql(pql);
      const access = accessOf(request);
      const user = userOf(request);
      const [answer, visible] = await Promise.all([
        issues.listWorkspace(access, user, {
          per_page: String(limit),
          order_by: '-created_at',
          ...(query?.trim() ? { name: query.trim() } : {}),
          ...(filters && Object.keys(filters).length > 0 ? { filters: JSON.stringify(filters) } : {}),
        }),
        projects.list(access, user, 'created_at'),
      ]);
      const identifiers = new Map(visible.map((project) => [project.id, project.identifier]));
      return plainPage<IssueRow>(answer).results.map((row) => ({
        id: row.id,
        name: row.name,
        sequence_id: row.sequence_id,
        project_identifier: identifiers.get(row.project_id) ?? '',
        project_id: row.project_id,
        workspace_id: access.workspace.id,
        type_id: null,
        state_id: row.state_id,
        priority: row.priority,
        target_date: row.target_date,
        start_date: row.start_date,
      }));
    },
  );
}
