import type { CreateLabelBody, Label, UpdateLabelBody } from '@kite/shared/contracts';
import { nextLabelSortOrder } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import { presentLabel } from './labels.presenter.ts';
import {
  detachChildren,
  findLabel,
  findLabelByName,
  insertLabel,
  listLabelsOfProjects,
  listProjectLabels,
  lockLabelsOf,
  maxLabelSortOrder,
  softDeleteLabel,
  updateLabelRow,
} from './labels.repo.ts';

export type LabelsService = ReturnType<typeof createLabelsService>;

const labelNotFound = () => new AppError('not_found', 'Label not found');
const nameTaken = () =>
  new AppError('conflict', 'A label with this name already exists in the project', 'LABEL_NAME_TAKEN');
const invalidParent = (message: string) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields: { parent: message } });

/** Takes a deleted label off the work items that carry it; issues register it when they exist. */
export type LabelDetacher = (tx: Executor, projectId: string, labelId: string) => Promise<void>;

export function createLabelsService(db: Db, deps: { projectMembers: ProjectMembersService }) {
  let detachFromIssues: LabelDetacher = async () => {};

  /** The parent must be a live label of the same project and, for an existing label, not itself or below it. */
  async function assertParent(tx: Executor, projectId: string, parentId: string, labelId?: string) {
    if (parentId === labelId) throw invalidParent('A label cannot be its own parent');
    const parent = await findLabel(tx, projectId, parentId);
    if (!parent) throw invalidParent('Must be a label of this project');
    if (!labelId) return;
    const parentOf = new Map((await listProjectLabels(tx, projectId)).map((l) => [l.id, l.parent_id]));
    const seen = new Set<string>();
    for (let at: string | null | undefined = parent.id; at && !seen.has(at); at = parentOf.get(at)) {
      if (at === labelId) throw invalidParent('A label cannot be placed under one of its descendants');
      seen.add(at);
    }
  }

  async function rethrowConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    setIssueDetacher(detacher: LabelDetacher) {
      detachFromIssues = detacher;
    },

    find: (tx: Executor, projectId: string, labelId: string) => findLabel(tx, projectId, labelId),

    async list(project: ProjectAccess): Promise<Label[]> {
      return (await listProjectLabels(db, project.project.id)).map(presentLabel);
    },

    /** Labels of the given projects, for callers that already checked access (e.g. published boards). */
    async listForProjects(projectIds: string[]): Promise<Label[]> {
      return (await listLabelsOfProjects(db, projectIds)).map(presentLabel);
    },

    /** Labels of every project the caller is a member of (`GET {ws}/labels/`). */
    async listForMember(access: WorkspaceAccess, user: UserRow): Promise<Label[]> {
      const projectIds = Object.keys(await deps.projectMembers.rolesOf(access, user));
      return (await listLabelsOfProjects(db, projectIds)).map(presentLabel);
    },

    async get(project: ProjectAccess, labelId: string): Promise<Label> {
      const row = await findLabel(db, project.project.id, labelId);
      if (!row) throw labelNotFound();
      return presentLabel(row);
    },

    async create(project: ProjectAccess, actor: UserRow, body: CreateLabelBody): Promise<Label> {
      const projectId = project.project.id;
      const row = await rethrowConflicts(() =>
        db.transaction(async (tx) => {
          await lockLabelsOf(tx, projectId);
          if (body.parent) await assertParent(tx, projectId, body.parent);
          if (await findLabelByName(tx, projectId, body.name)) throw nameTaken();
          return insertLabel(tx, {
            workspace_id: project.project.workspace_id,
            project_id: projectId,
            name: body.name,
            color: body.color ?? '',
            description: body.description ?? '',
            parent_id: body.parent ?? null,
            sort_order: body.sort_order ?? nextLabelSortOrder(await maxLabelSortOrder(tx, projectId)),
            created_by: actor.id,
            updated_by: actor.id,
          });
        }),
      );
      return presentLabel(row);
    },

    async update(
      project: ProjectAccess,
      actor: UserRow,
      labelId: string,
      body: UpdateLabelBody,
    ): Promise<Label> {
      const projectId = project.project.id;
      const { parent, ...rest } = body;
      const row = await rethrowConflicts(() =>
        db.transaction(async (tx) => {
          await lockLabelsOf(tx, projectId);
          if (!(await findLabel(tx, projectId, labelId))) throw labelNotFound();
          if (parent) await assertParent(tx, projectId, parent, labelId);
          if (rest.name !== undefined && (await findLabelByName(tx, projectId, rest.name, labelId))) {
            throw nameTaken();
          }
          return updateLabelRow(tx, projectId, labelId, {
            ...rest,
            ...(parent !== undefined && { parent_id: parent }),
            updated_by: actor.id,
          });
        }),
      );
      return presentLabel(row);
    },

    /** Soft delete: issues lose the label and its children move to the top level, in one transaction. */
    async remove(project: ProjectAccess, labelId: string): Promise<void> {
      const projectId = project.project.id;
      await db.transaction(async (tx) => {
        await lockLabelsOf(tx, projectId);
        if (!(await findLabel(tx, projectId, labelId))) throw labelNotFound();
        await detachFromIssues(tx, projectId, labelId);
        await detachChildren(tx, projectId, labelId);
        await softDeleteLabel(tx, projectId, labelId);
      });
    },
  };
}
