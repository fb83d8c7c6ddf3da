/**
 * `npm run seed -- --issues N [--seed S] [--small-issues M] [--database-url URL | --data-dir DIR]`
 * Fills a database with the deterministic benchmark dataset (quality.md §1). Without a URL it
 * writes the embedded database of DATA_DIR (./data), the one `npm start` serves.
 */
import { parseArgs } from 'node:util';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from '../platform/db/database.ts';
import { migrateDatabase } from '../platform/db/migrate.ts';
import { BENCH_ADMIN, generateDataset } from './seed/dataset.ts';
import { loadDataset } from './seed/load.ts';

const { values } = parseArgs({
  options: {
    issues: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    'small-issues': { type: 'string', default: '100' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

function positiveInt(name: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got '${raw}'`);
    process.exit(2);
  }
  return n;
}

const issues = positiveInt('issues', values.issues);
const seed = positiveInt('seed', values.seed);
const smallProjectIssues = positiveInt('small-issues', values['small-issues']);
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? 'data';

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
let lastProgress = 0;
/** At most one line a second, so a slow terminal does not slow the load. */
const progress = (message: string) => {
  if (performance.now() - lastProgress < 1000) return;
  lastProgress = performance.now();
  process.stderr.write(`  ${message} (${elapsed()})\n`);
};

let database: Database;
try {
  database = databaseUrl ? openPostgresDatabase(databaseUrl) : await openEmbeddedDatabase(dataDir);
} catch (error) {
  console.error(`Cannot open the database: ${(error as Error).message}`);
  process.exit(1);
}
try {
  console.error(
    `Seeding ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}: ${issues} work items, seed ${seed}`,
  );
  await migrateDatabase(database);
  progress('migrated');
  // Midnight UTC of today: dates stay relative to the day the data is used.
  const anchor = new Date(new Date().toISOString().slice(0, 10));
  const dataset = generateDataset({ issues, seed, anchor, smallProjectIssues });
  progress('generated');
  const report = await loadDataset(database, dataset, progress);
  console.error(
    `Done in ${elapsed()}: ${Object.entries(report.rows)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}`,
  );
  console.error(
    `Sign in as ${BENCH_ADMIN.email} / ${BENCH_ADMIN.password}, workspace /${BENCH_ADMIN.workspaceSlug}`,
  );
  console.log(
    JSON.stringify({
      seed,
      issues,
      workspace: BENCH_ADMIN.workspaceSlug,
      project_id: dataset.projects[0]!.id,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      rows: report.rows,
    }),
  );
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
