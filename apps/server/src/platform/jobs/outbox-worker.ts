import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/database.ts';

/** One committed event, as a handler receives it. */
export interface OutboxEventRow {
  id: number;
  workspace_id: string;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
  /**
   * The committing transaction's time as PostgreSQL text (microseconds kept): rows the same
   * transaction wrote carry the same `created_at`.
   */
  created_at: string;
}

/**
 * Does its part of a batch of events inside the worker's transaction (nothing outside the
 * database). Handed the whole batch so it can read and write for all of it in a few statements;
 * when the batch fails it is handed each event alone (one event's failure must not hold up the rest).
 */
export type OutboxHandler = (tx: Tx, events: readonly OutboxEventRow[]) => Promise<void>;

export interface OutboxWorkerOptions {
  batchSize?: number;
  /** After this many failed attempts the event is set aside (processed, its last error kept). */
  maxAttempts?: number;
  onError?: (error: unknown, event: OutboxEventRow) => void;
}

/** Seconds before attempt n + 1: 2, 4, 8 … capped at an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 3600);
}

/**
 * The outbox as a queue: each batch is claimed with FOR UPDATE SKIP LOCKED (several processes
 * share it without taking the same row) and handled in the same transaction that marks it done,
 * so what handlers write exists exactly once: a process that dies mid-batch commits nothing and
 * the rows return to the queue. The batch goes to the handlers at once, in one savepoint; if a
 * handler throws, that savepoint is undone and each event goes again alone in its own, so an event
 * whose handler throws is retried later with backoff while the rest of the batch still commits.
 * (A savepoint, its release and the mark per event were 3 of the 11 statements a state change
 * cost the worker.)
 */
export function createOutboxWorker(db: Db, handlers: OutboxHandler[], options: OutboxWorkerOptions = {}) {
  const { batchSize = 100, maxAttempts = 8, onError = () => {} } = options;

  async function handleAll(tx: Tx, events: readonly OutboxEventRow[]): Promise<void> {
    const ids = `{${events.map((event) => event.id).join(',')}}`;
    await tx.transaction(async (savepoint) => {
      for (const handler of handlers) await handler(savepoint, events);
      await savepoint.execute(sql`update outbox set processed_at = now() where id = any(${ids}::bigint[])`);
    });
  }

  async function handleAlone(tx: Tx, event: OutboxEventRow): Promise<void> {
    try {
      await handleAll(tx, [event]);
    } catch (error) {
      onError(error, event);
      const attempts = event.attempts + 1;
      const message = String((error as Error)?.message ?? error).slice(0, 1000);
      await tx.execute(sql`
        update outbox set attempts = ${attempts}, last_error = ${message},
          available_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)}),
          processed_at = case when ${attempts} >= ${maxAttempts} then now() end
        where id = ${event.id}`);
    }
  }

  /** Handles up to one batch of due events; resolves how many it took. */
  async function processBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const events = await queryRows<OutboxEventRow>(
        tx,
        sql`select id, workspace_id, topic, payload, attempts, created_at::text as created_at from outbox
          where processed_at is null and available_at <= now()
          order by id limit ${batchSize}
          for update skip locked`,
      );
      const batch = events.map((event) => ({ ...event, id: Number(event.id) }));
      if (batch.length > 1) {
        try {
          await handleAll(tx, batch);
          return batch.length;
        } catch {
          // One at a time below: the failing event is found and retried later, the rest commit.
        }
      }
      for (const event of batch) await handleAlone(tx, event);
      return batch.length;
    });
  }

  /** Handles every due event (tests, and the worker's tick). */
  async function drain(): Promise<number> {
    let total = 0;
    for (let n = await processBatch(); n > 0; n = await processBatch()) total += n;
    return total;
  }

  return { processBatch, drain };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
