import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type ChangeFeed, type ChangeListener, listenPglite, listenPostgres } from './change-feed.ts';
import { noteCommits, noteTransactionCommits } from './commit-watch.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { timed } from './query-timing.ts';
import { outsideReadScope, ReplicaRoutingPool, type ReplicaStats } from './read-replicas.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repos accept either it or the root db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A statement with positional parameters straight to the driver (bulk loads pass whole arrays). */
  raw<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  ping(): Promise<void>;
  /** Hears the NOTIFY payloads of `channel` from every process (see change-feed.ts). */
  listen(channel: string, listener: ChangeListener): Promise<ChangeFeed>;
  close(): Promise<void>;
  /** With read replicas (`readUrl`): where the reads of read scopes went. */
  replicaStats?: ReplicaStats;
}

export interface OpenOptions {
  /** Count query time towards the current request (Server-Timing). */
  timeQueries?: boolean;
  /** PostgreSQL only: where the replicas answer (`DATABASE_READ_URL`); see read-replicas.ts. */
  readUrl?: string;
  /**
   * PostgreSQL only: a statement without an answer after this long fails (and the request answers
   * 503), so a leader that vanished without closing its connections (a dead host, a cut network)
   * never holds a request for ever. Tools that copy a whole database leave it unset.
   */
  queryTimeoutMs?: number;
}

/**
 * The planner's price of a page read out of order (the default, 4, prices a spinning disk). Pages
 * here come from memory or an SSD: at 4 the planner filtered a 50,000-item project's names one by
 * one (ILIKE, ~35 ms) instead of going through the trigram index (~4 ms).
 */
const RANDOM_PAGE_COST = '1.1';

/**
 * PostgreSQL's own 128 MB of shared buffers live inside PGlite's WebAssembly memory and made an idle
 * server take ~375 MB; pages it does not hold come from the OS page cache instead.
 */
const EMBEDDED_SETTINGS = [
  "shared_buffers = '16MB'",
  "work_mem = '2MB'",
  `random_page_cost = ${RANDOM_PAGE_COST}`,
];

/** Extensions the migrations create (pg_trgm: the search index); PGlite loads them from its package. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The embedded database: PGlite files under `<dataDir>/pgdata`, guarded by a lock file. */
export async function openEmbeddedDatabase(dataDir: string, options: OpenOptions = {}): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      postgresqlconf: EMBEDDED_SETTINGS,
      extensions: PGLITE_EXTENSIONS,
    });
    return wrapPglite(client, { ...options, onClose: releaseLock });
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export function wrapPglite(client: PGlite, options: OpenOptions & { onClose?: () => void } = {}): Database {
  if (options.timeQueries) timePglite(client);
  noteTransactionCommits(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, listener) => listenPglite(client, channel, listener),
    close: async () => {
      await client.close();
      options.onClose?.();
    },
  };
}

/** Times the queries drizzle sends, inside and outside transactions. */
function timePglite(client: PGlite): void {
  client.query = timed(client.query.bind(client)) as PGlite['query'];
  client.exec = timed(client.exec.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      tx.query = timed(tx.query.bind(tx)) as typeof tx.query;
      tx.exec = timed(tx.exec.bind(tx));
      return callback(tx);
    })) as PGlite['transaction'];
}

/**
 * Times promise-style queries: drizzle calls `pool.query` outside transactions and the checked-out
 * client's `query` inside them; pg's pool itself calls the client with a callback, which stays untimed
 * so nothing counts twice.
 */
function timePool(pool: pg.Pool): void {
  const promiseStyle = <T extends { query: unknown }>(target: T) => {
    const query = (target.query as (...args: unknown[]) => unknown).bind(target);
    const promised = timed(query as (...args: unknown[]) => Promise<unknown>);
    target.query = ((...args: unknown[]) =>
      typeof args[args.length - 1] === 'function' ? query(...args) : promised(...args)) as T['query'];
  };
  promiseStyle(pool);
  pool.on('connect', (client) => promiseStyle(client));
}

export function openPostgresDatabase(url: string, max = 10, options: OpenOptions = {}): Database {
  const config: pg.PoolConfig = {
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    // A dead peer is noticed by TCP keepalives on idle connections, not only by a query's timeout.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.queryTimeoutMs && { query_timeout: options.queryTimeoutMs }),
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  };
  const pool = options.readUrl
    ? new ReplicaRoutingPool(config, quietPool({ ...config, connectionString: options.readUrl }))
    : new pg.Pool(config);
  if (options.timeQueries) timePool(pool);
  // Transactions check their client out of the leader's pool (the replicas' serves plain reads).
  pool.on('connect', (client) => noteCommits(client));
  quiet(pool);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // Raw statements (bulk loads, NOTIFY) always go to the leader.
    raw: async <T>(text: string, params: unknown[] = []) =>
      (await outsideReadScope(() => pool.query(text, params))).rows as T[],
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: () => pool.end(),
    ...(pool instanceof ReplicaRoutingPool ? { replicaStats: pool.stats } : {}),
  };
}

/** A pool whose dropped connections do not crash the process. */
function quiet<P extends pg.Pool>(pool: P): P {
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  // Nor one dropped while checked out between two statements (a worker's open transaction): its
  // next statement fails, the transaction rolls back and the pool discards the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

const quietPool = (config: pg.PoolConfig) => quiet(new pg.Pool(config));

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What queryRowsPrepared reaches past drizzle's public API for (present on a database and a transaction alike). */
interface SessionOf {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): {
      execute(): Promise<{ rows: unknown[] }>;
    };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * queryRows as a named prepared statement, for hot statements whose text is built per call (the
 * fields an update sets, say). On PostgreSQL an unnamed statement is parsed and planned on every
 * run: for the work-item update (CTE with activities and outbox) and the notification candidates
 * that was ~0.4 ms of the server's CPU each, more than running them. Named after its text, each
 * shape is parsed once per connection and, after PostgreSQL's five trial runs, planned once.
 * `name` says what it is in pg_prepared_statements. PGlite runs it as before.
 */
export async function queryRowsPrepared<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as SessionOf;
  const built = dialect.sqlToQuery(query);
  const shape = createHash('sha1').update(built.sql).digest('base64url').slice(0, 20);
  const result = await session.prepareQuery(built, undefined, `${name}_${shape}`, false).execute();
  return result.rows as T[];
}

/** A Postgres array literal of parameters (drizzle expands a bare JS array into a row, not an array). */
export function sqlArray(values: readonly (string | null)[], type: 'text' | 'uuid'): SQL {
  if (values.length === 0) return sql.raw(`'{}'::${type}[]`);
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}
