/** How often a store the database refused is tried again, and for how long before it is given up. */
const RETRY_MS = 1_000;
const GIVE_UP_MS = 10 * 60_000;

type Store = (pageId: string, bytes: Uint8Array, userId: string | null) => Promise<boolean>;

/**
 * Page documents whose store the database refused because it was away (a failover): their state
 * at that moment is kept and stored again every second until the database takes it, so an edit
 * made during the gap is not lost even if nobody types again, or the document was closed (its
 * last store is the one that failed). Stores merge into the stored document, so storing a state
 * that a later store already holds changes nothing.
 */
export function createPendingStores(
  store: Store,
  stored: (pageId: string) => void,
  log: (message: string, error?: unknown) => void = (message, error) => console.warn(message, error ?? ''),
) {
  const pending = new Map<string, { bytes: Uint8Array; userId: string | null; since: number }>();
  let timer: NodeJS.Timeout | undefined;

  async function tryAll(): Promise<void> {
    await Promise.all(
      [...pending].map(async ([pageId, entry]) => {
        try {
          if (await store(pageId, entry.bytes, entry.userId)) stored(pageId);
          if (pending.get(pageId) === entry) pending.delete(pageId);
        } catch (error) {
          if (Date.now() - entry.since < GIVE_UP_MS) return;
          pending.delete(pageId);
          log(`page ${pageId}: an edit made while the database was away could not be stored`, error);
        }
      }),
    );
  }

  function schedule() {
    timer ??= setTimeout(async () => {
      await tryAll();
      timer = undefined;
      if (pending.size > 0) schedule();
    }, RETRY_MS);
    timer.unref();
  }

  return {
    /** The document's state the database refused to store now. */
    keep(pageId: string, bytes: Uint8Array, userId: string | null) {
      pending.set(pageId, { bytes, userId, since: pending.get(pageId)?.since ?? Date.now() });
      schedule();
    },
    /** A store of the open document succeeded: it holds whatever was kept for the page. */
    forget(pageId: string) {
      pending.delete(pageId);
    },
    /** One more try of everything kept (shutdown). */
    flush: tryAll,
    size: () => pending.size,
  };
}
