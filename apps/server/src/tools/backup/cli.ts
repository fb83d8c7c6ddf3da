import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../../config.ts';
import { DataDirInUse } from '../../platform/db/data-dir-lock.ts';
import { openEmbeddedDatabase, openPostgresDatabase } from '../../platform/db/database.ts';
import { createFileStorage, uploadsFolder } from '../../platform/storage/file-storage.ts';
import type { FileSource } from './files.ts';

type Options = Record<string, { type: 'string' | 'boolean' }>;

/** The command's options, and the configuration the server itself would use with the overrides. */
export function parseCommand(args: string[], options: Options) {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, ...options },
  });
  const config = loadConfig({
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: String(values['data-dir']) } : {}),
    ...(values['database-url'] ? { DATABASE_URL: String(values['database-url']) } : {}),
  });
  return { config, values: values as Record<string, unknown> };
}

/**
 * The server's database and its files: the uploads folder, or the S3 store when `S3_BUCKET` is
 * set. The embedded database opens only while no server runs on it: PGlite has a single writer,
 * so nothing could read it beside the server.
 */
export async function openTarget(config: Config, { mustExist = false } = {}) {
  const uploads: FileSource = config.s3 ? await createFileStorage(config) : uploadsFolder(config);
  if (config.databaseUrl) return { database: openPostgresDatabase(config.databaseUrl, 1), uploads };
  if (mustExist && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new Error(`No embedded database in ${config.dataDir} (set DATA_DIR or pass --data-dir)`);
  }
  try {
    return { database: await openEmbeddedDatabase(config.dataDir), uploads };
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new Error(
      `A Kite server (pid ${error.pid}) is running on ${config.dataDir}. Stop it first: the embedded ` +
        'database is backed up and restored only while no server uses it.',
    );
  }
}

/** Runs a command's body; a refusal or failure is one line on stderr and exit code 1. */
export async function run(body: () => Promise<string>) {
  try {
    console.log(await body());
    process.exit(0);
  } catch (error) {
    console.error(`✗ ${(error as Error).message}`);
    process.exit(1);
  }
}
