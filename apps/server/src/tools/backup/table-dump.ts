import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../platform/db/database.ts';
import { tableFile } from './archive.ts';
import { appliedMigrations, type KnownMigration, type Migration } from './migrations.ts';

const BATCH = 1000;

/** Kite's tables (schema public), in a stable order. */
export async function tableNames(tx: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * Writes every table to its file in `dir` from one snapshot: a repeatable-read, read-only
 * transaction, so a PostgreSQL server may keep writing meanwhile. Rows stay PostgreSQL's own
 * `row_to_json` text, never parsed here, so no value is rounded on the way; timestamps are printed
 * in UTC and floats with every digit, whatever the server's settings.
 */
export async function dumpTables(
  database: Database,
  dir: string,
  known: KnownMigration[],
): Promise<{ migrations: Migration[]; tables: Record<string, number> }> {
  return database.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      await tx.execute(sql`set local extra_float_digits = 3`);
      const migrations = await appliedMigrations(tx, known);
      if (migrations.length === 0) throw new Error('The database holds no Kite data: nothing to back up.');
      const tables: Record<string, number> = {};
      for (const table of await tableNames(tx))
        tables[table] = await dumpTable(tx, table, tableFile(dir, table));
      return { migrations, tables };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One table through a cursor, `BATCH` rows at a time, one row per line; returns the row count. */
async function dumpTable(tx: Executor, table: string, file: string): Promise<number> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const out = await fs.open(file, 'w');
  let count = 0;
  try {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const rows = await queryRows<{ row: string }>(tx, sql.raw(`fetch ${BATCH} from backup_rows`));
      if (rows.length === 0) break;
      // A row is one line: JSON escapes line breaks in strings, and the schema has jsonb only
      // (a json column would keep its own, and must not pass silently).
      if (rows.some((r) => r.row.includes('\n'))) throw new Error(`${table}: a row spans several lines`);
      await out.write(rows.map((r) => `${r.row}\n`).join(''));
      count += rows.length;
    }
    await tx.execute(sql`close backup_rows`);
  } finally {
    await out.close();
  }
  return count;
}
