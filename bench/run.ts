/**
 * `npm run bench` — quality.md §1 on this machine: seeds S (2,000) and L (50,000) on PGlite and,
 * when BENCH_DATABASE_URL / TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL; runs the
 * API scenarios against the production build; prints and saves a table of budget vs measured.
 *
 *   --sizes S,L        datasets (default both)
 *   --dbs pglite,postgres
 *   --seconds 10       measured seconds per run (warm-up: a third of it)
 *   --seed 1
 *   --only A1,A8       run only these scenarios (A10, the page editor, with --only A10; A11, the
 *                      first pages right after a change, all five with --only A11 or one with
 *                      e.g. --only A11-kanban)
 *   --ui               also the browser suite on the largest dataset (Chromium at /usr/bin/chromium)
 *   --no-api           skip the API suite (with --ui: the browser suite alone)
 *   --smoke            S on PGlite, 2 s runs: a check that the harness works (used by CI)
 *   --cluster          also the cluster row (bench/cluster.ts, ~3 min): `npm run cluster`'s three
 *                      Patroni PostgreSQL nodes seeded with S (2,000), one app node reading on the
 *                      replicas; issue-detail reads/s with 2, 1 and 0 replicas and state-change
 *                      latency with synchronous replication on and off, reported as ratios
 *                      (no budget). `--only CLUSTER` runs the cluster row alone (and the baseline).
 *   --dataset DIR|URL  the browser suite runs on a dataset seeded beforehand instead of seeding its
 *                      own (~20 s for L): a PGlite data dir or a PostgreSQL URL, e.g.
 *                        npm run seed -- --issues 50000 --data-dir /tmp/kite-l
 *                        npm run bench -- --ui --no-api --dataset /tmp/kite-l
 *                      The dataset is kept, with the suite's writes (priority changes) in it.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runApiSuite, type ScenarioRun, type Session, signIn } from './api.ts';
import { evaluate } from './budgets.ts';
import { type ClusterRun, runClusterBench } from './cluster.ts';
import { keystrokeRun, runKeystrokes } from './collab.ts';
import { type DatabaseKind, existingDatabase, type PreparedDatabase, prepareDatabase } from './datasets.ts';
import { runLoad } from './load.ts';
import { type DatasetRun, gitSha, machineInfo, type Report, saveReport, toMarkdown } from './report.ts';
import { ROOT, startAppServer, startHelloServer } from './servers.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'S,L' },
    dbs: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string', default: '' },
    ui: { type: 'boolean', default: false },
    'no-api': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    dataset: { type: 'string' },
  },
});

const SIZES = { S: 2000, L: 50_000 } as const;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const smoke = values.smoke;
const sizes = (smoke ? ['S'] : values.sizes!.split(',')) as (keyof typeof SIZES)[];
const dbs = (
  smoke ? ['pglite'] : (values.dbs?.split(',') ?? (adminUrl ? ['pglite', 'postgres'] : ['pglite']))
) as DatabaseKind[];
const seconds = smoke ? 2 : Number(values.seconds);
const warmupSeconds = smoke ? 1 : Math.max(1, Math.round(seconds / 3));
const seed = Number(values.seed);
const connections = { board: 10, detail: 50, writes: 10, mixed: 32 };
/** A11: timed reads per page (each after a write, then as many without), capped in time. */
const afterChange = smoke
  ? { reads: 20, warmup: 5, maxSeconds: 2 }
  : { reads: 200, warmup: 20, maxSeconds: Math.max(2, seconds / 2) };
const only = new Set(values.only!.split(',').filter(Boolean));
const clusterRow = values.cluster || only.has('CLUSTER');
/** `--only CLUSTER`: the cluster row without the datasets. */
const clusterAlone = only.size === 1 && only.has('CLUSTER');

const log = (line: string) => console.log(line);
const started = performance.now();
const startedAt = new Date().toISOString();

function ensureBuilt(): void {
  const server = path.join(ROOT, 'apps/server/dist/main.js');
  const web = path.join(ROOT, 'apps/web/dist/index.html');
  if (!fs.existsSync(server) || (values.ui && !fs.existsSync(web))) {
    log('Building the production bundle (npm run build)…');
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }
}

