import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, type OpenOptions, openPostgresDatabase } from '../platform/db/database.ts';
import type { App } from '../platform/http/types.ts';
import { createFileStorage } from '../platform/storage/file-storage.ts';
import { createLocalStorage } from '../platform/storage/local-storage.ts';
import { createServices, type Services } from '../services.ts';
import { databaseUrl } from './global-setup.ts';
import { leasePglite } from './pglite-pool.ts';

export interface TestApp {
  app: App;
  services: Services;
  /** The test's own database, for tests that load data directly (the seed). */
  database: Database;
  baseUrl: string;
  /** Every mail the server sent, as its log line (`MAIL to=… subject="…" code=…`). */
  mails: string[];
  /** The folder stored files go to (empty in S3 mode: `S3_*` in the test's env). */
  uploads: string;
  close(): Promise<void>;
}

/** A fresh, migrated database of its own: an emptied PGlite of the migrated dump, or a clone of the PG template. */
export async function freshDatabase(
  options: OpenOptions,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const templateUrl = inject('pgTemplateUrl');
  if (templateUrl) {
    const template = new URL(templateUrl).pathname.slice(1);
    const runId = template.replace('kite_tpl_', '');
    const name = `kite_t_${runId}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const database = openPostgresDatabase(databaseUrl(templateUrl, name), 5, options);
    return {
      database,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  return { database: await leasePglite(options), drop: async () => {} };
}

/**
 * A second app instance on the same PostgreSQL database as `t` (its own pool, LISTEN connections
 * and uploads folder): another node of a scaled-out deployment. Undefined on PGlite. `env` is its
 * configuration (pass the first node's `S3_*` to share its bucket).
 */
export async function startSecondNode(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<TestApp | undefined> {
  if (t.database.kind !== 'postgres') return undefined;
  const [row] = await t.database.raw<{ name: string }>('select current_database() as name');
  return startTestApp(env, {
    existing: {
      database: openPostgresDatabase(databaseUrl(process.env.TEST_DATABASE_URL!, row!.name), 3),
      drop: async () => {},
      uploads: fs.mkdtempSync(path.join(os.tmpdir(), 'kite-node-b-')),
    },
  });
}

/** The real server on a random loopback port with its own database. */
export async function startTestApp(
  env: Record<string, string> = {},
  appOptions: Pick<BuildAppOptions, 'onRoute' | 'webDist'> & {
    /** Serve this database and uploads folder (closed and removed with the app) instead of fresh ones. */
    existing?: { database: Database; drop: () => Promise<void>; uploads: string };
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    AUTH_IP_RATE_LIMIT: '10000',
    SIGN_IN_IP_FAILURE_LIMIT: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { database, drop } =
    appOptions.existing ?? (await freshDatabase({ timeQueries: config.serverTiming }));
  const mails: string[] = [];
  const uploads = appOptions.existing?.uploads ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kite-uploads-'));
  const services = createServices(database, config, {
    mailLog: (line) => mails.push(line),
    storage: config.s3 ? await createFileStorage(config) : createLocalStorage(uploads),
  });
  await services.instance.ensureInstance();
  // TEST_LOG=1 prints the errors behind 500 answers (the logger is off otherwise).
  const { existing: _existing, ...buildOptions } = appOptions;
  const app = await buildApp(services, {
    ...buildOptions,
    ...(process.env.TEST_LOG ? { logger: { level: 'error' } } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    services,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    mails,
    uploads,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}
