import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { bounded, timedOut } from '../async/bounded.ts';

/**
 * Reads on replicas (`DATABASE_READ_URL`), without a reader ever seeing the past.
 *
 * A request that only reads (GET) runs in a read scope. Its first statement asks the leader how far
 * its write-ahead log has gone (`pg_current_wal_lsn()`, no table touched) and the replica whether it
 * has replayed that far; only then do the scope's plain statements go to the replica. So every
 * write acknowledged before the request arrived — the user's own, through any app node — is in what
 * it reads (GitLab's load balancing keeps a session on the primary until the replicas have replayed
 * its last write; this asks the same question per request, which needs no shared session state
 * across nodes). A replica that is behind, down or refusing is skipped for the request; a statement
 * the replica refuses (a write inside a read, a replica that has gone away) runs again on the
 * leader. Transactions, LISTEN, `raw` statements and the job workers never leave the leader.
 */

interface ReadScope {
  /** Whether this request's statements may go to the replica; asked once, on first use. */
  decision?: Promise<boolean>;
}

const scopes = new AsyncLocalStorage<ReadScope>();

/** How long a replica that failed is left alone before it is tried again. */
const REPLICA_REST_MS = 5000;
/** A replica check that takes longer than this counts as a failure (bound every wait). */
const CHECK_TIMEOUT_MS = 1000;

/** SQLSTATEs after which the statement is run again on the leader: read-only, recovery, connection. */
function leaderShouldRetry(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string') return true; // a socket error: the replica went away
  return code === '25006' || code.startsWith('08') || code.startsWith('57P') || code === '55000';
}

/** A plain read (drizzle writes start with insert, update or delete; locking reads stay on the leader). */
function isPlainRead(text: string): boolean {
  const head = text.trimStart().slice(0, 7).toLowerCase();
  return (
    (head === 'select ' || head.startsWith('with')) && !/\bfor (update|share|no key update)\b/i.test(text)
  );
}

type QueryArgs = Parameters<pg.Pool['query']>;

/** The statement text of a `query` call (a string, or a config object with `text`). */
function textOf(args: unknown[]): string | undefined {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return undefined;
}

export interface ReplicaStats {
  /** Statements the replica answered. */
  replica: number;
  /** Read-scope statements that went to the leader (replica behind, down or refusing). */
  leader: number;
}

/**
 * The leader's pool, with plain reads of a read scope sent to `replica` when it has caught up.
 * A subclass of pg.Pool, so that drizzle still checks a connection out of it for a transaction.
 */
export class ReplicaRoutingPool extends pg.Pool {
  private restUntil = 0;
  readonly stats: ReplicaStats = { replica: 0, leader: 0 };

  constructor(
    config: pg.PoolConfig,
    private readonly replica: pg.Pool,
  ) {
    super(config);
  }

  override query(...args: unknown[]): never {
    const scope = scopes.getStore();
    const text = textOf(args);
    const callback = typeof args[args.length - 1] === 'function';
    const leader = () => (super.query as (...a: unknown[]) => unknown)(...args) as never;
    if (!scope || callback || text === undefined) return leader();
    if (!isPlainRead(text)) {
      // A write (or a locking read) inside a GET: the rest of the request reads where it wrote.
      scope.decision = Promise.resolve(false);
      return leader();
    }
    return this.routed(scope, args, leader) as never;
  }

  private async routed(scope: ReadScope, args: unknown[], leader: () => Promise<unknown>): Promise<unknown> {
    scope.decision ??= this.caughtUp();
    if (!(await scope.decision)) {
      this.stats.leader++;
      return leader();
    }
    try {
      const result = await (this.replica.query as (...a: unknown[]) => Promise<unknown>)(
        ...(args as QueryArgs),
      );
      this.stats.replica++;
      return result;
    } catch (error) {
      if (!leaderShouldRetry(error)) throw error;
      // A statement that writes though it reads as a select (25006) says nothing of the replica's
      // health; anything else (a connection lost, recovery ended) rests it.
      if ((error as { code?: unknown }).code !== '25006') this.rest();
      scope.decision = Promise.resolve(false);
      this.stats.leader++;
      return leader();
    }
  }

  private rest(): void {
    this.restUntil = Date.now() + REPLICA_REST_MS;
  }

  /** Whether the replica has replayed everything the leader had written by now (a leader answers yes). */
  private async caughtUp(): Promise<boolean> {
    if (Date.now() < this.restUntil) return false;
    try {
      const check = async () => {
        const { rows } = await super.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
        const replayed = await this.replica.query<{ ok: boolean }>(
          // Streaming too: a former leader that Patroni has just started again as a standby keeps
          // its own timeline's WAL until pg_rewind, and may have "replayed" past the new leader's
          // position without holding its writes.
          `select case when pg_is_in_recovery()
             then coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn
                  and exists (select 1 from pg_stat_wal_receiver where status = 'streaming'), false)
             else true end as ok`,
          [rows[0]?.lsn],
        );
        return replayed.rows[0]?.ok === true;
      };
      return await bounded(check(), CHECK_TIMEOUT_MS, timedOut('replica check'));
    } catch {
      this.rest();
      return false;
    }
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.replica.end()]);
  }
}

/** Runs `fn` (and everything it starts) in a read scope: its plain reads may go to a replica. */
export function inReadScope<T>(fn: () => T): T {
  return scopes.run({}, fn);
}

/** Runs `fn` outside any read scope: what it sends goes to the leader. */
export function outsideReadScope<T>(fn: () => T): T {
  return scopes.exit(fn);
}
