import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  type EstimatePointRow,
  type EstimateRow,
  estimatePoints,
  estimates,
} from '../../platform/db/schema.ts';

const live = (projectId: string) => and(eq(estimates.project_id, projectId), isNull(estimates.deleted_at));
const livePoints = (projectId: string) =>
  and(eq(estimatePoints.project_id, projectId), isNull(estimatePoints.deleted_at));

export function listProjectEstimates(db: Executor, projectId: string): Promise<EstimateRow[]> {
  return db.select().from(estimates).where(live(projectId)).orderBy(asc(estimates.created_at));
}

export function listEstimatesOfProjects(db: Executor, projectIds: string[]): Promise<EstimateRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(estimates)
    .where(and(inArray(estimates.project_id, projectIds), isNull(estimates.deleted_at)))
    .orderBy(asc(estimates.project_id), asc(estimates.created_at));
}

export async function findEstimate(
  db: Executor,
  projectId: string,
  estimateId: string,
): Promise<EstimateRow | undefined> {
  const rows = await db
    .select()
    .from(estimates)
    .where(and(live(projectId), eq(estimates.id, estimateId)))
    .limit(1);
  return rows[0];
}

export async function findEstimateByName(
  db: Executor,
  projectId: string,
  name: string,
  exceptId?: string,
): Promise<EstimateRow | undefined> {
  const rows = await db
    .select()
    .from(estimates)
    .where(and(live(projectId), eq(estimates.name, name), exceptId ? ne(estimates.id, exceptId) : undefined))
    .limit(1);
  return rows[0];
}

/** Live points of the given estimates of a project, by key. */
export function listPoints(
  db: Executor,
  projectId: string,
  estimateIds: string[],
): Promise<EstimatePointRow[]> {
  if (estimateIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(estimatePoints)
    .where(and(livePoints(projectId), inArray(estimatePoints.estimate_id, estimateIds)))
    .orderBy(asc(estimatePoints.key), asc(estimatePoints.created_at));
}

/** Live points of the given projects' estimates, by key (for workspace-wide lists). */
export function listPointsOfProjects(
  db: Executor,
  projectIds: string[],
  estimateIds: string[],
): Promise<EstimatePointRow[]> {
  if (projectIds.length === 0 || estimateIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(estimatePoints)
    .where(
      and(
        inArray(estimatePoints.project_id, projectIds),
        inArray(estimatePoints.estimate_id, estimateIds),
        isNull(estimatePoints.deleted_at),
      ),
    )
    .orderBy(asc(estimatePoints.key), asc(estimatePoints.created_at));
}

export async function insertEstimate(
  db: Executor,
  values: typeof estimates.$inferInsert,
): Promise<EstimateRow> {
  const rows = await db.insert(estimates).values(values).returning();
  return rows[0]!;
}

export async function insertPoints(
  db: Executor,
  values: (typeof estimatePoints.$inferInsert)[],
): Promise<EstimatePointRow[]> {
  if (values.length === 0) return [];
  return db.insert(estimatePoints).values(values).returning();
}

export async function updateEstimateRow(
  db: Executor,
  projectId: string,
  estimateId: string,
  values: Partial<EstimateRow>,
): Promise<EstimateRow> {
  const rows = await db
    .update(estimates)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(estimates.project_id, projectId), eq(estimates.id, estimateId)))
    .returning();
  return rows[0]!;
}

export async function updatePointRow(
  db: Executor,
  projectId: string,
  pointId: string,
  values: Partial<EstimatePointRow>,
): Promise<EstimatePointRow> {
  const rows = await db
    .update(estimatePoints)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(estimatePoints.project_id, projectId), eq(estimatePoints.id, pointId)))
    .returning();
  return rows[0]!;
}

export async function softDeletePoint(db: Executor, projectId: string, pointId: string): Promise<void> {
  await db
    .update(estimatePoints)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(and(eq(estimatePoints.project_id, projectId), eq(estimatePoints.id, pointId)));
}

/** The estimate and all its points. */
export async function softDeleteEstimate(db: Executor, projectId: string, estimateId: string): Promise<void> {
  const now = new Date();
  await db
    .update(estimatePoints)
    .set({ deleted_at: now, updated_at: now })
    .where(and(livePoints(projectId), eq(estimatePoints.estimate_id, estimateId)));
  await db
    .update(estimates)
    .set({ deleted_at: now, updated_at: now })
    .where(and(eq(estimates.project_id, projectId), eq(estimates.id, estimateId)));
}

/** The project row is the lock for its estimates: names, point counts, keys and values serialise on it. */
export async function lockEstimatesOf(db: Executor, projectId: string): Promise<void> {
  await db.execute(sql`select id from projects where id = ${projectId} for update`);
}
