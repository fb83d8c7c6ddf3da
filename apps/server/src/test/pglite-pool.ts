import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, type OpenOptions, PGLITE_EXTENSIONS, wrapPglite } from '../platform/db/database.ts';

/**
 * PGlite for the API suites: one instance per test process, loaded once from the migrated dump and
 * emptied before each test that asks for a database (every table truncated, sequences restarted,
 * the session discarded), so each test still starts from a fresh migrated database. Loading the
 * 44 MB dump into a new instance took 0.6–0.9 s of CPU per test; the reset takes a few ms.
 *
 * A test gets the instance through a lease: once it closes its database, the lease refuses every
 * further call (a stray job of a closed app cannot write into the next test's data). A database
 * that is never closed keeps its instance, and the next test loads a new one.
 */

let dump: Blob | undefined;
let idle: PGlite | undefined;
let resetSql: string | undefined;
/** The migrated schema's tables, as loaded from the dump: a test that adds one gets a new instance. */
let schemaTables: string | undefined;

export async function leasePglite(options: OpenOptions): Promise<Database> {
  const client = (await resetIdle()) ?? (await loadFromDump());
  let released = false;
  // The lease's own properties: query timing replaces `query`/`exec`/`transaction` on the client
  // it is given, and must not stack up on the shared instance test after test.
  const own = new Map<PropertyKey, unknown>();
  const leased = new Proxy(client, {
    get(target, prop) {
      if (released) throw new Error('this test database is closed');
      if (own.has(prop)) return own.get(prop);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_target, prop, value) {
      own.set(prop, value);
      return true;
    },
  });
  const database = wrapPglite(leased, options);
  const feeds = new Set<{ close(): Promise<void> }>();
  return {
    ...database,
    listen: async (channel, listener) => {
      const feed = await database.listen(channel, listener);
      feeds.add(feed);
      return {
        caughtUp: () => feed.caughtUp(),
        close: async () => {
          feeds.delete(feed);
          await feed.close();
        },
      };
    },
    close: async () => {
      if (released) return;
      for (const feed of [...feeds]) await feed.close();
      released = true;
      // Two databases open at once (a backup's source and target): one instance is kept.
      if (idle) await client.close();
      else idle = client;
    },
  };
}

async function resetIdle(): Promise<PGlite | undefined> {
  const client = idle;
  idle = undefined;
  if (!client) return undefined;
  try {
    // DISCARD ALL: prepared statements, LISTENs, settings and temporary tables of the last test.
    await client.exec('DISCARD ALL');
    if ((await publicTables(client)) !== schemaTables) throw new Error('a test changed the schema');
    resetSql ??= await buildResetSql(client);
    await client.exec(resetSql);
    return client;
  } catch {
    // Left in a state the reset cannot mend (an open transaction, a closed instance, a table of its
    // own that would reach the next test's backups and table lists): a new one.
    await client.close().catch(() => undefined);
    return undefined;
  }
}

async function loadFromDump(): Promise<PGlite> {
  dump ??= new Blob([fs.readFileSync(inject('pgliteDumpPath'))]);
  const client = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  schemaTables ??= await publicTables(client);
  return client;
}

async function publicTables(client: PGlite): Promise<string> {
  const result = await client.query<{ names: string }>(
    "select string_agg(tablename, ',' order by tablename) as names from pg_tables where schemaname = 'public'",
  );
  return result.rows[0]!.names;
}

/** Empties every table of the app's schema (the migrations' own bookkeeping stays) in one statement. */
async function buildResetSql(client: PGlite): Promise<string> {
  const tables = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
  );
  const sequences = await client.query<{ name: string }>(
    "select format('%I.%I', sequence_schema, sequence_name) as name from information_schema.sequences where sequence_schema = 'public'",
  );
  const names = tables.rows.map((row) => row.name).join(', ');
  const restarts = sequences.rows.map((row) => `alter sequence ${row.name} restart;`).join(' ');
  return `truncate table ${names} restart identity cascade; ${restarts}`;
}
