import { AsyncLocalStorage } from 'node:async_hooks';

/** Milliseconds the current unit of work (a request) has spent waiting for the database. */
export interface QueryTiming {
  db: number;
}

const current = new AsyncLocalStorage<QueryTiming>();

/** Runs `fn` so that the queries it starts add their time to `timing`. */
export function withQueryTiming(timing: QueryTiming, fn: () => void): void {
  current.run(timing, fn);
}

/** Wraps a driver's query function so its time counts towards the current unit of work. */
export function timed<A extends unknown[], R>(query: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const timing = current.getStore();
    if (!timing) return query(...args);
    const start = performance.now();
    try {
      return await query(...args);
    } finally {
      timing.db += performance.now() - start;
    }
  };
}
