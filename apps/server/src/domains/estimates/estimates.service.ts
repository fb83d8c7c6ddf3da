import type {
  CreateEstimateBody,
  Estimate,
  EstimatePoint,
  EstimatePointBody,
  UpdateEstimateBody,
  UpdateEstimatePointBody,
  V1EstimatePointInput,
} from '@kite/shared/contracts';
import { ESTIMATE_MAX_POINTS, ESTIMATE_MIN_POINTS, estimatePointProblems } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { EstimatePointRow, EstimateRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import { presentEstimate, presentEstimatePoint } from './estimates.presenter.ts';
import {
  findEstimate,
  findEstimateByName,
  insertEstimate,
  insertPoints,
  listEstimatesOfProjects,
  listPoints,
  listPointsOfProjects,
  listProjectEstimates,
  lockEstimatesOf,
  softDeleteEstimate,
  softDeletePoint,
  updateEstimateRow,
  updatePointRow,
} from './estimates.repo.ts';

export type EstimatesService = ReturnType<typeof createEstimatesService>;

/** Moves work items off deleted points, to another point or to none; issues register it when they exist. */
export type PointReassigner = (
  tx: Executor,
  projectId: string,
  fromPointIds: string[],
  toPointId: string | null,
) => Promise<void>;

const estimateNotFound = () => new AppError('not_found', 'Estimate not found');
const pointNotFound = () => new AppError('not_found', 'Estimate point not found');
const nameTaken = () =>
  new AppError('conflict', 'An estimate with this name already exists in the project', 'ESTIMATE_EXISTS');
const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
const COUNT_MESSAGE = `An estimate needs ${ESTIMATE_MIN_POINTS} to ${ESTIMATE_MAX_POINTS} points`;

/** A point of the set being checked; `field` names it in the error (null: a stored point left as it was). */
interface Candidate {
  key: number;
  value: string;
  field: ((name: string) => string) | null;
}

/** The whole resulting set must fit the type and repeat no key or value (repeats land on sent points). */
function assertPoints(type: string, candidates: Candidate[]) {
  const fields: Record<string, string> = {};
  for (const problem of estimatePointProblems(type, candidates)) {
    const label = candidates[problem.index]!.field;
    fields[label ? label(problem.field) : 'estimate.type'] ??= label
      ? problem.message
      : 'The existing points do not fit this type';
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const stored = (points: EstimatePointRow[]): Candidate[] =>
  points.map((p) => ({ key: p.key, value: p.value, field: null }));

/** Points sent without a key take the next keys after the highest one stored or sent (from 1). */
function withKeys(sent: V1EstimatePointInput[], storedKeys: number[]): EstimatePointBody[] {
  let next = Math.max(0, ...storedKeys, ...sent.map((p) => p.key ?? 0)) + 1;
  return sent.map((p) => ({ ...p, key: p.key ?? next++ }));
}

const sentAs = (list: string) => (i: number) => (name: string) => `${list}.${i}.${name}`;

/** The one estimate the public API shows for a project: its active one, else the first made. */
function projectEstimateOf(project: ProjectAccess, rows: EstimateRow[]): EstimateRow | undefined {
  return rows.find((row) => row.id === project.project.estimate_id) ?? rows[0];
}

const alreadyHasOne = (id: string) =>
  new AppError('conflict', 'The project already has an estimate', 'ESTIMATE_EXISTS', { id });

export function createEstimatesService(
  db: Db,
  deps: { projects: ProjectsService; projectMembers: ProjectMembersService },
) {
  let reassignPoints: PointReassigner = async () => {};

  async function presentAll(projectIds: string[], rows: EstimateRow[]): Promise<Estimate[]> {
    const points = await listPointsOfProjects(
      db,
      projectIds,
      rows.map((r) => r.id),
    );
    const byEstimate = new Map<string, EstimatePointRow[]>();
    for (const point of points) {
      const list = byEstimate.get(point.estimate_id) ?? [];
      list.push(point);
      byEstimate.set(point.estimate_id, list);
    }
    return rows.map((row) => presentEstimate(row, byEstimate.get(row.id) ?? []));
  }

  /** The estimate with its live points, under the project's estimates lock; 404 when it is not there. */
  async function load(tx: Executor, projectId: string, estimateId: string) {
    await lockEstimatesOf(tx, projectId);
    const estimate = await findEstimate(tx, projectId, estimateId);
    if (!estimate) throw estimateNotFound();
    return { estimate, points: await listPoints(tx, projectId, [estimateId]) };
  }

  /** A new estimate and its points (checked by the caller), under the project's estimates lock. */
  async function insertWithPoints(
    tx: Executor,
    project: ProjectAccess,
    actor: UserRow,
    { estimate, estimate_points: points }: CreateEstimateBody,
  ) {
    const { workspace_id, id: projectId } = project.project;
    const row = await insertEstimate(tx, {
      workspace_id,
      project_id: projectId,
      name: estimate.name,
      description: estimate.description ?? '',
      type: estimate.type,
      last_used: estimate.last_used ?? false,
      created_by: actor.id,
      updated_by: actor.id,
    });
    await insertPoints(tx, newPointRows(project, actor, row.id, points));
    return [row, await listPoints(tx, projectId, [row.id])] as const;
  }

  function newPointRows(
    project: ProjectAccess,
    actor: UserRow,
    estimateId: string,
    points: EstimatePointBody[],
  ) {
    return points.map((p) => ({
      workspace_id: project.project.workspace_id,
      project_id: project.project.id,
      estimate_id: estimateId,
      key: p.key,
      value: p.value,
      description: p.description ?? '',
      created_by: actor.id,
      updated_by: actor.id,
    }));
  }

  /** The project's one estimate for the public API; 404 when it has none. */
  async function projectEstimateRow(tx: Executor, project: ProjectAccess): Promise<EstimateRow> {
    const row = projectEstimateOf(project, await listProjectEstimates(tx, project.project.id));
    if (!row) throw estimateNotFound();
    return row;
  }

  const service = {
    /** Whether a point is a live point of the given estimate of the project (issues check `estimate_point`). */
    async hasPoint(tx: Executor, projectId: string, estimateId: string, pointId: string): Promise<boolean> {
      const points = await listPoints(tx, projectId, [estimateId]);
      return points.some((p) => p.id === pointId);
    },

    setPointReassigner(reassigner: PointReassigner) {
      reassignPoints = reassigner;
    },

    /** For `PATCH {p}/ {estimate}`: takes the estimates lock so a concurrent delete cannot slip past. */
    async exists(tx: Executor, projectId: string, estimateId: string): Promise<boolean> {
      await lockEstimatesOf(tx, projectId);
      return (await findEstimate(tx, projectId, estimateId)) !== undefined;
    },

    async list(project: ProjectAccess): Promise<Estimate[]> {
      const projectId = project.project.id;
      return presentAll([projectId], await listProjectEstimates(db, projectId));
    },

    /** Estimates of every project the caller is a member of (`GET {ws}/estimates/`). */
    async listForMember(access: WorkspaceAccess, user: UserRow): Promise<Estimate[]> {
      const projectIds = Object.keys(await deps.projectMembers.rolesOf(access, user));
      return presentAll(projectIds, await listEstimatesOfProjects(db, projectIds));
    },

    async get(project: ProjectAccess, estimateId: string): Promise<Estimate> {
      const projectId = project.project.id;
      const row = await findEstimate(db, projectId, estimateId);
      if (!row) throw estimateNotFound();
      return presentEstimate(row, await listPoints(db, projectId, [estimateId]));
    },

    async create(project: ProjectAccess, actor: UserRow, body: CreateEstimateBody): Promise<Estimate> {
      const { estimate, estimate_points: points } = body;
      if (points.length < ESTIMATE_MIN_POINTS || points.length > ESTIMATE_MAX_POINTS) {
        throw invalid({ estimate_points: COUNT_MESSAGE });
      }
      assertPoints(
        estimate.type,
        points.map((p, i) => ({ ...p, field: sentAs('estimate_points')(i) })),
      );
      const [row, pointRows] = await db.transaction(async (tx) => {
        await lockEstimatesOf(tx, project.project.id);
        if (await findEstimateByName(tx, project.project.id, estimate.name)) throw nameTaken();
        return insertWithPoints(tx, project, actor, body);
      });
      return presentEstimate(row, pointRows);
    },

    /** Updates the estimate's fields and upserts points by id (points not sent stay as they are). */
    async update(
      project: ProjectAccess,
      actor: UserRow,
      estimateId: string,
      body: UpdateEstimateBody,
    ): Promise<Estimate> {
      const { workspace_id, id: projectId } = project.project;
      const [row, pointRows] = await db.transaction(async (tx) => {
        const { estimate, points } = await load(tx, projectId, estimateId);
        const sent = body.estimate_points ?? [];
        const known = new Set(points.map((p) => p.id));
        const seen = new Set<string>();
        const idProblems: Record<string, string> = {};
        sent.forEach((p, i) => {
          if (!p.id) return;
          if (!known.has(p.id)) idProblems[`estimate_points.${i}.id`] = 'Not a point of this estimate';
          else if (seen.has(p.id)) idProblems[`estimate_points.${i}.id`] = 'Sent twice';
          seen.add(p.id);
        });
        if (Object.keys(idProblems).length > 0) throw invalid(idProblems);

        const merged: Candidate[] = [
          ...stored(points.filter((p) => !seen.has(p.id))),
          ...sent.map((p, i) => ({ ...p, field: (name: string) => `estimate_points.${i}.${name}` })),
        ];
        if (merged.length > ESTIMATE_MAX_POINTS) throw invalid({ estimate_points: COUNT_MESSAGE });
        assertPoints(body.estimate?.type ?? estimate.type, merged);
        if (
          body.estimate?.name !== undefined &&
          (await findEstimateByName(tx, projectId, body.estimate.name, estimateId))
        ) {
          throw nameTaken();
        }

        const row = await updateEstimateRow(tx, projectId, estimateId, {
          ...body.estimate,
          updated_by: actor.id,
        });
        for (const p of sent.filter((p) => p.id)) {
          await updatePointRow(tx, projectId, p.id!, {
            key: p.key,
            value: p.value,
            ...(p.description !== undefined && { description: p.description }),
            updated_by: actor.id,
          });
        }
        await insertPoints(
          tx,
          sent
            .filter((p) => !p.id)
            .map((p) => ({
              workspace_id,
              project_id: projectId,
              estimate_id: estimateId,
              key: p.key,
              value: p.value,
              description: p.description ?? '',
              created_by: actor.id,
              updated_by: actor.id,
            })),
        );
        return [row, await listPoints(tx, projectId, [estimateId])] as const;
      });
      return presentEstimate(row, pointRows);
    },

    /** Soft delete with its points; work items lose their points and the project its active estimate. */
    async remove(project: ProjectAccess, estimateId: string): Promise<void> {
      const projectId = project.project.id;
      await db.transaction(async (tx) => {
        const { points } = await load(tx, projectId, estimateId);
        await reassignPoints(
          tx,
          projectId,
          points.map((p) => p.id),
          null,
        );
        await softDeleteEstimate(tx, projectId, estimateId);
        await deps.projects.clearEstimate(tx, project.project, estimateId);
      });
    },

    async createPoint(
      project: ProjectAccess,
      actor: UserRow,
      estimateId: string,
      body: EstimatePointBody,
    ): Promise<EstimatePoint> {
      const { workspace_id, id: projectId } = project.project;
      const row = await db.transaction(async (tx) => {
        const { estimate, points } = await load(tx, projectId, estimateId);
        if (points.length >= ESTIMATE_MAX_POINTS) {
          throw new AppError('bad_request', `An estimate can have at most ${ESTIMATE_MAX_POINTS} points`);
        }
        assertPoints(estimate.type, [...stored(points), { ...body, field: (name) => name }]);
        const [created] = await insertPoints(tx, [
          {
            workspace_id,
            project_id: projectId,
            estimate_id: estimateId,
            key: body.key,
            value: body.value,
            description: body.description ?? '',
            created_by: actor.id,
            updated_by: actor.id,
          },
        ]);
        return created!;
      });
      return presentEstimatePoint(row);
    },

    async updatePoint(
      project: ProjectAccess,
      actor: UserRow,
      estimateId: string,
      pointId: string,
      body: UpdateEstimatePointBody,
    ): Promise<EstimatePoint> {
      const projectId = project.project.id;
      const row = await db.transaction(async (tx) => {
        const { estimate, points } = await load(tx, projectId, estimateId);
        const point = points.find((p) => p.id === pointId);
        if (!point) throw pointNotFound();
        const next = { key: body.key ?? point.key, value: body.value ?? point.value };
        assertPoints(estimate.type, [
          ...stored(points.filter((p) => p.id !== pointId)),
          { ...next, field: (name) => name },
        ]);
        return updatePointRow(tx, projectId, pointId, { ...body, updated_by: actor.id });
      });
      return presentEstimatePoint(row);
    },

    /** Work items on the point move to `newPointId` (another point of the same estimate) or to none. */
    async removePoint(
      project: ProjectAccess,
      estimateId: string,
      pointId: string,
      newPointId: string | null | undefined,
    ): Promise<void> {
      const projectId = project.project.id;
      await db.transaction(async (tx) => {
        const { points } = await load(tx, projectId, estimateId);
        if (!points.some((p) => p.id === pointId)) throw pointNotFound();
        if (points.length <= ESTIMATE_MIN_POINTS) {
          throw new AppError('bad_request', `An estimate needs at least ${ESTIMATE_MIN_POINTS} points`);
        }
        if (newPointId && (newPointId === pointId || !points.some((p) => p.id === newPointId))) {
          throw invalid({ new_estimate_id: 'Must be another point of this estimate' });
        }
        await reassignPoints(tx, projectId, [pointId], newPointId ?? null);
        await softDeletePoint(tx, projectId, pointId);
      });
    },
  };

  return {
    ...service,

    // The public API's model (api.md §15): one estimate per project, points added in bulk.

    async getProjectEstimate(project: ProjectAccess): Promise<Estimate> {
      const row = await projectEstimateRow(db, project);
      return presentEstimate(row, await listPoints(db, project.project.id, [row.id]));
    },

    /**
     * The project's estimate when it has none yet (else 409 `ESTIMATE_EXISTS` with the one's id).
     * Points are optional here (added later through `createPoints`); when sent, 2 to 6 of them.
     */
    async createProjectEstimate(
      project: ProjectAccess,
      actor: UserRow,
      body: { estimate: CreateEstimateBody['estimate']; estimate_points: V1EstimatePointInput[] },
    ): Promise<Estimate> {
      const sent = body.estimate_points;
      if (sent.length > 0 && (sent.length < ESTIMATE_MIN_POINTS || sent.length > ESTIMATE_MAX_POINTS)) {
        throw invalid({ estimate_points: COUNT_MESSAGE });
      }
      const points = withKeys(sent, []);
      assertPoints(
        body.estimate.type,
        points.map((p, i) => ({ ...p, field: sentAs('estimate_points')(i) })),
      );
      const [row, pointRows] = await db.transaction(async (tx) => {
        await lockEstimatesOf(tx, project.project.id);
        const existing = projectEstimateOf(project, await listProjectEstimates(tx, project.project.id));
        if (existing) throw alreadyHasOne(existing.id);
        return insertWithPoints(tx, project, actor, { estimate: body.estimate, estimate_points: points });
      });
      return presentEstimate(row, pointRows);
    },

    async updateProjectEstimate(
      project: ProjectAccess,
      actor: UserRow,
      fields: NonNullable<UpdateEstimateBody['estimate']>,
    ): Promise<Estimate> {
      const { id } = await projectEstimateRow(db, project);
      return service.update(project, actor, id, { estimate: fields });
    },

    async removeProjectEstimate(project: ProjectAccess): Promise<void> {
      const { id } = await projectEstimateRow(db, project);
      await service.remove(project, id);
    },

    /** Adds points in one go (keys left out follow the highest); the estimate keeps at most 6. */
    async createPoints(
      project: ProjectAccess,
      actor: UserRow,
      estimateId: string,
      sent: V1EstimatePointInput[],
    ): Promise<EstimatePoint[]> {
      const rows = await db.transaction(async (tx) => {
        const { estimate, points } = await load(tx, project.project.id, estimateId);
        if (points.length + sent.length > ESTIMATE_MAX_POINTS) {
          throw new AppError('bad_request', `An estimate can have at most ${ESTIMATE_MAX_POINTS} points`);
        }
        const keyed = withKeys(
          sent,
          points.map((p) => p.key),
        );
        assertPoints(estimate.type, [
          ...stored(points),
          ...keyed.map((p, i) => ({ ...p, field: sentAs('estimate_points')(i) })),
        ]);
        return insertPoints(tx, newPointRows(project, actor, estimateId, keyed));
      });
      return rows.map(presentEstimatePoint);
    },
  };
}
