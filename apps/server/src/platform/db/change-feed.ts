import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
    close: async () => {
      listener.onStatus(false);
      await unlisten().catch(() => undefined);
    },
  };
}

const RETRY_MS = { first: 250, max: 10_000 };

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

  const down = () => {
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
    const next = new pg.Client({ connectionString: url });
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
      listener.onStatus(true);
    } catch {
      if (client === next) down();
    }
  }

  await connect();
  return {
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
