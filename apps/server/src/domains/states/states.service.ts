import type { State } from '@kite/shared/contracts';
import { DEFAULT_STATES, nextStateSequence, STATE_GROUP_COLORS, STATE_GROUPS } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { ProjectRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { presentState } from './states.presenter.ts';
import {
  clearDefault,
  ensureTriageState,
  findState,
  findStateByName,
  findStateOfIssue,
  insertStates,
  listProjectStates,
  listStatesOfProjects,
  lockStatesOf,
  maxSequence,
  softDeleteState,
  updateStateRow,
} from './states.repo.ts';

export type StatesService = ReturnType<typeof createStatesService>;

const stateNotFound = () => new AppError('not_found', 'State not found');
const nameTaken = () =>
  new AppError('conflict', 'A state with this name already exists in the project', 'STATE_NAME_TAKEN');

interface StateInput {
  name?: string;
  color?: string;
  group?: (typeof STATE_GROUPS)[number];
  description?: string;
  sequence?: number;
}

/** Counts the work items in a state; issues register it when they exist (STATE_NOT_EMPTY). */
export type StateUsage = (tx: Executor, projectId: string, stateId: string) => Promise<number>;

export function createStatesService(db: Db) {
  let usage: StateUsage = async () => 0;

  return {
    setUsageCounter(counter: StateUsage) {
      usage = counter;
    },

    /** The five default states of a new project (Backlog is the default one). */
    async seedDefaults(tx: Executor, project: ProjectRow, actorId: string) {
      await insertStates(
        tx,
        DEFAULT_STATES.map((s) => ({
          workspace_id: project.workspace_id,
          project_id: project.id,
          name: s.name,
          group: s.group,
          color: STATE_GROUP_COLORS[s.group],
          sequence: s.sequence,
          default: s.default,
          created_by: actorId,
          updated_by: actorId,
        })),
      );
    },

    find: (tx: Executor, projectId: string, stateId: string) => findState(tx, projectId, stateId),

    /** The hidden state intake items wait in until they are accepted (made on first use). */
    triageStateOf: (tx: Executor, project: Pick<ProjectRow, 'id' | 'workspace_id'>) =>
      ensureTriageState(tx, project),

    /** The project's visible state rows in display order. */
    rowsOf: (tx: Executor, projectId: string) => listProjectStates(tx, projectId),

    async list(project: ProjectAccess): Promise<State[]> {
      return (await listProjectStates(db, project.project.id)).map(presentState);
    },

    async listGrouped(project: ProjectAccess): Promise<Record<string, State[]>> {
      const grouped: Record<string, State[]> = Object.fromEntries(STATE_GROUPS.map((g) => [g, []]));
      for (const state of await this.list(project)) grouped[state.group]?.push(state);
      return grouped;
    },

    async listForProjects(projectIds: string[]): Promise<State[]> {
      return (await listStatesOfProjects(db, projectIds)).map(presentState);
    },

    /** A work item's state for its detail (`expand=state`), the triage state of an item in intake too. */
    async ofIssue(project: ProjectAccess, stateId: string): Promise<State> {
      const row = await findStateOfIssue(db, project.project.id, stateId);
      if (!row) throw stateNotFound();
      return presentState(row);
    },

    async get(project: ProjectAccess, stateId: string): Promise<State> {
      const row = await findState(db, project.project.id, stateId);
      if (!row) throw stateNotFound();
      return presentState(row);
    },

    async create(
      project: ProjectAccess,
      actor: UserRow,
      body: Required<Pick<StateInput, 'name' | 'color' | 'group'>> & StateInput,
    ) {
      const projectId = project.project.id;
      try {
        const row = await db.transaction(async (tx) => {
          await lockStatesOf(tx, projectId);
          if (await findStateByName(tx, projectId, body.name)) throw nameTaken();
          const sequence = body.sequence ?? nextStateSequence(await maxSequence(tx, projectId));
          const [created] = await insertStates(tx, [
            {
              workspace_id: project.project.workspace_id,
              project_id: projectId,
              name: body.name,
              color: body.color,
              group: body.group,
              description: body.description ?? '',
              sequence,
              created_by: actor.id,
              updated_by: actor.id,
            },
          ]);
          return created!;
        });
        return presentState(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async update(project: ProjectAccess, actor: UserRow, stateId: string, body: StateInput): Promise<State> {
      const projectId = project.project.id;
      try {
        const row = await db.transaction(async (tx) => {
          const state = await findState(tx, projectId, stateId);
          if (!state) throw stateNotFound();
          if (body.name && (await findStateByName(tx, projectId, body.name, stateId))) throw nameTaken();
          return updateStateRow(tx, projectId, stateId, { ...body, updated_by: actor.id });
        });
        return presentState(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async remove(project: ProjectAccess, stateId: string): Promise<void> {
      const projectId = project.project.id;
      await db.transaction(async (tx) => {
        const state = await findState(tx, projectId, stateId);
        if (!state) throw stateNotFound();
        if (state.default)
          throw new AppError('bad_request', 'Default state cannot be deleted', 'DEFAULT_STATE');
        if ((await usage(tx, projectId, stateId)) > 0) {
          throw new AppError(
            'bad_request',
            'The state is not empty, only empty states can be deleted',
            'STATE_NOT_EMPTY',
          );
        }
        await softDeleteState(tx, projectId, stateId);
      });
    },

    /** Exactly one default: the previous one is cleared in the same transaction, under the project lock. */
    async markDefault(project: ProjectAccess, actor: UserRow, stateId: string): Promise<State> {
      const projectId = project.project.id;
      const row = await db.transaction(async (tx) => {
        await lockStatesOf(tx, projectId);
        const state = await findState(tx, projectId, stateId);
        if (!state) throw stateNotFound();
        await clearDefault(tx, projectId);
        return updateStateRow(tx, projectId, stateId, { default: true, updated_by: actor.id });
      });
      return presentState(row);
    },
  };
}
