import { randomUUID } from 'node:crypto';
import type {
  CreateIssueBody,
  IssueDetail,
  IssueParent,
  IssueRow,
  ListIssuesQuery,
  UpdateIssueBody,
} from '@kite/shared/contracts';
import { issueRights, ROLE, sortOrderBetween } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import type { IssueRowDb, StateRow, UserRow } from '../../platform/db/schema.ts';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import { PreRendered, RawJson } from '../../platform/http/raw-json.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { cycleAcceptance, openModuleIds } from '../planning/planning-targets.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { StatesService } from '../states/states.service.ts';
import {
  creationRecords,
  fieldChanges,
  recordIssueChanges,
  recordIssueDeleted,
  updatedPayload,
} from './issue-activity.ts';
import {
  compactCounters,
  countersAnswer,
  countsFromCounters,
  groupCellsFromCounters,
  groupCountersKind,
  readCounters,
  readGroupCounters,
} from './issue-counters.ts';
import {
  buildOrderBy,
  buildWhere,
  type Grouping,
  grouping,
  keysNeeded,
  type ListContext,
  statesOfType,
} from './issue-query.ts';
import { issueRowJson } from './issue-row-json.ts';
import { presentActivity, presentIssueDetail, presentIssueRow } from './issues.presenter.ts';
import {
  adjustSubIssueCount,
  ancestorIds,
  countDraftsOf,
  countIssues,
  countIssuesInState,
  detachChildren,
  detachFromPlanning,
  findByExternalId,
  findIssue,
  findIssueForViewer,
  findIssueIdBySequence,
  findIssueInWorkspace,
  findIssueVersioned,
  insertNumberedIssue,
  issuesWithGroupByIds,
  listIssueActivity,
  lockIssue,
  maxSortOrderInState,
  pageIssues,
  pageIssuesPerGroup,
  planningGroupKeys,
  type RenderedIssue,
  reassignEstimatePoints,
  removeLabelFromIssues,
  softDeleteIssue,
  updateIssueAtVersion,
  updateIssueRow,
} from './issues.repo.ts';
import { type CachedList, type IssueListCache, readThrough } from './list-cache.ts';
import { describeList, factsOf } from './list-cache-cells.ts';
import type { ListChanges } from './list-cache-feed.ts';
import { subscribe } from './subscriptions.repo.ts';

export type IssuesService = ReturnType<typeof createIssuesService>;

/** Checks an estimate point against the project's active estimate (the estimates domain provides it). */
export type EstimatePointLookup = (
  tx: Executor,
  projectId: string,
  estimateId: string,
  pointId: string,
) => Promise<boolean>;

const issueNotFound = () => new AppError('not_found', 'Issue not found');
/** A work item waiting in intake changes through the intake (its own rules: who may edit what, when). */
const waitingInIntake = () =>
  new AppError('bad_request', 'This work item is waiting in intake: change it from the intake');
const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
const FIRST_SORT_ORDER = 65535;
const MULTI_VALUED_GROUPS = new Set(['labels__id', 'assignees__id', 'issue_module__module_id']);

/** Guests see only the issues they created unless the project lets them see everything. */
function onlyCreatedBy(project: ProjectAccess, user: UserRow): string | null {
  const role = project.role ?? 0;
  return role <= ROLE.GUEST && !project.project.guest_view_all_features ? user.id : null;
}

