import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.ts';
import { EXTERNAL_SOURCE } from './context.ts';

/** What the import did to one kind of entity. */
export interface Tally {
  created: number;
  updated: number;
  unchanged: number;
}

export type Outcome = keyof Tally;
export type Tallies = Record<string, Tally>;

export function count(tallies: Tallies, entity: string, outcome: Outcome): void {
  tallies[entity] ??= { created: 0, updated: 0, unchanged: 0 };
  tallies[entity][outcome] += 1;
}

/** A value in a form two reads of the same data agree on (jsonb reorders keys, dates come as Date). */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return JSON.stringify(value.map(comparable));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return JSON.stringify(entries.map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

/** The keys of `wanted` whose value differs from the row's. */
export function changedValues(row: Record<string, unknown>, wanted: Record<string, unknown>) {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (value === undefined) continue;
    if (comparable(row[key]) !== comparable(value)) changed[key] = value;
  }
  return changed;
}

type TableWithId = PgTable & { id: PgColumn };

/**
 * The row `match` finds, updated to `values` where they differ, or a new row of `insert` +
 * `values` (`insert` is read only for a new row): what makes a re-run change nothing and a re-run
 * after a crash finish the job.
 */
export async function upsertRow(
  tx: Executor,
  table: TableWithId,
  match: SQL | undefined,
  values: Record<string, unknown>,
  insert: Record<string, unknown> | (() => Promise<Record<string, unknown>>) = {},
): Promise<{ id: string; outcome: Outcome; row: Record<string, unknown> }> {
  const [existing] = (await tx
    .select()
    .from(table as PgTable)
    .where(match)
    .limit(1)) as Record<string, unknown>[];
  if (!existing) {
    const extra = typeof insert === 'function' ? await insert() : insert;
    const [row] = (await tx
      .insert(table)
      .values({ ...extra, ...values } as never)
      .returning()) as Record<string, unknown>[];
    return { id: String(row!.id), outcome: 'created', row: row! };
  }
  const changed = changedValues(existing, values);
  if (Object.keys(changed).length === 0)
    return { id: String(existing.id), outcome: 'unchanged', row: existing };
  await tx
    .update(table)
    .set(changed as never)
    .where(eq(table.id, existing.id as string));
  return { id: String(existing.id), outcome: 'updated', row: { ...existing, ...changed } };
}

/** A source timestamp as a Date (`undefined` when the source has none, so the column keeps its own). */
export function timestamp(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A nullable source timestamp: absent stays absent, null clears. */
export function nullableTimestamp(value: string | null | undefined): Date | null {
  return timestamp(value) ?? null;
}

/** A source date (`YYYY-MM-DD`, or a timestamp truncated to its UTC date). */
export function dateOnly(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : (timestamp(value)?.toISOString().slice(0, 10) ?? null);
}

/** The live row of a project that an earlier run imported from the source object `sourceId`. */
export function importedInProject(
  table: { project_id: PgColumn; external_source: PgColumn; external_id: PgColumn; deleted_at: PgColumn },
  projectId: string,
  sourceId: string,
): SQL | undefined {
  return and(
    eq(table.project_id, projectId),
    eq(table.external_source, EXTERNAL_SOURCE),
    eq(table.external_id, sourceId),
    isNull(table.deleted_at),
  );
}
