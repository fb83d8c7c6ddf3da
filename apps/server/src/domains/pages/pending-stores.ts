import { createRetryUntilTaken } from '../../platform/async/retry-until-taken.ts';

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
  const retries = createRetryUntilTaken((pageId, error) =>
    log(`page ${pageId}: an edit made while the database was away could not be stored`, error),
  );
  return {
    /** The document's state the database refused to store now. */
    keep(pageId: string, bytes: Uint8Array, userId: string | null) {
      retries.keep(pageId, async () => {
        if (await store(pageId, bytes, userId)) stored(pageId);
      });
    },
    /** A store of the open document succeeded: it holds whatever was kept for the page. */
    forget: retries.forget,
    flush: retries.flush,
    size: retries.size,
  };
}
