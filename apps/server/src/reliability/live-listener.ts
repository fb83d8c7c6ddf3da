import WebSocket from 'ws';
import type { Client } from '../test/http-client.ts';

/** How long a socket may take to open and be subscribed. */
const SUBSCRIBE_MS = 20_000;
/** A resuming listener's wait before it opens its socket again, doubling up to the second figure. */
const REOPEN_MS = { first: 250, max: 2_000 };

/** A change event as a listener files it: `entity:type:id`. */
export const changeKey = (entity: string, type: string, id: string) => `${entity}:${type}:${id}`;

/**
 * A browser tab's `/live/events` socket (api.md §16.1), subscribed to one workspace: when each
 * change event arrived, by `changeKey`; what went wrong with the socket (an error, a close this
 * side did not ask for). It answers the server's pings, as the web client does, so that it is
 * never closed as idle.
 *
 * With `resume`, it behaves as the web client does when its socket drops (an app node or the
 * database going away): it opens a new one, through whichever node the address reaches, and
 * subscribes with the last event id it heard, so the server replays what it missed. Drops are
 * then counted in `reopened`, not failures; a `resync` answer (the gap was too old to replay) is
 * a failure, since events were lost to this tab.
 */
export interface LiveListener {
  heard: Map<string, number[]>;
  failures: string[];
  /** Sockets opened again after a drop (resume only). */
  reopened: number;
  close(): void;
}

export async function openLiveListener(
  baseUrl: string,
  client: Client,
  slug: string,
  options: { resume?: boolean } = {},
): Promise<LiveListener> {
  const heard = new Map<string, number[]>();
  const failures: string[] = [];
  let lastEventId: string | undefined;
  let closing = false;
  let socket: WebSocket | undefined;
  let delay = REOPEN_MS.first;
  const listener: LiveListener = {
    heard,
    failures,
    reopened: 0,
    close() {
      closing = true;
      socket?.close();
    },
  };

  /** Opens a socket and subscribes; resolves whether the subscription was confirmed. */
  function open(): Promise<boolean> {
    const current = new WebSocket(`${baseUrl.replace('http', 'ws')}/live/events`, {
      headers: { cookie: client.cookieHeader(), origin: baseUrl },
    });
    socket = current;
    let subscribed: (ok: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => {
      subscribed = resolve;
    });
    current.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as {
        type: string;
        entity?: string;
        id?: string;
        event_id?: string;
        error_code?: string;
      };
      if (message.type === 'ping') current.send(JSON.stringify({ type: 'ping' }));
      else if (message.type === 'subscribed') {
        delay = REOPEN_MS.first;
        subscribed(true);
      } else if (message.type === 'resync') failures.push('resync: events were too old to replay');
      else if (message.type === 'error') {
        subscribed(false);
        // The database away: try again, as the web client does.
        if (options.resume && message.error_code === 'SERVICE_UNAVAILABLE') current.terminate();
        else failures.push(`error message ${String(raw)}`);
      } else if (message.entity && message.id) {
        if (message.event_id) lastEventId = message.event_id;
        const key = changeKey(message.entity, message.type, message.id);
        const times = heard.get(key);
        if (times) times.push(at);
        else heard.set(key, [at]);
      }
    });
    current.on('error', (error) => {
      if (!options.resume) failures.push(`socket error ${error.message}`);
    });
    current.on('close', (code, reason) => {
      subscribed(false);
      if (closing || socket !== current) return;
      if (!options.resume) return void failures.push(`closed ${code} ${String(reason)}`);
      setTimeout(reopen, delay);
      delay = Math.min(delay * 2, REOPEN_MS.max);
    });
    current.once('open', () =>
      current.send(
        JSON.stringify({
          type: 'subscribe',
          workspace_slug: slug,
          ...(lastEventId && { last_event_id: lastEventId }),
        }),
      ),
    );
    const timer = setTimeout(() => {
      subscribed(false);
      current.terminate();
    }, SUBSCRIBE_MS);
    return ready.finally(() => clearTimeout(timer));
  }

  function reopen() {
    if (closing) return;
    listener.reopened++;
    void open();
  }

  if (!(await open())) throw new Error(`live events: not subscribed (${failures.join('; ') || 'timed out'})`);
  return listener;
}
