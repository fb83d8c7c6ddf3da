/**
 * `npm run import:plane -- --url <plane base url> --api-key <key> --workspace <slug>
 *   [--into <target slug>] [--owner-email <email>] [--data-dir <dir> | --database-url <url>]`
 *
 * Copies a Plane workspace, through Plane's public API, into this instance's database (the one
 * `npm start` serves: DATABASE_URL, else the embedded database of DATA_DIR). Safe to run again:
 * it updates what changed and never duplicates; after a crash, run it again to finish.
 */
import { migrateDatabase } from '../platform/db/migrate.ts';
import { createFileStorage } from '../platform/storage/file-storage.ts';
import { createServices } from '../services.ts';
import { openTarget, parseCommand, run } from './backup/cli.ts';
import { barProgress, lineProgress } from './import-plane/progress.ts';
import { importPlane } from './import-plane/run-import.ts';
import { createPlaneSource } from './import-plane/source-client.ts';

const USAGE =
  'Usage: npm run import:plane -- --url <plane base url> --api-key <key> --workspace <slug> ' +
  '[--into <target workspace slug>] [--owner-email <email>]';

await run(async () => {
  const { config, values } = parseCommand(process.argv.slice(2), {
    url: { type: 'string' },
    'api-key': { type: 'string' },
    workspace: { type: 'string' },
    into: { type: 'string' },
    'owner-email': { type: 'string' },
  });
  const url = values.url as string | undefined;
  const apiKey = (values['api-key'] as string | undefined) ?? process.env.PLANE_API_KEY;
  const workspace = values.workspace as string | undefined;
  if (!url || !apiKey || !workspace)
    throw new Error(`--url, --api-key and --workspace are required. ${USAGE}`);
  if (!/^https?:\/\/[^/]+/.test(url)) throw new Error(`--url must be an http(s) address, got '${url}'`);

  const progress = process.stderr.isTTY ? barProgress() : lineProgress();
  const source = createPlaneSource({
    baseUrl: url,
    apiKey,
    onRateLimited: (seconds) => progress.note(`rate limited by the source: waiting ${seconds} s`),
  });
  const { database } = await openTarget(config);
  try {
    await migrateDatabase(database);
    const services = createServices(database, config, { storage: await createFileStorage(config) });
    await services.instance.ensureInstance();
    const report = await importPlane({
      source,
      services,
      workspace,
      into: values.into as string | undefined,
      ownerEmail: values['owner-email'] as string | undefined,
      progress,
    });
    const lines = Object.entries(report.tallies).map(
      ([entity, t]) =>
        `  ${entity.padEnd(18)} ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged`,
    );
    const skipped = report.skipped.map((what) => `  skipped: ${what}`);
    return [
      `Imported ${url} workspace '${workspace}' into '${report.workspace}' (${report.requests} requests):`,
      ...lines,
      ...skipped,
    ].join('\n');
  } finally {
    await database.close();
  }
});
