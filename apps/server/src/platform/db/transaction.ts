import type { Db, Tx } from './database.ts';

/**
 * A write's transaction as it is handed down to the services the write calls. They run their
 * statements on `tx` and leave what must wait for the commit (list-cache announcements) to
 * `afterCommit`: it runs once the outermost transaction has committed, and never when it rolls
 * back. Outbox rows need no such care: they are rows of the transaction, and the workers (webhooks,
 * notifications, live events) only ever read committed ones.
 */
export interface WriteTx {
  readonly tx: Tx;
  afterCommit(effect: () => void): void;
}

/**
 * Runs `body` in a transaction of its own, or inside `outer` when a caller passes its write down.
 * Inside `outer` it is a savepoint: a failure undoes its statements and drops its effects, so a
 * caller that catches the error (a retry, a better message) can carry on with its transaction.
 * The effects run in the order they were registered.
 */
export async function withTransaction<T>(
  db: Db,
  outer: WriteTx | undefined,
  body: (write: WriteTx) => Promise<T>,
): Promise<T> {
  const effects: (() => void)[] = [];
  const run = (tx: Tx) => body({ tx, afterCommit: (effect) => void effects.push(effect) });
  if (outer) {
    const result = await outer.tx.transaction(run);
    for (const effect of effects) outer.afterCommit(effect);
    return result;
  }
  const result = await db.transaction(run);
  for (const effect of effects) effect();
  return result;
}
