import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import {
  type IssueImportItemRow,
  type IssueImportRow,
  issueImportItems,
  issueImportRefusals,
  issueImports,
  projects,
  users,
} from '../../platform/db/schema.ts';

/**
 * A batch's keys (hundreds) as one JSON parameter, read back as rows `k(key)` to look each up on
 * its own (`cross join lateral … limit 1`): one index probe per key whatever the planner knows of
 * the table. A list compared with `= any(…)` was a filter over the project's every row while the
 * table had no statistics yet — which is the whole of a first large import.
 */
export const keyRows = (values: readonly string[]) =>
  sql`jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as k(key)`;
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

export async function insertImport(
  db: Executor,
  values: typeof issueImports.$inferInsert,
): Promise<IssueImportRow> {
  const rows = await db.insert(issueImports).values(values).returning();
  return rows[0]!;
}

export async function findImport(
  db: Executor,
  workspaceId: string,
  projectId: string,
  importId: string,
): Promise<IssueImportRow | undefined> {
  const rows = await db
    .select()
    .from(issueImports)
    .where(
      and(
        eq(issueImports.workspace_id, workspaceId),
        eq(issueImports.project_id, projectId),
        eq(issueImports.id, importId),
      ),
    )
    .limit(1);
  return rows[0];
}

export function pageImports(
  db: Executor,
  workspaceId: string,
  projectId: string,
  limit: number,
  offset: number,
) {
  const where = and(eq(issueImports.workspace_id, workspaceId), eq(issueImports.project_id, projectId));
  return Promise.all([
    db
      .select()
      .from(issueImports)
      .where(where)
      .orderBy(desc(issueImports.created_at), desc(issueImports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(issueImports).where(where),
  ]);
}

/** Changes an import that has not started (`uploaded`); undefined when it has meanwhile. */
export async function updateUploadedImport(
  db: Executor,
  workspaceId: string,
  importId: string,
  values: Omit<Partial<typeof issueImports.$inferInsert>, 'options'>,
  /** Options to change, merged into the stored ones by the statement (two quick changes both count). */
  options: Record<string, unknown> = {},
): Promise<IssueImportRow | undefined> {
  const rows = await db
    .update(issueImports)
    .set({
      ...values,
      options: sql`${issueImports.options} || ${JSON.stringify(options)}::jsonb`,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(issueImports.workspace_id, workspaceId),
        eq(issueImports.id, importId),
        eq(issueImports.status, 'uploaded'),
      ),
    )
    .returning();
  return rows[0];
}

/** Queues an import that is uploaded, or failed (it goes on after its last committed row). */
export async function queueImport(
  db: Executor,
  workspaceId: string,
  importId: string,
  userId: string,
): Promise<IssueImportRow | undefined> {
  const rows = await db
    .update(issueImports)
    .set({
      status: 'queued',
      attempts: 0,
      error: null,
      finished_at: null,
      updated_by: userId,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(issueImports.workspace_id, workspaceId),
        eq(issueImports.id, importId),
        sql`${issueImports.status} in ('uploaded', 'failed')`,
      ),
    )
    .returning();
  return rows[0];
}

/** An import a worker holds: every write of its progress names `claim_id`. */
export type ClaimedImport = IssueImportRow & { claim_id: string };

/** Claims before an import that keeps dying mid-run is failed. */
export const IMPORT_MAX_ATTEMPTS = 5;
export const IMPORT_GAVE_UP = `The import stopped before finishing ${IMPORT_MAX_ATTEMPTS} times`;

/**
 * Claims the oldest queued import, or a running one whose claim lapsed (its process died), and
 * leases it for `leaseSeconds`; SKIP LOCKED lets several nodes share the queue. A lapsed import
 * that has had its last attempt is failed instead.
 */
export async function claimImport(db: Executor, leaseSeconds: number): Promise<ClaimedImport | undefined> {
  await db.execute(sql`update issue_imports set status = 'failed', error = ${IMPORT_GAVE_UP},
      claim_id = null, claim_expires_at = null, finished_at = now(), updated_at = now()
    where status = 'running' and claim_expires_at <= now() and attempts >= ${IMPORT_MAX_ATTEMPTS}`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update issue_imports set status = 'running', attempts = attempts + 1, claim_id = ${randomUUID()},
        claim_expires_at = now() + make_interval(secs => ${leaseSeconds}),
        started_at = coalesce(started_at, now()), updated_at = now()
      where id = (select id from issue_imports
        where status = 'queued'
          or (status = 'running' and claim_expires_at <= now() and attempts < ${IMPORT_MAX_ATTEMPTS})
        order by created_at
        for update skip locked limit 1)
      returning id`,
  );
  if (!rows[0]) return undefined;
  const found = await db.select().from(issueImports).where(eq(issueImports.id, rows[0].id)).limit(1);
  return found[0] as ClaimedImport | undefined;
}

/** What one committed batch adds to an import's progress. */
export interface ProgressStep {
  phase: 'scan' | 'rows' | 'parents';
  rowsDone?: number;
  parentsDone?: number;
  created?: number;
  updated?: number;
  unchanged?: number;
  refused?: number;
}

/**
 * Writes a step of progress and renews the lease, if the claim is still the caller's: false when
 * another worker has taken the import over (the caller's transaction must then roll back).
 */
export async function recordProgress(
  db: Executor,
  claim: ClaimedImport,
  step: ProgressStep,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update issue_imports set phase = ${step.phase},
        rows_done = ${step.rowsDone === undefined ? sql`rows_done` : step.rowsDone},
        parents_done = ${step.parentsDone === undefined ? sql`parents_done` : step.parentsDone},
        created_count = created_count + ${step.created ?? 0},
        updated_count = updated_count + ${step.updated ?? 0},
        unchanged_count = unchanged_count + ${step.unchanged ?? 0},
        refused_count = refused_count + ${step.refused ?? 0},
        claim_expires_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
      where id = ${claim.id} and status = 'running' and claim_id = ${claim.claim_id}
      returning id`,
  );
  return rows.length > 0;
}

/** Ends a claimed import, if the claim is still the caller's. */
export async function finishImport(
  db: Executor,
  claim: ClaimedImport,
  values: { status: 'completed' | 'failed'; error?: string | null; storage_key?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(issueImports)
    .set({
      ...values,
      phase: null,
      claim_id: null,
      claim_expires_at: null,
      finished_at: new Date(),
      updated_at: new Date(),
      ...(values.status === 'completed' ? { rows_done: claim.total_rows } : {}),
    })
    .where(and(eq(issueImports.id, claim.id), eq(issueImports.claim_id, claim.claim_id)))
    .returning({ id: issueImports.id });
  return rows.length > 0;
}

/**
 * Gives a claimed import back when its worker stops (shutdown): the next worker takes it at once,
 * and the interrupted run is not counted as an attempt.
 */
export async function releaseImport(db: Executor, claim: ClaimedImport): Promise<void> {
  await db
    .update(issueImports)
    .set({
      claim_id: null,
      claim_expires_at: new Date(0),
      attempts: sql`greatest(${issueImports.attempts} - 1, 0)`,
    })
    .where(and(eq(issueImports.id, claim.id), eq(issueImports.claim_id, claim.claim_id)));
}

/** The project and the user an import runs for, as they are now. */
export async function findImportContext(db: Executor, claim: IssueImportRow) {
  const rows = await db
    .select({ project: projects, actor: users })
    .from(projects)
    .innerJoin(users, eq(users.id, sql`${claim.created_by}::uuid`))
    .where(and(eq(projects.id, claim.project_id), sql`${projects.deleted_at} is null`))
    .limit(1);
  return rows[0];
}

// ——— Refusals ———

export async function insertRefusals(
  db: Executor,
  values: { workspace_id: string; import_id: string; run: string; row_number: number; reason: string }[],
): Promise<void> {
  if (values.length === 0) return;
  await db.execute(sql`insert into issue_import_refusals (workspace_id, import_id, run, row_number, reason)
    select workspace_id, import_id, run, row_number, reason
    from jsonb_populate_recordset(null::issue_import_refusals, ${json(values)})`);
}

export async function clearRefusals(db: Executor, importId: string, run: string): Promise<void> {
  await db
    .delete(issueImportRefusals)
    .where(and(eq(issueImportRefusals.import_id, importId), eq(issueImportRefusals.run, run)));
}

export function pageRefusals(db: Executor, importId: string, run: string, limit: number, offset: number) {
  const where = and(eq(issueImportRefusals.import_id, importId), eq(issueImportRefusals.run, run));
  return Promise.all([
    db
      .select({ row: issueImportRefusals.row_number, reason: issueImportRefusals.reason })
      .from(issueImportRefusals)
      .where(where)
      .orderBy(asc(issueImportRefusals.row_number), asc(issueImportRefusals.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(issueImportRefusals).where(where),
  ]);
}

// ——— Which work item each row became ———

export type ItemLink = Pick<IssueImportItemRow, 'key' | 'issue_id' | 'values_hash'>;

/** The links of these keys, with whether their work item is still there. */
export async function findLinks(
  db: Executor,
  projectId: string,
  source: string,
  keys: string[],
): Promise<Map<string, ItemLink & { alive: boolean }>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<ItemLink & { alive: boolean }>(
    db,
    sql`select k.key, l.issue_id, l.values_hash,
          (i.id is not null and i.deleted_at is null and not i.is_intake and not i.is_draft) as alive
        from ${keyRows(keys)}
        cross join lateral (select issue_id, values_hash from issue_import_items
          where project_id = ${projectId} and source = ${source} and key = k.key limit 1) l
        left join issues i on i.id = l.issue_id`,
  );
  return new Map(rows.map((r) => [r.key, r]));
}

/** Writes the links of a batch: new ones, and the ones whose item or values changed. */
export async function upsertLinks(
  db: Executor,
  values: Omit<typeof issueImportItems.$inferInsert, 'id' | 'created_at' | 'updated_at'>[],
): Promise<void> {
  if (values.length === 0) return;
  await db.execute(sql`insert into issue_import_items
      (workspace_id, project_id, source, key, name_key, issue_id, values_hash, parent_ref, import_id, row_number)
    select workspace_id, project_id, source, key, name_key, issue_id, values_hash, parent_ref, import_id, row_number
    from jsonb_populate_recordset(null::issue_import_items, ${json(values)})
    on conflict (project_id, source, key) do update set issue_id = excluded.issue_id, name_key = excluded.name_key,
      values_hash = excluded.values_hash, parent_ref = excluded.parent_ref, import_id = excluded.import_id,
      row_number = excluded.row_number, updated_at = now()`);
}

/**
 * Refreshes the planner's statistics of the links: a first large import grows the table from
 * nothing faster than autovacuum looks at it (and the embedded database has none), and without
 * statistics the planner walked a project's every link for each key it looked up.
 */
export async function analyzeLinks(db: Executor): Promise<void> {
  await db.execute(sql`analyze issue_import_items`);
}

/** The rows of an import that name a parent, in file order after `afterRow`. */
export function pageParentRefs(db: Executor, importId: string, afterRow: number, limit: number) {
  return db
    .select({
      issue_id: issueImportItems.issue_id,
      parent_ref: issueImportItems.parent_ref,
      row_number: issueImportItems.row_number,
    })
    .from(issueImportItems)
    .where(
      and(
        eq(issueImportItems.import_id, importId),
        isNotNull(issueImportItems.parent_ref),
        gt(issueImportItems.row_number, afterRow),
      ),
    )
    .orderBy(asc(issueImportItems.row_number))
    .limit(limit);
}

/**
 * The work items parent cells name, by external id (`id:` keys) of the same source, or by the
 * name of a row imported from the same source (`name_key`; the first such row wins): ref → item id.
 */
export async function findParentTargets(
  db: Executor,
  projectId: string,
  source: string,
  refs: string[],
): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const found = new Map<string, string>();
  const byKey = await queryRows<{ key: string; issue_id: string }>(
    db,
    sql`select k.key, l.issue_id from ${keyRows(refs.map((r) => `id:${r}`))}
        cross join lateral (select issue_id from issue_import_items
          where project_id = ${projectId} and source = ${source} and key = k.key limit 1) l
        join issues i on i.id = l.issue_id and i.deleted_at is null`,
  );
  for (const row of byKey) found.set(row.key.slice(3), row.issue_id);
  const rest = refs.filter((r) => !found.has(r));
  if (rest.length === 0) return found;
  const byName = await queryRows<{ key: string; issue_id: string }>(
    db,
    sql`select k.key, l.issue_id from ${keyRows(rest.map(nameKeyOf))}
        cross join lateral (select l.issue_id from issue_import_items l
          join issues i on i.id = l.issue_id and i.deleted_at is null
          where l.project_id = ${projectId} and l.source = ${source} and l.name_key = k.key
          order by l.created_at, l.row_number limit 1) l`,
  );
  const names = new Map(byName.map((r) => [r.key, r.issue_id]));
  for (const ref of rest) {
    const id = names.get(nameKeyOf(ref));
    if (id) found.set(ref, id);
  }
  return found;
}

/** How a row's name is kept for parents that name it: lower-cased and trimmed, at most 255 characters. */
export const nameKeyOf = (name: string) => name.trim().toLowerCase().slice(0, 255);

/** Whether links exist for these keys (parent cells naming rows of an earlier import). */
export async function existingKeys(db: Executor, projectId: string, source: string, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select k.key from ${keyRows(keys)}
        where exists (select 1 from issue_import_items
          where project_id = ${projectId} and source = ${source} and key = k.key)`,
  );
  return new Set(rows.map((r) => r.key));
}

/** Current parents of these work items (a parent step writes only what differs). */
export async function parentsOf(db: Executor, issueIds: string[]): Promise<Map<string, string | null>> {
  if (issueIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; parent_id: string | null }>(
    db,
    sql`select i.id, i.parent_id from ${keyRows(issueIds)}
        cross join lateral (select id, parent_id from issues where id = k.key::uuid) i`,
  );
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

/** The first `limit` refusals of each import's given run (one statement for a page of imports). */
export async function firstRefusals(
  db: Executor,
  runs: { importId: string; run: string }[],
  limit: number,
): Promise<Map<string, { row: number; reason: string }[]>> {
  const found = new Map<string, { row: number; reason: string }[]>(runs.map((r) => [r.importId, []]));
  if (runs.length === 0) return found;
  const rows = await queryRows<{ import_id: string; row: number; reason: string }>(
    db,
    sql`select import_id, row, reason from (
          select r.import_id, r.row_number as row, r.reason,
            row_number() over (partition by r.import_id order by r.row_number, r.id) as n
          from issue_import_refusals r
          join unnest(${sqlArray(
            runs.map((r) => r.importId),
            'uuid',
          )}, ${sqlArray(
            runs.map((r) => r.run),
            'text',
          )}) as wanted(import_id, run) on wanted.import_id = r.import_id and wanted.run = r.run
        ) ranked where n <= ${limit} order by import_id, n`,
  );
  for (const r of rows) found.get(r.import_id)?.push({ row: r.row, reason: r.reason });
  return found;
}