export function createIssuesService(
  db: Db,
  deps: {
    states: StatesService;
    labels: LabelsService;
    projectMembers: ProjectMembersService;
    members: MembersService;
    listCache: IssueListCache;
    listChanges: ListChanges;
  },
) {
  let estimatePointExists: EstimatePointLookup = async () => false;

  deps.states.setUsageCounter((tx, projectId, stateId) => countIssuesInState(tx, projectId, stateId));
  deps.members.setDraftCounter(countDraftsOf);
  deps.labels.setIssueDetacher((tx, projectId, labelId) => removeLabelFromIssues(tx, projectId, labelId));

  async function statesOf(tx: Executor, projectId: string): Promise<StateRow[]> {
    return deps.states.rowsOf(tx, projectId);
  }

  function groupsOf(states: Pick<StateRow, 'id' | 'group'>[]): Map<string, string> {
    return new Map(states.map((s) => [s.id, s.group]));
  }

  /** Drafts are seen only by their creator, and only through the drafts endpoints (`draft: true`). */
  function isVisible(issue: IssueRowDb | undefined, project: ProjectAccess, user: UserRow, draft: boolean) {
    if (!issue || issue.is_draft !== draft) return false;
    if (draft) return issue.created_by === user.id;
    const creatorOnly = onlyCreatedBy(project, user);
    return !creatorOnly || issue.created_by === creatorOnly;
  }

  /** Who may change this work item, and whether it can change: 404 unseen, 403 others' as a guest, 400 archived. */
  function assertWritable(
    issue: IssueRowDb | undefined,
    project: ProjectAccess,
    user: UserRow,
    draft: boolean,
    fromIntake = false,
  ): asserts issue is IssueRowDb {
    if (!issue || !isVisible(issue, project, user, draft)) throw issueNotFound();
    if (!issueRights(issue, { userId: user.id, role: project.role ?? 0 }).canEdit) {
      throw new AppError('forbidden', 'You do not have permission to perform this action');
    }
    if (issue.archived_at) throw new AppError('bad_request', 'Archived work items are read-only');
    if (issue.is_intake && !fromIntake) throw waitingInIntake();
  }

  async function visibleIssue(project: ProjectAccess, user: UserRow, issueId: string, draft = false) {
    const issue = await findIssue(db, project.project.id, issueId);
    if (!isVisible(issue, project, user, draft)) throw issueNotFound();
    return issue!;
  }

  /** Validates references of a create/update against the project; returns the columns to write. */
  async function resolve(
    tx: Executor,
    project: ProjectAccess,
    body: UpdateIssueBody,
    current: IssueRowDb | null,
    states: StateRow[],
  ): Promise<Partial<IssueRowDb>> {
    const projectId = project.project.id;
    const values: Partial<IssueRowDb> = {};
    const fields: Record<string, string> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.priority !== undefined) values.priority = body.priority;
    if (body.sort_order !== undefined) values.sort_order = body.sort_order;
    if (body.is_draft !== undefined) values.is_draft = body.is_draft;
    if (body.external_source !== undefined) values.external_source = body.external_source;
    if (body.external_id !== undefined) values.external_id = body.external_id;
    if (body.description_html !== undefined) {
      values.description_html = sanitizeRichText(body.description_html);
      values.description_stripped = stripHtml(values.description_html);
    }
    if (body.state_id !== undefined) {
      const state = states.find((s) => s.id === body.state_id);
      if (!state) fields.state_id = 'Must be a state of this project';
      else {
        values.state_id = state.id;
        const wasCompleted = current && states.find((s) => s.id === current.state_id)?.group === 'completed';
        if (state.group === 'completed')
          values.completed_at = wasCompleted ? current!.completed_at : new Date();
        else values.completed_at = null;
      }
    }
    if (body.start_date !== undefined) values.start_date = body.start_date;
    if (body.target_date !== undefined) values.target_date = body.target_date;
    const start = values.start_date !== undefined ? values.start_date : (current?.start_date ?? null);
    const target = values.target_date !== undefined ? values.target_date : (current?.target_date ?? null);
    if (start && target && start > target) fields.target_date = 'Start date cannot exceed target date';
    if (body.label_ids !== undefined) {
      const ids = [...new Set(body.label_ids)];
      for (const id of ids) {
        if (!(await deps.labels.find(tx, projectId, id)))
          fields.label_ids = 'Labels must belong to this project';
      }
      values.label_ids = ids;
    }
    if (body.assignee_ids !== undefined) {
      const ids = [...new Set(body.assignee_ids)];
      const members = await deps.projectMembers.activeRoles(tx, projectId);
      if (ids.some((id) => (members.get(id) ?? 0) < ROLE.MEMBER)) {
        fields.assignee_ids = 'Assignees must be project members with the member role or above';
      }
      values.assignee_ids = ids;
    }
    if (body.parent_id !== undefined) {
      if (body.parent_id === null) values.parent_id = null;
      else {
        const parent = await findIssue(tx, projectId, body.parent_id);
        if (!parent || parent.is_intake) fields.parent_id = 'Parent must be a work item of this project';
        else if (
          current &&
          (parent.id === current.id || (await ancestorIds(tx, parent.id)).includes(current.id))
        ) {
          fields.parent_id = 'A work item cannot be its own ancestor';
        } else values.parent_id = parent.id;
      }
    }
    if (body.estimate_point !== undefined) {
      const activeEstimate = project.project.estimate_id;
      if (
        body.estimate_point &&
        !(activeEstimate && (await estimatePointExists(tx, projectId, activeEstimate, body.estimate_point)))
      ) {
        fields.estimate_point = "Must be a point of the project's active estimate";
      }
      values.estimate_point_id = body.estimate_point;
    }
    if (body.cycle_id !== undefined && body.cycle_id !== (current?.cycle_id ?? null)) {
      const answer = body.cycle_id ? await cycleAcceptance(tx, projectId, body.cycle_id) : 'ok';
      if (answer === 'missing') fields.cycle_id = 'Must be a cycle of this project';
      else if (answer === 'completed') {
        throw new AppError('bad_request', 'A completed cycle cannot take work items', 'CYCLE_COMPLETED');
      }
      values.cycle_id = body.cycle_id;
    }
    if (body.module_ids !== undefined) {
      const ids = [...new Set(body.module_ids)];
      // Modules the item already has may since have been archived; only new ones must be open.
      const added = ids.filter((id) => !current?.module_ids.includes(id));
      const live = added.length > 0 ? new Set(await openModuleIds(tx, projectId, added)) : new Set();
      if (added.some((id) => !live.has(id)))
        fields.module_ids = 'Modules must be open modules of this project';
      values.module_ids = ids;
    }
    if (Object.keys(fields).length > 0) throw invalid(fields);
    return values;
  }

  async function assertExternalIdFree(
    tx: Executor,
    projectId: string,
    values: Partial<IssueRowDb>,
    selfId?: string,
  ) {
    if (!values.external_id) return;
    const existing = await findByExternalId(
      tx,
      projectId,
      values.external_source ?? null,
      values.external_id,
    );
    if (existing && existing.id !== selfId) {
      throw new AppError(
        'conflict',
        'A work item with this external id already exists',
        'EXTERNAL_ID_EXISTS',
        {
          id: existing.id,
        },
      );
    }
  }

  /**
   * Inserts a new work item with its resolved values: the project's default assignee when none is
   * given, the next number and a place at the end of its state, its activity and subscriptions.
   */
  async function insertNew(
    tx: Executor,
    project: ProjectAccess,
    user: UserRow,
    name: string,
    values: Partial<IssueRowDb>,
    place: { stateId: string; intake: boolean },
  ): Promise<IssueRowDb> {
    const p = project.project;
    if (values.assignee_ids === undefined && p.default_assignee_id) {
      const roles = await deps.projectMembers.activeRoles(tx, p.id);
      if ((roles.get(p.default_assignee_id) ?? 0) >= ROLE.MEMBER)
        values.assignee_ids = [p.default_assignee_id];
    }
    await assertExternalIdFree(tx, p.id, values);
    const sortOrder =
      values.sort_order ?? sortOrderBetween(await maxSortOrderInState(tx, p.id, place.stateId), null);
    const item = {
      ...values,
      id: randomUUID(),
      name,
      workspace_id: p.workspace_id,
      project_id: p.id,
      state_id: place.stateId,
      is_intake: place.intake,
      sort_order: Number.isFinite(sortOrder) ? sortOrder : FIRST_SORT_ORDER,
      created_by: user.id,
      updated_by: user.id,
      assignee_ids: values.assignee_ids ?? [],
    };
    const { activity, event } = creationRecords(user.id, item);
    // The last statement before the caller's commit (see insertNumberedIssue).
    return insertNumberedIssue(tx, item, {
      activity,
      event,
      subscriberIds: [user.id, ...item.assignee_ids],
    });
  }

  /** One project's list context; labels and members only when the query groups by them. */
  async function projectListContext(
    projectId: string,
    query: ListIssuesQuery,
    viewer: { userId: string; ownOnly: boolean },
  ): Promise<ListContext> {
    const needs = keysNeeded(query);
    const [states, labels, members, planning] = await Promise.all([
      statesOf(db, projectId),
      needs.labels ? deps.labels.listForProjects([projectId]) : undefined,
      needs.members ? deps.projectMembers.activeRoles(db, projectId) : undefined,
      planningKeysOf([projectId], needs),
    ]);
    return {
      projectIds: [projectId],
      ownOnlyProjectIds: viewer.ownOnly ? [projectId] : [],
      userId: viewer.userId,
      states,
      labelIds: labels?.map((l) => l.id),
      memberIds: members && [...members.keys()],
      ...planning,
    };
  }

  /**
   * A project's list page from the cache, or read and kept. Relative date filters (`2_weeks;after;
   * fromnow`) move with the calendar, so the day is part of the key.
   */
  const cachedList = (projectId: string, parts: Record<string, unknown>, read: () => Promise<CachedList>) =>
    readThrough(deps.listCache, projectId, parts, read);

  /**
   * Reads a list's counts from the maintained counters, when they can answer it (the board's
   * unfiltered groups): null when the list must count its own items.
   */
  function counterReader(
    query: ListIssuesQuery,
    counted: ListIssuesQuery,
    ctx: ListContext,
    scope: 'normal' | 'archived' | 'drafts',
  ):
    | (() => Promise<{ total: number; cells: { group_key: string; sub_group_key?: string; n: number }[] }>)
    | null {
    const projectId = ctx.projectIds[0]!;
    const types = typeFilter(query, ctx);
    if (countersAnswer(counted, ctx, scope)) {
      return () =>
        readCounters(db, projectId).then((rows) =>
          countsFromCounters(rows, ctx.states, types, query.group_by ?? null, query.sub_group_by ?? null),
        );
    }
    const groupKind = groupCountersKind(counted, ctx, scope);
    if (!groupKind) return null;
    return () =>
      Promise.all([readCounters(db, projectId), readGroupCounters(db, projectId, groupKind)]).then(
        ([rows, groupRows]) => ({
          // Items count once in the total, though one can be in several modules.
          total: countsFromCounters(rows, ctx.states, types, null, null).total,
          cells: groupCellsFromCounters(groupRows, ctx.states, types, query.sub_group_by ?? null),
        }),
      );
  }

  /**
   * Tells the list caches of one work item's committed change. A parent's sub-item count changes
   * with it, which the item's own facts do not say: then the project's lists all go.
   */
  function told(projectId: string, before: IssueRowDb | null, after: IssueRowDb | null) {
    const parentOf = (row: IssueRowDb | null) => row?.parent_id ?? null;
    if (parentOf(before) !== parentOf(after)) return deps.listChanges.changed(projectId);
    const id = (after ?? before)!.id;
    deps.listChanges.itemChanged(projectId, {
      id,
      before: before && factsOf(before),
      after: after && factsOf(after),
    });
  }

  function listContext(project: ProjectAccess, user: UserRow, query: ListIssuesQuery = {}) {
    return projectListContext(project.project.id, query, {
      userId: user.id,
      ownOnly: onlyCreatedBy(project, user) !== null,
    });
  }

  async function workspaceContext(access: WorkspaceAccess, user: UserRow): Promise<ListContext> {
    const { roles, ownOnlyProjectIds } = await deps.projectMembers.visibilityOf(access, user);
    const projectIds = Object.keys(roles);
    const [states, labels, members, planning] = await Promise.all([
      deps.states.listForProjects(projectIds),
      deps.labels.listForProjects(projectIds),
      deps.projectMembers.membersOfMyProjects(access, user),
      planningKeysOf(projectIds, { cycles: true, modules: true }),
    ]);
    return {
      projectIds,
      ownOnlyProjectIds,
      userId: user.id,
      states,
      labelIds: labels.map((l) => l.id),
      memberIds: [...new Set(Object.values(members).flatMap((list) => list.map((m) => m.member)))],
      ...planning,
    };
  }

  /** The cycles and modules a list can group by, when its group keys need them. */
  async function planningKeysOf(projectIds: string[], needs: { cycles: boolean; modules: boolean }) {
    const [cycleIds, moduleIds] = await Promise.all([
      needs.cycles ? planningGroupKeys(db, projectIds, 'cycles') : undefined,
      needs.modules ? planningGroupKeys(db, projectIds, 'modules') : undefined,
    ]);
    return { cycleIds, moduleIds };
  }

  const scopeOf = (row: IssueRowDb) => ({
    workspace_id: row.workspace_id,
    project_id: row.project_id,
    issue_id: row.id,
  });

  return {
    /**
     * Live work items by id as the lists show them, with their creator (the guest rule needs it):
     * what live events carry. Drafts and intake items are left out; gone ones are simply absent.
     */
    async rowsForEvents(ids: string[]): Promise<Map<string, { row: IssueRow; createdBy: string | null }>> {
      const found = await issuesWithGroupByIds(db, ids);
      return new Map(
        found
          .filter(({ issue }) => !issue.is_draft && !issue.is_intake)
          .map(({ issue, group }) => [
            issue.id,
            { row: presentIssueRow(issue, new Map([[issue.state_id, group]])), createdBy: issue.created_by },
          ]),
      );
    },

    /** 404 unless the caller may see the work item (guest rule, drafts); returns it. */
    assertVisible: (project: ProjectAccess, user: UserRow, issueId: string) =>
      visibleIssue(project, user, issueId),

    /** The visibility rule applied to a row already read (inside a transaction). */
    canSee: (project: ProjectAccess, user: UserRow, row: IssueRowDb) => isVisible(row, project, user, false),

    /** A work item by its key's number within a project the caller belongs to ('Issue not found' otherwise). */
    async getBySequence(
      project: ProjectAccess | undefined,
      user: UserRow,
      sequenceId: number,
    ): Promise<IssueDetail> {
      if (!project?.membership) throw issueNotFound();
      const issueId = await findIssueIdBySequence(db, project.project.id, sequenceId);
      if (!issueId) throw issueNotFound();
      return this.get(project, user, issueId);
    },

    /** A parent work item in brief (`expand=parent`); null when it is gone or not visible to the caller. */
    async parentOf(
      project: ProjectAccess,
      user: UserRow,
      parentId: string | null,
    ): Promise<IssueParent | null> {
      if (!parentId) return null;
      const parent = await findIssue(db, project.project.id, parentId);
      if (!parent || !isVisible(parent, project, user, false)) return null;
      const { id, name, sequence_id, project_id, state_id, priority } = parent;
      return { id, name, sequence_id, project_id, state_id, priority };
    },

    /** Property changes of a visible work item (api.md §5.13), oldest first. */
    async activity(project: ProjectAccess, user: UserRow, issueId: string, after?: Date) {
      const issue = await visibleIssue(project, user, issueId);
      const isAdmin = (project.role ?? 0) >= ROLE.ADMIN;
      const rows = await listIssueActivity(db, issueId, after);
      return rows.map(({ activity, actor }) =>
        presentActivity(activity, actor, issue, isAdmin || actor?.id === user.id),
      );
    },

    /** A live, published work item anywhere in the workspace (for relations across projects). */
    async findInWorkspace(tx: Executor, workspaceId: string, issueId: string) {
      const issue = await findIssueInWorkspace(tx, workspaceId, issueId);
      return issue && !issue.is_draft && !issue.is_intake ? issue : undefined;
    },

    /** A live work item of the project, waiting in intake or not (drafts are their creator's alone). */
    async findInProject(tx: Executor, projectId: string, issueId: string) {
      const issue = await findIssue(tx, projectId, issueId);
      return issue && !issue.is_draft ? issue : undefined;
    },

    setEstimatePointLookup(lookup: EstimatePointLookup) {
      estimatePointExists = lookup;
    },

    /** Puts work items into a cycle (or out of any, `null`), recorded per item; all or nothing. */
    setCycle(project: ProjectAccess, user: UserRow, issueIds: string[], cycleId: string | null) {
      return this.updateEach(project, user, issueIds, () => ({ cycle_id: cycleId }));
    },

    /** Adds and removes modules on work items, recorded per item; all or nothing. */
    changeModules(
      project: ProjectAccess,
      user: UserRow,
      issueIds: string[],
      change: { add?: string[]; remove?: string[] },
    ) {
      return this.updateEach(project, user, issueIds, (current) => ({
        module_ids: [...new Set([...current.module_ids, ...(change.add ?? [])])].filter(
          (id) => !change.remove?.includes(id),
        ),
      }));
    },

    /** A deleted cycle or module leaves its work items, in the caller's transaction. */
    detachCycle: (tx: Executor, projectId: string, cycleId: string) =>
      detachFromPlanning(tx, projectId, { cycleId }),
    detachModule: (tx: Executor, projectId: string, moduleId: string) =>
      detachFromPlanning(tx, projectId, { moduleId }),

    reassignEstimatePoints: (
      tx: Executor,
      projectId: string,
      fromPointIds: string[],
      toPointId: string | null,
    ) => reassignEstimatePoints(tx, projectId, fromPointIds, toPointId),

    async create(project: ProjectAccess, user: UserRow, body: CreateIssueBody): Promise<IssueDetail> {
      const p = project.project;
      const issue = await db.transaction(async (tx) => {
        const states = await statesOf(tx, p.id);
        const stateId = body.state_id ?? states.find((s) => s.default)?.id ?? states[0]?.id;
        if (!stateId)
          throw new AppError('bad_request', 'The project has no default state', 'NO_DEFAULT_STATE');
        const values = await resolve(tx, project, { ...body, state_id: stateId }, null, states);
        const row = await insertNew(tx, project, user, body.name, values, { stateId, intake: false });
        return { row, states };
      });
      told(p.id, null, issue.row);
      return presentIssueDetail(issue.row, groupsOf(issue.states), { isSubscribed: true });
    },

    /**
     * A submission to the intake, made as a work item waiting in the project's triage state (out of
     * every list until accepted), in the intake's transaction.
     */
    async createInTriage(
      tx: Executor,
      project: ProjectAccess,
      user: UserRow,
      body: CreateIssueBody,
      triageStateId: string,
    ): Promise<IssueRowDb> {
      const { state_id: _never, ...rest } = body;
      const values = await resolve(tx, project, rest, null, await statesOf(tx, project.project.id));
      return insertNew(tx, project, user, body.name, values, { stateId: triageStateId, intake: true });
    },

    /**
     * The intake's changes to its work item, in its transaction: the item's own fields, and on
     * `accept` its move out of triage into `accept.stateId` (the project's default state), which
     * brings it into the lists. Who may change what is the intake's rule, checked before.
     */
    async updateInTriage(
      tx: Executor,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      body: UpdateIssueBody,
      accept?: { stateId: string },
    ): Promise<IssueRowDb> {
      const p = project.project;
      const states = await statesOf(tx, p.id);
      const current = await lockIssue(tx, p.id, issueId);
      assertWritable(current, project, user, false, true);
      const values = await resolve(
        tx,
        project,
        accept ? { ...body, state_id: accept.stateId } : body,
        current,
        states,
      );
      if (accept) {
        values.is_intake = false;
        // It joins its state's column at the end, as a new item would.
        const sortOrder = sortOrderBetween(await maxSortOrderInState(tx, p.id, accept.stateId), null);
        values.sort_order = Number.isFinite(sortOrder) ? sortOrder : FIRST_SORT_ORDER;
      }
      const row = await updateIssueRow(tx, p.id, issueId, { ...values, updated_by: user.id });
      await recordIssueChanges(tx, user.id, current, row);
      await subscribe(
        tx,
        scopeOf(row),
        row.assignee_ids.filter((id) => !current.assignee_ids.includes(id)),
      );
      return row;
    },

    /** A declined, duplicate or pending submission deleted with its intake item, in the intake's transaction. */
    async removeInTriage(
      tx: Executor,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
    ): Promise<void> {
      const current = await lockIssue(tx, project.project.id, issueId);
      if (!current) return;
      await softDeleteIssue(tx, project.project.id, issueId);
      if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
      await detachChildren(tx, issueId);
      await recordIssueDeleted(tx, user.id, current);
    },

    async get(project: ProjectAccess, user: UserRow, issueId: string, draft = false): Promise<IssueDetail> {
      const found = await findIssueForViewer(db, project.project.id, issueId, user.id);
      if (!found || !isVisible(found.issue, project, user, draft)) throw issueNotFound();
      const groups = new Map(found.stateGroup ? [[found.issue.state_id, found.stateGroup]] : []);
      return presentIssueDetail(found.issue, groups, { isSubscribed: found.subscribed });
    },

    async update(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      body: UpdateIssueBody,
      draft = false,
    ): Promise<IssueDetail> {
      const p = project.project;
      // Read together before writing, not one by one inside a transaction: a read committed
      // transaction would see the same. (Not beside it: the embedded database runs one statement
      // at a time and the transaction would wait on them.)
      const [states, seen] = await Promise.all([
        statesOf(db, p.id),
        findIssueVersioned(db, p.id, issueId, user.id),
      ]);
      // Most edits (state, priority, name, description, dates, labels, order) are one statement
      // against the version read: the update, its activity rows and its event. A parent change
      // (sub-issue counts), new assignees (subscriptions), external ids (a uniqueness check) and a
      // row changed meanwhile take the locked transaction below.
      const simple =
        body.parent_id === undefined &&
        body.assignee_ids === undefined &&
        body.external_id === undefined &&
        body.external_source === undefined;
      if (simple && seen) {
        assertWritable(seen.issue, project, user, draft);
        const values = await resolve(db, project, body, seen.issue, states);
        const changes = fieldChanges(seen.issue, { ...seen.issue, ...values });
        const row = await updateIssueAtVersion(
          db,
          seen.issue,
          seen.version,
          { ...values, updated_by: user.id },
          { actorId: user.id, changes, payload: updatedPayload(seen.issue, user.id, changes) },
        );
        if (row) {
          told(p.id, seen.issue, row);
          return presentIssueDetail(row, groupsOf(states), { isSubscribed: seen.subscribed });
        }
      }
      const result = await db.transaction(async (tx) => {
        const current = await lockIssue(tx, p.id, issueId);
        assertWritable(current, project, user, draft);
        const values = await resolve(tx, project, body, current, states);
        await assertExternalIdFree(
          tx,
          p.id,
          { external_source: current.external_source, ...values },
          current.id,
        );
        const row = await updateIssueRow(tx, p.id, issueId, { ...values, updated_by: user.id });
        if (current.parent_id !== row.parent_id) {
          if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
          if (row.parent_id) await adjustSubIssueCount(tx, row.parent_id, 1);
        }
        await recordIssueChanges(tx, user.id, current, row);
        const newAssignees = row.assignee_ids.filter((id) => !current.assignee_ids.includes(id));
        await subscribe(tx, scopeOf(row), newAssignees);
        return { current, row, subscribed: !!seen?.subscribed || newAssignees.includes(user.id) };
      });
      told(p.id, result.current, result.row);
      return presentIssueDetail(result.row, groupsOf(states), { isSubscribed: result.subscribed });
    },

    /** One transaction for many work items: any missing or invisible id fails it with 'Issue not found'. */
    updateMany(project: ProjectAccess, user: UserRow, issueIds: string[], body: UpdateIssueBody) {
      return this.updateEach(project, user, issueIds, () => body);
    },

    /** Each work item gets the change `bodyOf` makes of it, in one transaction, recorded per item. */
    async updateEach(
      project: ProjectAccess,
      user: UserRow,
      issueIds: string[],
      bodyOf: (current: IssueRowDb) => UpdateIssueBody,
    ) {
      const p = project.project;
      const result = await db.transaction(async (tx) => {
        const states = await statesOf(tx, p.id);
        const rows: IssueRowDb[] = [];
        for (const issueId of new Set(issueIds)) {
          const current = await lockIssue(tx, p.id, issueId);
          // Items waiting in intake are in no list to pick them from: not found here.
          if (!current || !isVisible(current, project, user, false) || current.is_intake)
            throw issueNotFound();
          if (current.archived_at) throw new AppError('bad_request', 'Archived work items are read-only');
          const values = await resolve(tx, project, bodyOf(current), current, states);
          const row = await updateIssueRow(tx, p.id, issueId, { ...values, updated_by: user.id });
          await recordIssueChanges(tx, user.id, current, row);
          await subscribe(
            tx,
            scopeOf(row),
            row.assignee_ids.filter((id) => !current.assignee_ids.includes(id)),
          );
          rows.push(row);
        }
        return { rows, states };
      });
      return result.rows.map((row) => presentIssueRow(row, groupsOf(result.states)));
    },

    /** Gantt drags: each item's own dates, all or nothing. */
    async updateDates(
      project: ProjectAccess,
      user: UserRow,
      updates: { id: string; start_date?: string | null; target_date?: string | null }[],
    ) {
      const p = project.project;
      const result = await db.transaction(async (tx) => {
        const states = await statesOf(tx, p.id);
        const rows: IssueRowDb[] = [];
        for (const { id, ...dates } of updates) {
          const current = await lockIssue(tx, p.id, id);
          if (!current || !isVisible(current, project, user, false) || current.is_intake)
            throw issueNotFound();
          const values = await resolve(tx, project, dates, current, states);
          const row = await updateIssueRow(tx, p.id, id, { ...values, updated_by: user.id });
          await recordIssueChanges(tx, user.id, current, row);
          rows.push(row);
        }
        return { rows, states };
      });
      return result.rows.map((row) => presentIssueRow(row, groupsOf(result.states)));
    },

    async removeMany(project: ProjectAccess, user: UserRow, issueIds: string[]): Promise<void> {
      const p = project.project;
      await db.transaction(async (tx) => {
        for (const issueId of new Set(issueIds)) {
          const current = await lockIssue(tx, p.id, issueId);
          if (!current || !isVisible(current, project, user, false) || current.is_intake)
            throw issueNotFound();
          await softDeleteIssue(tx, p.id, issueId);
          if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
          await detachChildren(tx, issueId);
          await recordIssueDeleted(tx, user.id, current);
        }
      });
    },

    async remove(project: ProjectAccess, user: UserRow, issueId: string, draft = false): Promise<void> {
      const p = project.project;
      await db.transaction(async (tx) => {
        const current = await lockIssue(tx, p.id, issueId);
        if (!current || !isVisible(current, project, user, draft)) throw issueNotFound();
        if (!issueRights(current, { userId: user.id, role: project.role ?? 0 }).canDelete) {
          throw new AppError('forbidden', 'You do not have permission to perform this action');
        }
        if (current.is_intake) throw waitingInIntake();
        await softDeleteIssue(tx, p.id, issueId);
        if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
        await detachChildren(tx, issueId);
        await recordIssueDeleted(tx, user.id, current);
      });
    },

    /**
     * A project's list: grouped (and sub-grouped) or flat pages, as api.md §5.2 describes.
     * `saved`: a saved view's filters (legacy params), AND-ed with the query's own.
     */
    async list(
      project: ProjectAccess,
      user: UserRow,
      query: ListIssuesQuery,
      scope: 'normal' | 'archived' | 'drafts' = 'normal',
      saved?: ListIssuesQuery,
    ) {
      const ownOnly = scope === 'drafts' || onlyCreatedBy(project, user) !== null;
      const key = { scope, viewer: ownOnly ? user.id : null, query, saved: saved ?? null };
      return cachedList(project.project.id, key, async () => {
        const ctx = await listContext(project, user, query);
        if (scope === 'drafts') ctx.ownOnlyProjectIds = ctx.projectIds;
        return this.pageWithShape(ctx, query, scope, saved);
      });
    },

    /** A published project's normal work items for anonymous visitors (api.md §4.8). */
    async listPublished(projectId: string, query: ListIssuesQuery) {
      return cachedList(projectId, { scope: 'published', query }, async () => {
        const ctx = await projectListContext(projectId, query, { userId: '', ownOnly: false });
        return this.pageWithShape(ctx, query, 'normal');
      });
    },

    async getPublished(projectId: string, issueId: string): Promise<IssueDetail> {
      const issue = await findIssue(db, projectId, issueId);
      if (!issue || issue.is_draft || issue.archived_at || issue.is_intake) throw issueNotFound();
      return presentIssueDetail(issue, groupsOf(await statesOf(db, projectId)), { isSubscribed: false });
    },

    /** The same list across every project of the workspace the caller belongs to (§5.18). */
    async listWorkspace(
      access: WorkspaceAccess,
      user: UserRow,
      query: ListIssuesQuery,
      saved?: ListIssuesQuery,
    ) {
      const ctx = await workspaceContext(access, user);
      if (ctx.projectIds.length === 0) return envelope(parsePage(query, 1000), [], 0);
      return this.page(ctx, query, 'normal', saved);
    },

    async page(
      ctx: ListContext,
      query: ListIssuesQuery,
      scope: 'normal' | 'archived' | 'drafts',
      saved?: ListIssuesQuery,
    ): Promise<PreRendered> {
      return (await this.pageWithShape(ctx, query, scope, saved)).page;
    },

    /** A list page with what the list cache needs to keep it: its shape, and how to recount it. */
    async pageWithShape(
      ctx: ListContext,
      query: ListIssuesQuery,
      scope: 'normal' | 'archived' | 'drafts',
      saved?: ListIssuesQuery,
    ): Promise<CachedList> {
      const page = parsePage(query, 1000);
      const where = buildWhere(query, ctx, scope, saved);
      // The board counters count a project's unfiltered items: a saved view's filters rule them out.
      const counted = saved ? { ...query, ...saved } : query;
      const orderBy = buildOrderBy(query.order_by);
      if (query.sub_group_by && !query.group_by) {
        throw new AppError('bad_request', 'sub_group_by needs group_by', 'INVALID_GROUP_BY');
      }
      if (query.group_by && query.group_by === query.sub_group_by) {
        throw new AppError(
          'bad_request',
          'Group by and sub group by cannot have same parameters',
          'INVALID_GROUP_BY',
        );
      }
      const limit = page.perPage + 1;
      const shapeOf = (
        rows: RenderedIssue[],
        groupBy: Grouping | null = null,
        subGroupBy: Grouping | null = null,
      ) => describeList({ query, saved, states: ctx.states, limit, groupBy, subGroupBy, rows });
      const readCounts = counterReader(query, counted, ctx, scope);
      if (!query.group_by) {
        const total = () => (readCounts ? readCounts().then((c) => c.total) : countIssues(db, where));
        const [rows, n] = await Promise.all([
          pageIssues<RenderedIssue>(
            db,
            where,
            orderBy,
            limit,
            page.page * page.perPage,
            issueRowJson(ctx.states),
          ),
          // Read beside the page query, not before it.
          total(),
        ]);
        const render = (count: number) => new PreRendered(envelope(page, rows.map(rendered), count));
        return {
          page: render(n),
          shape: shapeOf(rows),
          recount: async () => render(await total()),
        };
      }
      const group = grouping(query.group_by, ctx);
      const sub = query.sub_group_by ? grouping(query.sub_group_by, ctx) : null;
      for (const g of [group, sub]) {
        if (g?.key === 'target_date') g.keys = [...(await this.targetDates(where)), 'None'];
      }
      // An issue sits in exactly one group of a single-valued key, so the group counts add up to the
      // total and a second scan is not needed; labels, assignees and modules can repeat an issue.
      const repeats = [group, sub].some((g) => g && MULTI_VALUED_GROUPS.has(g.key));
      const [{ rows, counts }, counters] = await Promise.all([
        pageIssuesPerGroup<RenderedIssue>(
          db,
          group,
          sub,
          where,
          orderBy,
          limit,
          page.page * page.perPage,
          !readCounts,
          issueRowJson(ctx.states),
        ),
        readCounts?.(),
      ]);
      const render = (cells: typeof counts, total: number) =>
        new PreRendered(groupedEnvelope(page, { group, sub, total }, rows, cells, rendered));
      const shape = shapeOf(rows, group, sub);
      if (!readCounts || !counters) {
        const total = repeats ? await countIssues(db, where) : counts.reduce((sum, c) => sum + c.n, 0);
        // The counts came with the rows: a change to them reads the page again.
        return { page: render(counts, total), shape };
      }
      return {
        page: render(counters.cells, counters.total),
        shape,
        recount: async () => {
          const fresh = await readCounts();
          return render(fresh.cells, fresh.total);
        },
      };
    },

    async targetDates(where: SQL): Promise<string[]> {
      const rows = await queryRows<{ d: string }>(
        db,
        sql`select distinct to_char(i.target_date, 'YYYY-MM-DD') as d from issues i where ${where} and i.target_date is not null order by 1`,
      );
      return rows.map((r) => r.d);
    },

    /** Folds the board counters' deltas (run every few seconds by the scheduler). */
    compactCounters(minimumRows?: number): Promise<number> {
      return compactCounters(db, minimumRows);
    },

    async listByIds(project: ProjectAccess, user: UserRow, ids: string[]): Promise<IssueRow[]> {
      const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).slice(0, 1000);
      if (valid.length === 0) return [];
      const ctx = await listContext(project, user);
      const where = sql`${buildWhere({}, ctx)} and i.id = any(${sqlArray(valid, 'uuid')})`;
      const rows = await pageIssues(db, where, buildOrderBy(undefined), 1000, 0);
      return rows.map((r) => presentIssueRow(r, groupsOf(ctx.states)));
    },
  };
}

