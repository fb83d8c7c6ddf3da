import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { bounded } from '../async/bounded.ts';

/**
 * Committed changes, as PostgreSQL NOTIFY delivers them: a trigger notifies the channel inside the
 * writing transaction, and every process listening hears it once that transaction commits, so a
 * change made by any app node, job or tool reaches every node's caches.
 */
export interface ChangeListener {
  /** A notification's payload. */
  onChange(payload: string): void;
  /**
   * The feed is up (listening) or down. While it is down, changes may go unheard, so whatever
   * relies on it must stop trusting what it kept; when it comes back, what it kept is stale.
   */
  onStatus(up: boolean): void;
}

export interface ChangeFeed {
  /**
   * Resolves true once every notification committed before the call has been heard (false when
   * the feed is down or did not answer in time): a cache that another process's write may have
   * outdated asks this before it answers from memory, so a client that wrote through one node and
   * reads through another never reads what it just changed from before.
   */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
}

/** The embedded database: one process, so its own notifications are all there is to hear. */
export async function listenPglite(
  client: PGlite,
  channel: string,
  listener: ChangeListener,
): Promise<ChangeFeed> {
  const unlisten = await client.listen(channel, (payload) => listener.onChange(payload));
  listener.onStatus(true);
  return {
    // One process: its notifications are heard as its own statements complete.
    caughtUp: async () => true,
    close: async () => {
      listener.onStatus(false);
      await unlisten().catch(() => undefined);
    },
  };
}

/** The application_name of every listening connection. */
export const LISTENER_NAME = 'kite-change-feed';
const RETRY_MS = { first: 250, max: 10_000 };
/** How long a read waits for the feed to catch up before it gives up on the cache. */
const CATCH_UP_MS = 1_000;

/**
 * PostgreSQL: a connection of its own (LISTEN holds it), reopened with backoff when it drops; the
 * listener hears `down` at once and `up` once LISTEN is in place again.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  listener: ChangeListener,
): Promise<ChangeFeed> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;
  let listening = false;

  const down = () => {
    listening = false;
    if (!client) return;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    client = null;
    listener.onStatus(false);
    if (!closed) {
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, RETRY_MS.max);
    }
  };

  async function connect(): Promise<void> {
    // Named, so an operator (or a test) can tell the listening connections apart.
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on('error', () => {
      if (client === next) down();
    });
    next.on('end', () => {
      if (client === next) down();
    });
    next.on('notification', (message) => listener.onChange(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void next.end().catch(() => undefined);
      delay = RETRY_MS.first;
      listening = true;
      listener.onStatus(true);
    } catch {
      if (client === next) down();
    }
  }

  /**
   * PostgreSQL sends a session the notifications committed before a statement ahead of that
   * statement's answer, so one `select 1` on the listening connection is the barrier. Callers
   * share it: one that comes while a check is on the wire waits for the next check, since the
   * check under way may have been sent before the write it must see.
   */
  let checking: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  const check = (): Promise<boolean> => {
    const current = client;
    if (!current || !listening) return Promise.resolve(false);
    const answered = current.query('select 1').then(
      () => client === current,
      () => false,
    );
    return bounded(answered, CATCH_UP_MS, () => false);
  };
  const start = (): Promise<boolean> => {
    checking = check().finally(() => {
      checking = null;
    });
    return checking;
  };

  await connect();
  return {
    caughtUp() {
      if (queued) return queued;
      if (!checking) return start();
      queued = checking.then(() => {
        queued = null;
        return start();
      });
      return queued;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      listener.onStatus(false);
      await current?.end().catch(() => undefined);
    },
  };
}
