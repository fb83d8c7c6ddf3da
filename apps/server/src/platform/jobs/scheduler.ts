/** A background job's run; `signal` aborts when the scheduler stops, so a loop can end after its step. */
export type Job = (signal: AbortSignal) => Promise<unknown>;

export interface JobOptions {
  /** Delay before the first run (a minute unless told). */
  firstDelayMs?: number;
  /** What a run leaves going after it returns (requests in flight), which stopping also waits for. */
  idle?: () => Promise<unknown>;
}

export interface Scheduler {
  /** Runs `job` after `firstDelayMs`, then every `intervalMs`, never overlapping itself. */
  every(name: string, intervalMs: number, job: Job, options?: JobOptions): void;
  /**
   * Starts no run from now on and resolves once the running ones have finished, or after
   * `timeoutMs` with the names of those still running: a job that hangs must not hold the
   * shutdown for ever (what it claimed comes back to the queue when its lease ends).
   */
  stop(timeoutMs: number): Promise<string[]>;
}

interface Entry {
  name: string;
  timers: NodeJS.Timeout[];
  running?: Promise<void>;
  idle?: () => Promise<unknown>;
}

/** The process's timed jobs, stopped together before the database closes (main.ts). */
export function createScheduler(onError: (name: string, error: unknown) => void): Scheduler {
  const stopping = new AbortController();
  const entries: Entry[] = [];

  return {
    every(name, intervalMs, job, { firstDelayMs = 60_000, idle } = {}) {
      const entry: Entry = { name, timers: [], idle };
      const tick = () => {
        if (entry.running || stopping.signal.aborted) return;
        entry.running = Promise.resolve()
          .then(() => job(stopping.signal))
          .then(
            () => undefined,
            (error) => onError(name, error),
          )
          .finally(() => {
            entry.running = undefined;
          });
      };
      entry.timers.push(setTimeout(tick, firstDelayMs).unref(), setInterval(tick, intervalMs).unref());
      entries.push(entry);
    },

    async stop(timeoutMs) {
      stopping.abort();
      for (const entry of entries) for (const timer of entry.timers) clearTimeout(timer);
      const busy = new Set<string>();
      const finished = entries.map(async (entry) => {
        busy.add(entry.name);
        try {
          await entry.running;
          await entry.idle?.();
        } catch (error) {
          onError(entry.name, error);
        }
        busy.delete(entry.name);
      });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.all(finished), timedOut]);
      clearTimeout(timer);
      return [...busy];
    },
  };
}

/** Runs `step` while it finds work (a true or non-zero answer) and the scheduler has not stopped. */
export async function whileWork(signal: AbortSignal, step: () => Promise<boolean | number>): Promise<void> {
  while (!signal.aborted && (await step())) {}
}
