import { bounded, timedOut } from './bounded.ts';

/** How often kept work is tried again, how long one try may take, and when it is given up. */
const RETRY_MS = 1_000;
const ATTEMPT_MS = 3_000;
const GIVE_UP_MS = 10 * 60_000;

/**
 * Writes the database refused because it was away (a failover), kept by key and tried again every
 * second, all at once and each bounded (one statement stuck on a dead connection holds up no
 * other), until they succeed or 10 minutes have passed. Keeping work under a key already kept
 * replaces it (the newer work holds the older) but keeps the first refusal's time.
 */
export function createRetryUntilTaken(onGiveUp: (key: string, error: unknown) => void) {
  const kept = new Map<string, { work: () => Promise<void>; since: number }>();
  let timer: NodeJS.Timeout | undefined;

  async function tryAll(): Promise<void> {
    await Promise.all(
      [...kept].map(async ([key, entry]) => {
        try {
          await bounded(entry.work(), ATTEMPT_MS, timedOut(key));
          if (kept.get(key) === entry) kept.delete(key);
        } catch (error) {
          if (Date.now() - entry.since < GIVE_UP_MS) return;
          kept.delete(key);
          onGiveUp(key, error);
        }
      }),
    );
  }

  function schedule() {
    timer ??= setTimeout(async () => {
      await tryAll();
      timer = undefined;
      if (kept.size > 0) schedule();
    }, RETRY_MS);
    timer.unref();
  }

  return {
    keep(key: string, work: () => Promise<void>) {
      kept.set(key, { work, since: kept.get(key)?.since ?? Date.now() });
      schedule();
    },
    /** Work under the key is no longer needed (a later write holds it). */
    forget(key: string) {
      kept.delete(key);
    },
    /** One more try of everything kept (shutdown). */
    flush: tryAll,
    size: () => kept.size,
  };
}