type Page = { perPage: number; page: number };

/** A row PostgreSQL rendered as the wire's IssueRow, passed through unparsed. */
const rendered = (row: RenderedIssue) => new RawJson(row.row_json);

function typeFilter(query: ListIssuesQuery, ctx: ListContext): Set<string> | null {
  const states = statesOfType(query.type, ctx.states);
  return states ? new Set(states) : null;
}

/** Shapes per-group pages into the grouped envelope: every group present, per-group totals. */
function groupedEnvelope<R extends { group_key?: string; sub_group_key?: string }, T>(
  page: Page,
  shape: {
    group: { key: string; keys: string[] };
    sub: { key: string; keys: string[] } | null;
    total: number;
  },
  rows: R[],
  counts: { group_key: string; sub_group_key?: string; n: number }[],
  present: (row: R) => T,
) {
  const groupKeys = shape.group.keys;
  const subKeys = shape.sub?.keys ?? null;
  const cell = (g: string, s?: string) => `${g}\u0000${s ?? ''}`;
  const rowsByCell = new Map<string, T[]>();
  const overflow = new Set<string>();
  const perCell = new Map<string, number>();
  for (const row of rows) {
    const key = cell(row.group_key!, row.sub_group_key);
    const list = rowsByCell.get(key) ?? [];
    if (list.length < page.perPage) list.push(present(row));
    else overflow.add(key);
    rowsByCell.set(key, list);
  }
  for (const c of counts) perCell.set(cell(c.group_key, c.sub_group_key), c.n);
  const results: Record<string, unknown> = {};
  let largest = 0;
  let count = 0;
  for (const g of groupKeys) {
    if (subKeys) {
      const inner: Record<string, { results: T[]; total_results: number }> = {};
      let groupTotal = 0;
      for (const s of subKeys) {
        const items = rowsByCell.get(cell(g, s)) ?? [];
        const total = perCell.get(cell(g, s)) ?? 0;
        inner[s] = { results: items, total_results: total };
        groupTotal += total;
        largest = Math.max(largest, total);
        count += items.length;
      }
      results[g] = { results: inner, total_results: groupTotal };
    } else {
      const items = rowsByCell.get(cell(g)) ?? [];
      const total = perCell.get(cell(g)) ?? 0;
      results[g] = { results: items, total_results: total };
      largest = Math.max(largest, total);
      count += items.length;
    }
  }
  return {
    grouped_by: shape.group.key,
    sub_grouped_by: shape.sub?.key ?? null,
    total_count: shape.total,
    next_cursor: `${page.perPage}:${page.page + 1}:0`,
    prev_cursor: `${page.perPage}:${page.page - 1}:1`,
    next_page_results: overflow.size > 0,
    prev_page_results: page.page > 0,
    count,
    total_pages: Math.ceil(largest / page.perPage),
    total_results: shape.total,
    extra_stats: null,
    results,
  };
}
