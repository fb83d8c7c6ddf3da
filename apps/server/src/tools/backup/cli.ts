import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from '../../platform/db/database.ts';

/** The database and uploads folder the server itself would use, with command-line overrides. */
export async function openTarget(args: string[], extra: Record<string, { type: 'string' | 'boolean' }>) {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, ...extra },
  });
  const config = loadConfig({
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: String(values['data-dir']) } : {}),
    ...(values['database-url'] ? { DATABASE_URL: String(values['database-url']) } : {}),
  });
  const database: Database = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, 2)
    : await openEmbeddedDatabase(config.dataDir);
  return {
    database,
    uploads: path.join(config.dataDir, 'uploads'),
    values: values as Record<string, unknown>,
  };
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