async function measureBaseline(): Promise<ScenarioRun> {
  const hello = await startHelloServer();
  try {
    const result = await runLoad(
      { path: '/hello' },
      { baseUrl: hello.baseUrl, headers: {}, connections: 10, seconds, warmupSeconds },
    );
    log(
      `baseline   c=10  p50 ${result.p50} ms  p95 ${result.p95} ms  ${result.rps} req/s  bare Fastify route`,
    );
    return { id: 'base', label: 'Fastify hello-world (hardware baseline)', result };
  } finally {
    await hello.stop();
  }
}

/**
 * quality.md A10: keystroke to a remote editor, both editors on this node; on PostgreSQL also with
 * the second editor on a second app node of the same database.
 */
async function measureKeystrokes(
  prepared: PreparedDatabase,
  baseUrl: string,
  session: Session,
): Promise<ScenarioRun[]> {
  const keystrokes = smoke ? 20 : 100;
  const runs: ScenarioRun[] = [];
  const measure = async (readerUrl: string, where: string) => {
    const started = performance.now();
    const result = await runKeystrokes(baseUrl, readerUrl, session, { keystrokes });
    const label = `page editor: keystroke to a remote editor, ${where}`;
    runs.push(keystrokeRun(label, result, (performance.now() - started) / 1000));
    log(
      `${'A10'.padEnd(10)} k=${keystrokes}  p50 ${result.p50} ms  p95 ${result.p95} ms  missed ${result.missed}  ${label}`,
    );
  };
  await measure(baseUrl, 'one node');
  if (prepared.databaseUrl) {
    const second = await startAppServer(prepared);
    try {
      await measure(second.baseUrl, 'two nodes on one PostgreSQL');
    } finally {
      await second.stop();
    }
  }
  return runs;
}

async function measureDataset(db: DatabaseKind, size: keyof typeof SIZES): Promise<DatasetRun> {
  const issues = SIZES[size];
  log(`\n== ${db} ${size}: seeding ${issues} work items`);
  const prepared = await prepareDatabase(db, issues, seed, adminUrl);
  try {
    const server = await startAppServer(prepared);
    try {
      const session = await signIn(server.baseUrl);
      // Idle memory after start-up and one sign-in, before load (U11).
      await new Promise((r) => setTimeout(r, 1000));
      const idleRssBytes = await server.rss();
      const runs = await runApiSuite(
        server.baseUrl,
        session,
        { seconds, warmupSeconds, connections, only, afterChange },
        log,
      );
      if (only.size === 0 || only.has('A10'))
        runs.push(...(await measureKeystrokes(prepared, server.baseUrl, session)));
      return { database: db, size, issues, seedSeconds: prepared.seedSeconds, idleRssBytes, runs };
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.drop();
  }
}

ensureBuilt();
log(
  `Kite bench: ${clusterAlone ? 'cluster row' : `${dbs.join(' + ')} × ${sizes.join(' + ')}${clusterRow ? ' + cluster row' : ''}`}, ${seconds} s runs (+${warmupSeconds} s warm-up), seed ${seed}`,
);
if (!adminUrl && !smoke && !clusterAlone)
  log('(no BENCH_DATABASE_URL/TEST_DATABASE_URL: PostgreSQL runs skipped)');
const api = !values['no-api'];
const baseline = api ? await measureBaseline() : null;
const datasets: DatasetRun[] = [];
if (api && !clusterAlone)
  for (const db of dbs) for (const size of sizes) datasets.push(await measureDataset(db, size));
const cluster: ClusterRun | null = clusterRow
  ? await runClusterBench(
      { issues: SIZES.S, seed, seconds, warmupSeconds, connections: connections.writes },
      log,
    )
  : null;
let ui: Record<string, unknown> | null = null;
if (values.ui) {
  const { runUiSuite } = await import('./ui.ts');
  const size = sizes.includes('L') ? 'L' : 'S';
  const dataset = values.dataset ? existingDatabase(values.dataset) : undefined;
  const database = dataset?.kind ?? (dbs.includes('postgres') ? 'postgres' : 'pglite');
  ui = await runUiSuite({ seed, issues: SIZES[size], database, adminUrl, dataset, log });
}

const report: Report = {
  startedAt,
  git: gitSha(),
  machine: machineInfo(),
  seed,
  durationSeconds: Math.round((performance.now() - started) / 1000),
  baseline,
  datasets,
  ui,
  cluster,
  checks: [],
};
report.checks = evaluate(report);
const saved = saveReport(report);
console.log(`\n${toMarkdown(report)}`);
console.log(`Saved ${path.relative(ROOT, saved.markdown)} and ${path.relative(ROOT, saved.json)}`);
