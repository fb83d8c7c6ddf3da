import { AsyncLocalStorage } from 'node:async_hooks';

/** What a watched piece of work has committed since it was armed. */
interface Watch {
  armed: boolean;
  committed: boolean;
  /** Statements each of its transactions runs just before COMMIT (PostgreSQL), with it. */
  beforeCommit?: { text: string; values: unknown[] };
}

const watches = new AsyncLocalStorage<Watch>();

/**
 * Runs `fn` (and everything it starts) under a watch that notes whether any of its transactions
 * committed. An idempotent request (http/idempotency.ts) that fails after its write committed
 * (the database went away between the commit and the answer) must not free its key for a retry,
 * which would do the write twice.
 */
export function watchCommits<T>(fn: () => T): T {
  return watches.run({ armed: false, committed: false }, fn);
}

/**
 * From now on the watch counts commits (the request's own work begins: its handler). With
 * `beforeCommit`, each PostgreSQL transaction of the work runs that statement as its last, so the
 * transaction itself records that it committed: when COMMIT's answer is lost with the connection
 * (the server died right after), that row tells whether it happened.
 */
export function armCommitWatch(beforeCommit?: { text: string; values: unknown[] }): void {
  const watch = watches.getStore();
  if (!watch) return;
  watch.armed = true;
  watch.beforeCommit = beforeCommit;
}

/** Whether the watched work has committed a transaction (false outside a watch). */
export function hasCommitted(): boolean {
  return watches.getStore()?.committed ?? false;
}

const COMMIT = /^\s*commit\b/i;

/**
 * Wraps a pg client's promise-style `query` so that a COMMIT that succeeds inside a watch is
 * noted. Every transaction ends with one (drizzle sends `commit` as a statement of its own).
 */
export function noteCommits(client: { query: unknown }): void {
  const query = (client.query as (...args: unknown[]) => unknown).bind(client);
  client.query = ((...args: unknown[]) => {
    const watch = watches.getStore();
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!watch?.armed || !text || !COMMIT.test(text)) return query(...args);
    const marked = watch.beforeCommit
      ? (query(watch.beforeCommit.text, watch.beforeCommit.values) as Promise<unknown>)
      : Promise.resolve();
    return marked
      .then(() => query(...args) as Promise<unknown>)
      .then((value) => {
        watch.committed = true;
        return value;
      });
  }) as typeof client.query;
}

/** PGlite: its transactions commit when `transaction` resolves; the same note, in the same scope. */
export function noteTransactionCommits(client: { transaction: unknown }): void {
  const transaction = (client.transaction as (...args: unknown[]) => Promise<unknown>).bind(client);
  client.transaction = (async (...args: unknown[]) => {
    const watch = watches.getStore();
    const value = await transaction(...args);
    if (watch?.armed) watch.committed = true;
    return value;
  }) as typeof client.transaction;
}
