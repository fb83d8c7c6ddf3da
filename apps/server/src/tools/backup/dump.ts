import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';

const BATCH = 1000;

/** Rows of an `execute`: node-postgres and PGlite both answer `{ rows }`. */
export async function query<T>(executor: { execute: Database['db']['execute'] }, text: string): Promise<T[]> {
  return ((await executor.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** The application's tables (schema public), in a stable order. */
export async function tableNames(executor: { execute: Database['db']['execute'] }): Promise<string[]> {
  const rows = await query<{ name: string }>(
    executor,
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  return rows.map((r) => r.name);
}

/** How many migrations drizzle has applied to this database (0 for a database never migrated). */
export async function migrationLevel(database: Database): Promise<number> {
  const exists = await database.raw<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  );
  if (!exists[0]?.found) return 0;
  return Number(
    (await database.raw<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n,
  );
}

/**
 * Every table's rows as one consistent snapshot: a repeatable-read, read-only transaction, so
 * writers on PostgreSQL may carry on while the backup runs. Rows stay JSON text.
 */
export async function dumpTables(database: Database): Promise<Map<string, string[][]>> {
  return database.db.transaction(
    async (tx) => {
      const tables = new Map<string, string[][]>();
      for (const table of await tableNames(tx)) {
        const rows = (
          await query<{ j: string }>(tx, `select row_to_json(t)::text as j from "${table}" t`)
        ).map((r) => r.j);
        const batches: string[][] = [];
        for (let i = 0; i < rows.length; i += BATCH) batches.push(rows.slice(i, i + BATCH));
        tables.set(table, batches);
      }
      return tables;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
