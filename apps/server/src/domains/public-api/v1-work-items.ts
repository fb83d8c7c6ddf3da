import {
  type CreateIssueBody,
  type IssueDetail,
  type IssueRow,
  type ListIssuesQuery,
  type Paginated,
  V1_WORK_ITEM_EXPANSIONS,
  type V1UpdateWorkItemBody,
  type V1WorkItem,
  type V1WorkItemExpansion,
  type V1WorkItemQuery,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { presentV1Label, presentV1State, presentV1WorkItem } from './v1.presenter.ts';
import { commaList, plainPage, v1PageQuery, withFields } from './v1.ts';

type Deps = Pick<Services, 'issueDetails' | 'states' | 'labels' | 'members' | 'projects'>;

/** What a v1 work-item answer was asked to carry: `expand` and `fields` (api.md §15.1). */
export interface WorkItemShape {
  expand?: string;
  fields?: string;
}

/** The v1 body of a work item in the internal keys (api.md §15.3); `type` and `module` are dropped. */
export function internalWorkItemBody(body: V1UpdateWorkItemBody): Partial<CreateIssueBody> {
  const { state, parent, assignees, labels, ...same } = body;
  return {
    ...same,
    ...(state !== undefined ? { state_id: state } : {}),
    ...(parent !== undefined ? { parent_id: parent } : {}),
    ...(assignees !== undefined ? { assignee_ids: assignees } : {}),
    ...(labels !== undefined ? { label_ids: labels } : {}),
  };
}

/**
 * The internal list's query for a v1 work-item list: its page (cursor, `per_page` or `limit` /
 * `offset`), `order_by` (default newest first) and Plane's `filters=` tree, which the internal list
 * reads as it is (api.md §5.3). PQL is refused rather than ignored.
 */
export function internalListQuery(query: V1WorkItemQuery): ListIssuesQuery {
  if (query.pql !== undefined) {
    throw new AppError('bad_request', 'PQL is not supported: use filters', 'INVALID_FILTER');
  }
  return {
    ...v1PageQuery(query),
    order_by: query.order_by ?? '-created_at',
    ...(query.filters !== undefined ? { filters: query.filters } : {}),
  };
}

const isExpansion = (name: string): name is V1WorkItemExpansion =>
  (V1_WORK_ITEM_EXPANSIONS as readonly string[]).includes(name);

/**
 * Work items as the public API answers them: the internal details through the v1 presenter, with
 * the expansions asked for read once for a whole page through their own services.
 */
export function createV1WorkItems(deps: Deps) {
  async function shaped(
    access: WorkspaceAccess,
    project: ProjectAccess,
    user: UserRow,
    details: IssueDetail[],
    shape: WorkItemShape,
  ): Promise<(Partial<V1WorkItem> & { id: string })[]> {
    const names = new Set(commaList(shape.expand).filter(isExpansion));
    const fields = commaList(shape.fields);
    const items = details.map(presentV1WorkItem);
    if (names.size > 0 && items.length > 0) {
      const assigneeIds = [...new Set(details.flatMap((detail) => detail.assignee_ids))];
      const [states, labels, users, projectObject] = await Promise.all([
        names.has('state') ? deps.states.list(project) : undefined,
        names.has('labels') ? deps.labels.list(project) : undefined,
        names.has('assignees') ? deps.members.userLites(access, user, assigneeIds) : undefined,
        names.has('project') ? deps.projects.present(project, user) : undefined,
      ]);
      const stateById = new Map(states?.map((state) => [state.id, presentV1State(state)]));
      const labelById = new Map(labels?.map((label) => [label.id, presentV1Label(label)]));
      const userById = new Map(users?.map((lite) => [lite.id, lite]));
      items.forEach((item, index) => {
        const detail = details[index]!;
        if (states) item.state = stateById.get(detail.state_id) ?? item.state;
        if (labels) item.labels = detail.label_ids.flatMap((id) => labelById.get(id) ?? []);
        if (users) item.assignees = detail.assignee_ids.flatMap((id) => userById.get(id) ?? []);
        if (projectObject) item.project = projectObject;
      });
    }
    return items.map((item) => withFields(item, fields));
  }

  return {
    /** One work item, shaped. */
    async one(
      access: WorkspaceAccess,
      project: ProjectAccess,
      user: UserRow,
      detail: IssueDetail,
      shape: WorkItemShape = {},
    ) {
      const [item] = await shaped(access, project, user, [detail], shape);
      return item!;
    },

    /** A page of the internal list (its envelope kept) with each row read in full and shaped. */
    async page(
      access: WorkspaceAccess,
      project: ProjectAccess,
      user: UserRow,
      answer: unknown,
      shape: WorkItemShape = {},
    ): Promise<Paginated<Partial<V1WorkItem> & { id: string }>> {
      const page = plainPage<IssueRow>(answer);
      const ids = page.results.map((row) => row.id);
      const details = await deps.issueDetails.detailsOf(project, user, ids);
      return { ...page, results: await shaped(access, project, user, details, shape) };
    },

    /**
     * A page of a list across the workspace's projects: each project's rows are read in full and
     * shaped with that project's access, and the page keeps the list's order.
     */
    async workspacePage(
      access: WorkspaceAccess,
      user: UserRow,
      answer: unknown,
      shape: WorkItemShape = {},
    ): Promise<Paginated<Partial<V1WorkItem> & { id: string }>> {
      const page = plainPage<IssueRow>(answer);
      const idsByProject = new Map<string, string[]>();
      for (const row of page.results) {
        idsByProject.set(row.project_id, [...(idsByProject.get(row.project_id) ?? []), row.id]);
      }
      const byId = new Map<string, Partial<V1WorkItem> & { id: string }>();
      for (const [projectId, ids] of idsByProject) {
        const project = await deps.projects.access(access, projectId);
        if (!project) continue;
        const details = await deps.issueDetails.detailsOf(project, user, ids);
        for (const item of await shaped(access, project, user, details, shape)) byId.set(item.id, item);
      }
      return { ...page, results: page.results.flatMap((row) => byId.get(row.id) ?? []) };
    },

    /** The details of some work items (an intake page), unshaped. */
    details: (project: ProjectAccess, user: UserRow, ids: string[]) =>
      deps.issueDetails.detailsOf(project, user, ids),
  };
}

export type V1WorkItems = ReturnType<typeof createV1WorkItems>;
