import type { UpdateIssueBody } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Executor } from '../../platform/db/database.ts';
import type { IssueRowDb, StateRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { cycleAcceptance, openModuleIds } from '../planning/planning-targets.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { StatesService } from '../states/states.service.ts';
import { recordIssueDeleted } from './issue-activity.ts';
import { invalid } from './issue-rules.ts';
import {
  adjustSubIssueCount,
  ancestorIds,
  detachChildren,
  findByExternalId,
  findIssue,
  softDeleteIssue,
} from './issues.repo.ts';
import type { IssueListCache } from './list-cache.ts';
import type { ListChanges } from './list-cache-feed.ts';

/** What the issues service and each of its parts are made with. */
export interface IssuesDeps {
  states: StatesService;
  labels: LabelsService;
  projectMembers: ProjectMembersService;
  members: MembersService;
  listCache: IssueListCache;
  listChanges: ListChanges;
}

/** Checks an estimate point against the project's active estimate (the estimates domain provides it). */
export type EstimatePointLookup = (
  tx: Executor,
  projectId: string,
  estimateId: string,
  pointId: string,
) => Promise<boolean>;

export type IssueWrites = ReturnType<typeof createIssueWrites>;

/**
 * The steps every write of a work item shares (create, edit, bulk edit, intake): a body checked
 * against the project and turned into columns, the external-id check, the deletion.
 */
export function createIssueWrites(
  deps: Pick<IssuesDeps, 'labels' | 'projectMembers'>,
  lookups: { estimatePoint: EstimatePointLookup },
) {
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
        !(activeEstimate && (await lookups.estimatePoint(tx, projectId, activeEstimate, body.estimate_point)))
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

  /** 409 EXTERNAL_ID_EXISTS when another live item of the project has this external id. */
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

  return { resolve, assertExternalIdFree };
}

/** Soft-deletes a locked work item: its parent's count, its children's parent and its activity follow. */
export async function deleteIssueRecorded(tx: Executor, actorId: string, current: IssueRowDb): Promise<void> {
  await softDeleteIssue(tx, current.project_id, current.id);
  if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
  await detachChildren(tx, current.id);
  await recordIssueDeleted(tx, actorId, current);
}
