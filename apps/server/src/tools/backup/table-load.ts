import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { tableFile } from './archive.ts';
import { tableNames } from './table-dump.ts';

const BATCH_ROWS = 1000;
/** Long rows (big descriptions) make smaller batches: one statement's JSON stays around this size. */
const BATCH_CHARS = 8 * 1024 * 1024;

/**
 * Loads every table from its file in `dir` into the (empty, same-level) schema and checks each
 * against the manifest's count; returns the rows loaded. Triggers and foreign-key checks are
 * off for the load (`session_replication_role = replica`, this transaction only): the rows were
 * consistent when taken, and maintained values — the issue counters, sub-issue counts — are
 * restored as they were instead of being counted again by the triggers.
 */
export async function loadTables(
  tx: Executor,
  dir: string,
  expected: Record<string, number>,
): Promise<number> {
  const tables = await tableNames(tx);
  const archived = Object.keys(expected).sort();
  if (tables.join() !== archived.join()) {
    throw new Error(`The archive's tables (${archived.join(', ')}) are not its migration level's`);
  }
  await tx.execute(sql`set local session_replication_role = replica`);
  let total = 0;
  for (const table of tables) {
    const loaded = await loadTable(tx, table, tableFile(dir, table));
    if (loaded !== expected[table]) {
      throw new Error(`${table}: the archive holds ${loaded} rows, its manifest ${expected[table]}`);
    }
    total += loaded;
  }
  await tx.execute(sql`set local session_replication_role = origin`);
  return total;
}

/**
 * One table, in batches: `json_populate_recordset` turns PostgreSQL's JSON text back into the
 * row type by each column's own input function, so arrays, jsonb, timestamps and numbers come
 * back exactly as they were printed.
 */
async function loadTable(tx: Executor, table: string, file: string): Promise<number> {
  const target = sql.identifier(table);
  const insert = (rows: string[]) =>
    tx.execute(
      sql`insert into ${target} select * from json_populate_recordset(null::${target}, ${`[${rows.join(',')}]`}::json)`,
    );
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  let chars = 0;
  let count = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    count += 1;
    if (batch.length === BATCH_ROWS || chars >= BATCH_CHARS) {
      await insert(batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
  return count;
}

/** Every serial or identity column's sequence continues after the largest restored value. */
export async function resetSequences(tx: Executor): Promise<void> {
  const serials = await queryRows<{ sequence: string; table_name: string; column_name: string }>(
    tx,
    sql`select s.sequence, table_name, column_name
          from information_schema.columns,
               lateral (select pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence) s
         where table_schema = 'public' and s.sequence is not null`,
  );
  for (const { sequence, table_name, column_name } of serials) {
    await tx.execute(
      sql`select setval(${sequence}::regclass, coalesce((select max(${sql.identifier(column_name)}) from ${sql.identifier(table_name)}), 0) + 1, false)`,
    );
  }
}
