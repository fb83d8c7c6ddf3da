import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgresDatabase, PGLITE_EXTENSIONS, wrapPglite } from '../platform/db/database.ts';
import { migrateDatabase } from '../platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    pgTemplateUrl: string;
  }
}

/** Which database the API suites run on: PGlite unless TEST_DB=postgres (scripts/test.mjs sets it). */
export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates once per run: a PGlite dump every test loads, or a PostgreSQL template every test clones. */
export default async function setup(project: TestProject) {
  if (testDriver() === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `kite_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = openPostgresDatabase(databaseUrl(base, template), 1);
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplateUrl', databaseUrl(base, template));
    project.provide('pgliteDumpPath', '');
    return async () => {
      // Only this run's databases: other runs may be using theirs at the same time.
      const leftovers = await admin.query(
        "select datname from pg_database where datname like $1 escape '!' or datname = $2",
        [`kite!_t!_${process.pid}!_%`, template],
      );
      for (const row of leftovers.rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = wrapPglite(client);
  await migrateDatabase(database);
  await assertNoRows(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dumpPath = path.join(os.tmpdir(), `kite-test-${process.pid}.tar`);
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('pgTemplateUrl', '');
  return () => fs.rmSync(dumpPath, { force: true });
}

/** Tests empty every table between tests (test/pglite-pool.ts): a migration must not seed rows. */
async function assertNoRows(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
  );
  for (const { name } of rows) {
    const { rows: found } = await client.query(`select 1 from ${name} limit 1`);
    if (found.length) throw new Error(`migration left rows in ${name}: the test reset would remove them`);
  }
}
