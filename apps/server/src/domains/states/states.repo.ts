import { and, asc, eq, inArray, isNull, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { type StateRow, states } from '../../platform/db/schema.ts';

/** Plane's triage state: its own group, never among the project's listed states. */
const TRIAGE_STATE = { name: 'Triage', color: '#4E5355', group: 'triage', sequence: 65000 } as const;

const GROUP_ORDER = sql`array_position(array['backlog','unstarted','started','completed','cancelled']::text[], ${states.group})`;

const live = (projectId: string | Placeholder) =>
  and(eq(states.project_id, projectId), isNull(states.deleted_at), eq(states.is_triage, false));

/** Visible states of a project: by group order, then sequence (the hidden triage state is left out). */
export function listProjectStates(db: Executor, projectId: string): Promise<StateRow[]> {
  // Prepared by name: every list and detail request reads it.
  return prepared(db, 'list_project_states', (db) =>
    db
      .select()
      .from(states)
      .where(live(sql.placeholder('projectId')))
      .orderBy(GROUP_ORDER, asc(states.sequence))
      .prepare('list_project_states'),
  ).execute({ projectId });
}

export function listStatesOfProjects(db: Executor, projectIds: string[]): Promise<StateRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(states)
    .where(
      and(inArray(states.project_id, projectIds), isNull(states.deleted_at), eq(states.is_triage, false)),
    )
    .orderBy(asc(states.project_id), GROUP_ORDER, asc(states.sequence));
}

export async function findState(
  db: Executor,
  projectId: string,
  stateId: string,
): Promise<StateRow | undefined> {
  const rows = await db
    .select()
    .from(states)
    .where(and(live(projectId), eq(states.id, stateId)))
    .limit(1);
  return rows[0];
}

/** A work item's state, the hidden triage state included (an item waiting in intake is in it). */
export async function findStateOfIssue(
  db: Executor,
  projectId: string,
  stateId: string,
): Promise<StateRow | undefined> {
  const rows = await db
    .select()
    .from(states)
    .where(and(eq(states.project_id, projectId), isNull(states.deleted_at), eq(states.id, stateId)))
    .limit(1);
  return rows[0];
}

export async function findStateByName(
  db: Executor,
  projectId: string,
  name: string,
  exceptId?: string,
): Promise<StateRow | undefined> {
  const rows = await db
    .select()
    .from(states)
    .where(
      and(
        eq(states.project_id, projectId),
        isNull(states.deleted_at),
        // The hidden triage state shares no namespace with the ones people name.
        eq(states.is_triage, false),
        eq(states.name, name),
        exceptId ? ne(states.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function maxSequence(db: Executor, projectId: string): Promise<number | null> {
  const rows = await db
    .select({ max: sql<number | null>`max(${states.sequence})` })
    .from(states)
    .where(live(projectId));
  return rows[0]?.max ?? null;
}

export async function insertStates(
  db: Executor,
  values: (typeof states.$inferInsert)[],
): Promise<StateRow[]> {
  return db.insert(states).values(values).returning();
}

export async function updateStateRow(
  db: Executor,
  projectId: string,
  stateId: string,
  values: Partial<StateRow>,
): Promise<StateRow> {
  const rows = await db
    .update(states)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(states.project_id, projectId), eq(states.id, stateId)))
    .returning();
  return rows[0]!;
}

export async function clearDefault(db: Executor, projectId: string): Promise<void> {
  await db
    .update(states)
    .set({ default: false, updated_at: new Date() })
    .where(and(eq(states.project_id, projectId), eq(states.default, true)));
}

export async function softDeleteState(db: Executor, projectId: string, stateId: string): Promise<void> {
  await db
    .update(states)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(and(eq(states.project_id, projectId), eq(states.id, stateId)));
}

/**
 * The project's hidden triage state, where intake items wait: made on first use (a racing maker's
 * insert yields to the one-triage-state index and both read the same row).
 */
export async function ensureTriageState(
  db: Executor,
  project: { id: string; workspace_id: string },
): Promise<StateRow> {
  await db
    .insert(states)
    .values({
      workspace_id: project.workspace_id,
      project_id: project.id,
      name: TRIAGE_STATE.name,
      color: TRIAGE_STATE.color,
      group: TRIAGE_STATE.group,
      sequence: TRIAGE_STATE.sequence,
      is_triage: true,
    })
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(states)
    .where(and(eq(states.project_id, project.id), isNull(states.deleted_at), eq(states.is_triage, true)))
    .limit(1);
  return rows[0]!;
}

/** The project row is the lock for its states: mark-default and creation serialise on it. */
export async function lockStatesOf(db: Executor, projectId: string): Promise<void> {
  await db.execute(sql`select id from projects where id = ${projectId} for update`);
}
