import type { Db } from '../../platform/db/database.ts';
import { JOB_MAX_ATTEMPTS, jobRetryDelaySeconds } from './github-sync.policy.ts';
import { claimDueJobs, settleJob } from './github-sync.repo.ts';
import type { GithubSyncService } from './github-sync.service.ts';

export interface GithubSyncWorkerOptions {
  /** Jobs claimed per tick. */
  batchSize?: number;
  /** How long a claimed job is left to its node before another may take it (an import can be long). */
  leaseSeconds?: number;
  onError?: (error: unknown) => void;
}

/**
 * Runs the jobs that call GitHub (the one-time import, state pushes) outside any request or
 * transaction: a slow or failing GitHub never blocks the API. A failed job is logged and retried
 * with backoff (30 s doubling), and set aside as failed after 8 attempts.
 */
export function createGithubSyncWorker(
  db: Db,
  service: GithubSyncService,
  options: GithubSyncWorkerOptions = {},
) {
  const { batchSize = 4, leaseSeconds = 15 * 60, onError = () => {} } = options;

  /** Runs what is due; resolves how many jobs it took. */
  async function tick(): Promise<number> {
    const jobs = await claimDueJobs(db, batchSize, leaseSeconds);
    for (const job of jobs) {
      try {
        await service.runJob(job);
        await settleJob(db, job.id, { status: 'done' });
      } catch (error) {
        onError(error);
        const message = String((error as Error)?.message ?? error).slice(0, 1000);
        const exhausted = job.attempts >= JOB_MAX_ATTEMPTS;
        await settleJob(
          db,
          job.id,
          exhausted
            ? { status: 'failed', error: message }
            : { status: 'pending', error: message, retryInSeconds: jobRetryDelaySeconds(job.attempts) },
        );
        await service.markImport(job, exhausted ? 'failed' : 'queued');
      }
    }
    return jobs.length;
  }

  /** Runs every job due now (tests). */
  async function drain(): Promise<number> {
    let total = 0;
    for (let n = await tick(); n > 0; n = await tick()) total += n;
    return total;
  }

  return { tick, drain };
}

export type GithubSyncWorker = ReturnType<typeof createGithubSyncWorker>;
