import { and, asc, eq, inArray, isNull, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { type LabelRow, labels } from '../../platform/db/schema.ts';

const live = (projectId: string | Placeholder) =>
  and(eq(labels.project_id, projectId), isNull(labels.deleted_at));

/** Live labels of a project by sort_order (creation time breaks ties). */
export function listProjectLabels(db: Executor, projectId: string): Promise<LabelRow[]> {
  // Prepared by name: every list request reads it.
  return prepared(db, 'list_project_labels', (db) =>
    db
      .select()
      .from(labels)
      .where(live(sql.placeholder('projectId')))
      .orderBy(asc(labels.sort_order), asc(labels.created_at))
      .prepare('list_project_labels'),
  ).execute({ projectId });
}

export function listLabelsOfProjects(db: Executor, projectIds: string[]): Promise<LabelRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(labels)
    .where(and(inArray(labels.project_id, projectIds), isNull(labels.deleted_at)))
    .orderBy(asc(labels.project_id), asc(labels.sort_order), asc(labels.created_at));
}

export async function findLabel(
  db: Executor,
  projectId: string,
  labelId: string,
): Promise<LabelRow | undefined> {
  const rows = await db
    .select()
    .from(labels)
    .where(and(live(projectId), eq(labels.id, labelId)))
    .limit(1);
  return rows[0];
}

/** Case-insensitive, like the unique index `labels_name_live_key`. */
export async function findLabelByName(
  db: Executor,
  projectId: string,
  name: string,
  exceptId?: string,
): Promise<LabelRow | undefined> {
  const rows = await db
    .select()
    .from(labels)
    .where(
      and(
        live(projectId),
        eq(sql`lower(${labels.name})`, name.toLowerCase()),
        exceptId ? ne(labels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function maxLabelSortOrder(db: Executor, projectId: string): Promise<number | null> {
  const rows = await db
    .select({ max: sql<number | null>`max(${labels.sort_order})` })
    .from(labels)
    .where(live(projectId));
  const max = rows[0]?.max;
  return max === null || max === undefined ? null : Number(max);
}

export async function insertLabel(db: Executor, values: typeof labels.$inferInsert): Promise<LabelRow> {
  const rows = await db.insert(labels).values(values).returning();
  return rows[0]!;
}

export async function updateLabelRow(
  db: Executor,
  projectId: string,
  labelId: string,
  values: Partial<LabelRow>,
): Promise<LabelRow> {
  const rows = await db
    .update(labels)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(labels.project_id, projectId), eq(labels.id, labelId)))
    .returning();
  return rows[0]!;
}

/** The children of a deleted label move to the top level. */
export async function detachChildren(db: Executor, projectId: string, labelId: string): Promise<void> {
  await db
    .update(labels)
    .set({ parent_id: null, updated_at: new Date() })
    .where(and(live(projectId), eq(labels.parent_id, labelId)));
}

export async function softDeleteLabel(db: Executor, projectId: string, labelId: string): Promise<void> {
  await db
    .update(labels)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(and(eq(labels.project_id, projectId), eq(labels.id, labelId)));
}

/** The project row is the lock for its labels: creation (sort order, name) and re-parenting serialise on it. */
export async function lockLabelsOf(db: Executor, projectId: string): Promise<void> {
  await db.execute(sql`select id from projects where id = ${projectId} for update`);
}
