import { randomBytes } from 'node:crypto';
import type {
  DeployBoard,
  DeployBoardBody,
  Label,
  ListIssuesQuery,
  PublicDeployBoard,
  PublicMeta,
  PublicUserLite,
  State,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { DeployBoardRow, ProjectRow, UserRow, WorkspaceRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { StatesService } from '../states/states.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import {
  DEFAULT_VIEW_PROPS,
  presentDeployBoard,
  presentPublicBoard,
  presentPublicMember,
  presentPublicMeta,
  viewPropsOf,
} from './publishing.presenter.ts';
import {
  deleteBoard,
  findBoard,
  findBoardByAnchor,
  findBoardOfProject,
  insertBoard,
  updateBoardRow,
} from './publishing.repo.ts';

export type PublishingService = ReturnType<typeof createPublishingService>;

/** 128 random bits as 32 lowercase hex characters. */
export const ANCHOR_PATTERN = /^[0-9a-f]{32}$/;
export const newAnchor = (): string => randomBytes(16).toString('hex');

const boardNotFound = () => new AppError('not_found', 'Deploy board not found');
/** The public surface never says why: unknown, disabled and unpublished all look the same. */
const publicNotFound = () => new AppError('not_found', 'Not found');
const alreadyPublished = (id?: string) =>
  new AppError('conflict', 'The project is already published', 'CONFLICT', id ? { id } : undefined);
const invalid = (field: string, message: string) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields: { [field]: message } });

/** Tells whether an intake belongs to a project; the intake domain registers it when it exists. */
export type IntakeLookup = (tx: Executor, projectId: string, intakeId: string) => Promise<boolean>;

interface PublishedBoard {
  board: DeployBoardRow;
  project: ProjectRow;
  workspace: WorkspaceRow;
}

export function createPublishingService(
  db: Db,
  deps: {
    issues: IssuesService;
    labels: LabelsService;
    projects: ProjectsService;
    projectMembers: ProjectMembersService;
    states: StatesService;
    workspaces: WorkspacesService;
  },
) {
  let intakeExists: IntakeLookup = async () => false;

  async function intakeIdFor(tx: Executor, projectId: string, intake: string | null | undefined) {
    if (!intake) return null;
    if (!(await intakeExists(tx, projectId, intake)))
      throw invalid('intake', 'Must be the intake of this project');
    return intake;
  }

  /**
   * The board behind an anchor, if the public may see it: the anchor is well-formed and known, the
   * board is enabled, and its project is live, not archived and still published under this anchor.
   */
  async function resolve(anchor: string): Promise<PublishedBoard> {
    if (!ANCHOR_PATTERN.test(anchor)) throw publicNotFound();
    const board = await findBoardByAnchor(db, anchor);
    if (!board || board.is_disabled) throw publicNotFound();
    const project = await deps.projects.findLive(db, board.workspace_id, board.project_id);
    if (!project || project.archived_at || project.anchor !== board.anchor) throw publicNotFound();
    const workspace = await deps.workspaces.findLiveById(board.workspace_id);
    if (!workspace) throw publicNotFound();
    return { board, project, workspace };
  }

  return {
    setIntakeLookup(lookup: IntakeLookup): void {
      intakeExists = lookup;
    },

    async list(project: ProjectAccess): Promise<DeployBoard[]> {
      const row = await findBoardOfProject(db, project.project.workspace_id, project.project.id);
      return row ? [presentDeployBoard(row)] : [];
    },

    async get(project: ProjectAccess, boardId: string): Promise<DeployBoard> {
      const row = await findBoard(db, project.project.workspace_id, project.project.id, boardId);
      if (!row) throw boardNotFound();
      return presentDeployBoard(row);
    },

    /** Publish: one board per project, a fresh random anchor, mirrored on the project. */
    async publish(project: ProjectAccess, actor: UserRow, body: DeployBoardBody): Promise<DeployBoard> {
      const p = project.project;
      const { view_props, intake, ...flags } = body;
      try {
        const row = await db.transaction(async (tx) => {
          const intakeId = await intakeIdFor(tx, p.id, intake);
          const existing = await findBoardOfProject(tx, p.workspace_id, p.id);
          if (existing) throw alreadyPublished(existing.id);
          const anchor = newAnchor();
          const board = await insertBoard(tx, {
            ...flags,
            workspace_id: p.workspace_id,
            project_id: p.id,
            anchor,
            entity_name: 'project',
            intake_id: intakeId,
            view_props: { ...DEFAULT_VIEW_PROPS, ...view_props },
            created_by: actor.id,
            updated_by: actor.id,
          });
          await deps.projects.setAnchor(tx, p, anchor);
          return board;
        });
        return presentDeployBoard(row);
      } catch (error) {
        // Two publishers at once: the unique index on the project settles it.
        if (isUniqueViolation(error)) throw alreadyPublished();
        throw error;
      }
    },

    /** Flags change as sent; view_props keys are merged into the stored ones. */
    async update(
      project: ProjectAccess,
      actor: UserRow,
      boardId: string,
      body: DeployBoardBody,
    ): Promise<DeployBoard> {
      const p = project.project;
      const { view_props, intake, ...flags } = body;
      const row = await db.transaction(async (tx) => {
        const board = await findBoard(tx, p.workspace_id, p.id, boardId, { forUpdate: true });
        if (!board) throw boardNotFound();
        const values: Partial<DeployBoardRow> = { ...flags, updated_by: actor.id };
        if (view_props) values.view_props = { ...viewPropsOf(board.view_props), ...view_props };
        if (intake !== undefined) values.intake_id = await intakeIdFor(tx, p.id, intake);
        return updateBoardRow(tx, p.workspace_id, board.id, values);
      });
      return presentDeployBoard(row);
    },

    /** Unpublish: the board goes and the project's anchor is cleared; the old anchor is dead for good. */
    async unpublish(project: ProjectAccess, boardId: string): Promise<void> {
      const p = project.project;
      await db.transaction(async (tx) => {
        const board = await findBoard(tx, p.workspace_id, p.id, boardId, { forUpdate: true });
        if (!board) throw boardNotFound();
        await deleteBoard(tx, p.workspace_id, board.id);
        await deps.projects.setAnchor(tx, p, null);
      });
    },

    async publicMeta(anchor: string): Promise<PublicMeta> {
      const { workspace, project } = await resolve(anchor);
      return presentPublicMeta(workspace, project);
    },

    async publicSettings(anchor: string): Promise<PublicDeployBoard> {
      return presentPublicBoard((await resolve(anchor)).board);
    },

    async publicStates(anchor: string): Promise<State[]> {
      const { project } = await resolve(anchor);
      return deps.states.listForProjects([project.id]);
    },

    async publicLabels(anchor: string): Promise<Label[]> {
      const { project } = await resolve(anchor);
      return deps.labels.listForProjects([project.id]);
    },

    async publicIssues(anchor: string, query: ListIssuesQuery) {
      const { project } = await resolve(anchor);
      return deps.issues.listPublished(project.id, query);
    },

    async publicIssue(anchor: string, issueId: string) {
      const { project } = await resolve(anchor);
      const { is_subscribed: _hidden, ...detail } = await deps.issues.getPublished(project.id, issueId);
      return detail;
    },

    async publicMembers(anchor: string): Promise<PublicUserLite[]> {
      const { project } = await resolve(anchor);
      return (await deps.projectMembers.activeMemberUsers(project.id)).map(presentPublicMember);
    },
  };
}
