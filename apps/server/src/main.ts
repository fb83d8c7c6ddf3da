import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from './platform/db/database.ts';
import { migrateDatabase } from './platform/db/migrate.ts';
import { pruneFinishedRows } from './platform/jobs/housekeeping.ts';
import { createScheduler, whileWork } from './platform/jobs/scheduler.ts';
import { repairStoredRichText } from './platform/security/stored-html-repair.ts';
import { createFileStorage } from './platform/storage/file-storage.ts';
import { createServices } from './services.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * After SIGTERM the server keeps reading open connections this long (answering with
 * `Connection: close`, `/api/ready/` already 503) before it closes the idle ones: a request a
 * client has just sent on a kept-alive connection would otherwise meet a reset.
 */
const DRAIN_DELAY_MS = 1000;
/**
 * How long a shutdown waits for running jobs (an export, an outbox batch, webhook requests) to
 * finish; one that takes longer is cut off (its claim or transaction lapses), so SIGTERM still
 * ends within the grace period.
 */
const JOBS_STOP_TIMEOUT_MS = 5000;
const AUTOMATIONS_EVERY_MS = 60 * 60 * 1000;
/** Snoozed intake items come back to pending within a minute of their snooze ending. */
const SNOOZE_CHECK_EVERY_MS = 60 * 1000;
const VACUUM_EVERY_MS = 15 * 60 * 1000;
/** Notifications appear within a second of the change that makes them. */
const OUTBOX_EVERY_MS = 1000;
const DIGEST_EVERY_MS = 5 * 60 * 1000;
/** Webhook deliveries go out within a second of being queued. */
const WEBHOOKS_EVERY_MS = 1000;
/** A state change reaches GitHub within a couple of seconds (outbox, then this worker). */
const GITHUB_SYNC_EVERY_MS = 1000;

function defaultWebDist(): string {
  // Same relative place from src/ (tsx) and dist/ (bundle): apps/server/<x>/ → apps/web/dist.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

async function main() {
  const config = loadConfig();
  let database: Database;
  try {
    const options = {
      timeQueries: config.serverTiming,
      readUrl: config.databaseReadUrl,
      queryTimeoutMs: config.databaseQueryTimeoutMs,
    };
    database = config.databaseUrl
      ? openPostgresDatabase(config.databaseUrl, 10, options)
      : await openEmbeddedDatabase(config.dataDir, options);
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(
    config.databaseUrl
      ? `Database: PostgreSQL (DATABASE_URL${config.databaseReadUrl ? ', reads of GET requests on DATABASE_READ_URL' : ''})`
      : `Database: embedded PGlite in ${config.dataDir}`,
  );
  await migrateDatabase(database);
  const repaired = await repairStoredRichText(database);
  if (repaired > 0) console.log(`Sanitised ${repaired} rich-text value(s) stored by an earlier version`);

  const storage = await createFileStorage(config);
  console.log(
    config.s3 ? `Files: S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}` : 'Files: uploads folder',
  );
  const services = createServices(database, config, { storage });
  await services.instance.ensureInstance();
  const app = await buildApp(services, {
    logger: { level: config.logLevel },
    webDist: config.webDist ?? defaultWebDist(),
  });

  const jobs = createScheduler((name, error) => app.log.error({ err: error }, `${name} failed`));

  // Hourly is enough for rules counted in months; the lock keeps several app nodes from overlapping.
  jobs.every('project automations', AUTOMATIONS_EVERY_MS, () => services.automations.run());

  // Deletes handled events and old webhook history; deletes are idempotent, so nodes may overlap.
  jobs.every('housekeeping', AUTOMATIONS_EVERY_MS, () => pruneFinishedRows(services.db));

  // Drains queued exports; several nodes share the queue through SKIP LOCKED.
  jobs.every('export worker', 2000, (signal) => whileWork(signal, () => services.exports.processNext()), {
    firstDelayMs: 2000,
  });

  // Runs queued CSV imports batch by batch; a stop hands the import back after its last committed
  // batch, and the next run (here after a restart, or on another node) goes on from there.
  jobs.every(
    'import worker',
    2000,
    (signal) => whileWork(signal, () => services.imports.processNext(signal)),
    {
      firstDelayMs: 2000,
    },
  );

  // One statement per round; nodes running it side by side wake each item once (the row lock decides).
  jobs.every('waking snoozed intake items', SNOOZE_CHECK_EVERY_MS, () => services.intake.wakeSnoozed(), {
    firstDelayMs: SNOOZE_CHECK_EVERY_MS,
  });

  // Turns committed events into notifications (and later webhooks); several nodes share it through SKIP LOCKED.
  jobs.every(
    'outbox worker',
    OUTBOX_EVERY_MS,
    (signal) => whileWork(signal, () => services.outboxWorker.processBatch()),
    { firstDelayMs: OUTBOX_EVERY_MS },
  );

  // Sends queued webhook deliveries; a tick only starts requests, so a hanging receiver holds one slot.
  jobs.every('webhook delivery worker', WEBHOOKS_EVERY_MS, () => services.webhookDeliveries.tick(), {
    firstDelayMs: WEBHOOKS_EVERY_MS,
    idle: () => services.webhookDeliveries.idle(),
  });

  // GitHub sync jobs (the one-time import, state pushes); several nodes share them through SKIP LOCKED.
  jobs.every(
    'GitHub sync worker',
    GITHUB_SYNC_EVERY_MS,
    (signal) => whileWork(signal, () => services.githubSyncWorker.tick()),
    { firstDelayMs: GITHUB_SYNC_EVERY_MS },
  );

  // Mails each user one digest of what they have not read yet.
  jobs.every('notification digest', DIGEST_EVERY_MS, () => services.notificationDigest.run());

  // Keeps the board counters' delta rows few, so reading them stays a handful of rows.
  jobs.every('counter compaction', 5000, () => services.issues.compactCounters(), { firstDelayMs: 5000 });

  // PGlite has no autovacuum: without it index-only scans fall back to the heap and plans go stale.
  if (database.kind === 'pglite')
    jobs.every('vacuum', VACUUM_EVERY_MS, () => database.raw('vacuum (analyze)'), { firstDelayMs: 60_000 });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.lifecycle.shuttingDown = true;
    // No job run starts from now on; the running ones finish while the connections drain.
    const jobsStopped = jobs.stop(JOBS_STOP_TIMEOUT_MS);
    console.log(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS));
      // Before the app closes: its close hooks send on what the jobs did (list changes), and the
      // database must outlive the jobs' last statements.
      const stillRunning = await jobsStopped;
      if (stillRunning.length > 0)
        app.log.warn(
          { jobs: stillRunning },
          `jobs still running ${JOBS_STOP_TIMEOUT_MS} ms after ${signal}: closing the database under them (their claims lapse and are taken again)`,
        );
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Kite is running at ${config.appBaseUrl ?? `http://localhost:${port}`}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
