import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import type { Database, Tx } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import {
  createOutboxWorker,
  type OutboxEventRow,
  type OutboxHandler,
  retryDelaySeconds,
} from './outbox-worker.ts';

/** The outbox as a queue: each event handled once, failures retried with backoff, the rest unharmed. */

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase({}));
  await database.raw('create table handled (event_id bigint not null, topic text not null)');
});
beforeEach(() => database.raw('truncate outbox, handled'));
afterAll(async () => {
  await database.raw('drop table handled');
  await database.close();
  await drop();
});

async function enqueueEvents(topics: string[]) {
  const workspace = randomUUID();
  await database.db
    .insert(outbox)
    .values(topics.map((topic) => ({ workspace_id: workspace, topic, payload: {} })));
}

/** A handler written for one event at a time, as the worker's batch handler. */
const eachEvent =
  (handle: (tx: Tx, event: OutboxEventRow) => Promise<void>): OutboxHandler =>
  async (tx, events) => {
    for (const event of events) await handle(tx, event);
  };

/** A handler's work: a row in `handled`, written in the worker's transaction. */
const recordOne = async (tx: Tx, event: OutboxEventRow) => {
  await tx.execute(sql`insert into handled (event_id, topic) values (${event.id}, ${event.topic})`);
};
const record = eachEvent(recordOne);

const handled = async () =>
  (await database.raw<{ topic: string }>('select topic from handled order by event_id')).map((r) => r.topic);

const pending = () =>
  database.raw<{ topic: string; attempts: number; last_error: string | null; wait: number; done: boolean }>(
    `select topic, attempts, last_error, processed_at is not null as done,
       extract(epoch from available_at - now())::float as wait
     from outbox order by id`,
  );

describe('the outbox worker', () => {
  it('hands every event to every handler once and marks it processed', async () => {
    await enqueueEvents(['a', 'b', 'c']);
    const worker = createOutboxWorker(database.db, [record, record], { batchSize: 2 });
    expect(await worker.drain()).toBe(3);
    expect(await handled()).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
    expect(await worker.drain()).toBe(0);
    expect((await pending()).every((row) => row.done)).toBe(true);
  });

  it('retries a failing event later with backoff, keeping the rest of the batch', async () => {
    await enqueueEvents(['ok', 'bad', 'ok too']);
    const errors: string[] = [];
    let failing = true;
    const worker = createOutboxWorker(
      database.db,
      [
        eachEvent(async (tx, event) => {
          await recordOne(tx, event);
          if (event.topic === 'bad' && failing) throw new Error('receiver down');
        }),
      ],
      { onError: (error) => errors.push((error as Error).message) },
    );
    await worker.drain();
    // The failed event's own write was undone with its savepoint; the others committed.
    expect(await handled()).toEqual(['ok', 'ok too']);
    expect(errors).toEqual(['receiver down']);
    const bad = (await pending())[1]!;
    expect(bad).toMatchObject({ attempts: 1, last_error: 'receiver down', done: false });
    expect(bad.wait).toBeGreaterThan(retryDelaySeconds(1) - 1);
    expect(bad.wait).toBeLessThanOrEqual(retryDelaySeconds(1));

    // Not due yet: nothing happens; once due, it goes through.
    expect(await worker.drain()).toBe(0);
    failing = false;
    await database.raw("update outbox set available_at = now() - interval '1 second'");
    expect(await worker.drain()).toBe(1);
    expect(await handled()).toEqual(['ok', 'bad', 'ok too']);
  });

  it('hands a handler the batch at once, and each event alone after a failure in it', async () => {
    await enqueueEvents(['a', 'b', 'bad', 'c']);
    const calls: string[][] = [];
    const errors: string[] = [];
    const worker = createOutboxWorker(
      database.db,
      [
        async (tx, events) => {
          calls.push(events.map((e) => e.topic));
          for (const event of events) {
            await recordOne(tx, event);
            if (event.topic === 'bad') throw new Error('bad event');
          }
        },
      ],
      {
        batchSize: 10,
        onError: (error, event) => errors.push(`${event.topic}: ${(error as Error).message}`),
      },
    );
    expect(await worker.drain()).toBe(4);
    // The batch once (undone at 'bad'), then one event at a time.
    expect(calls).toEqual([['a', 'b', 'bad', 'c'], ['a'], ['b'], ['bad'], ['c']]);
    expect(errors).toEqual(['bad: bad event']);
    expect(await handled()).toEqual(['a', 'b', 'c']);
    expect((await pending()).map((row) => [row.topic, row.done])).toEqual([
      ['a', true],
      ['b', true],
      ['bad', false],
      ['c', true],
    ]);
  });

  it('sets an event aside after its last attempt, with the error kept', async () => {
    await enqueueEvents(['poison']);
    const worker = createOutboxWorker(
      database.db,
      [
        async () => {
          throw new Error('always');
        },
      ],
      { maxAttempts: 2, onError: () => {} },
    );
    await worker.drain();
    await database.raw("update outbox set available_at = now() - interval '1 second'");
    await worker.drain();
    expect(await pending()).toMatchObject([{ attempts: 2, last_error: 'always', done: true }]);
    await database.raw("update outbox set available_at = now() - interval '1 second'");
    expect(await worker.drain()).toBe(0);
  });

  it('never hands one event to two workers draining at once', async () => {
    await enqueueEvents(Array.from({ length: 60 }, (_, i) => `e${i}`));
    const workers = [1, 2, 3].map(() => createOutboxWorker(database.db, [record], { batchSize: 7 }));
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    const topics = await handled();
    expect(topics).toHaveLength(60);
    expect(new Set(topics).size).toBe(60);
  });

  it('backs off 2, 4, 8 … seconds, at most an hour', () => {
    expect([1, 2, 3, 10, 20].map(retryDelaySeconds)).toEqual([2, 4, 8, 1024, 3600]);
  });
});
