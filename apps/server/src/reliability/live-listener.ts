import WebSocket from 'ws';
import type { Client } from '../test/http-client.ts';

/** How long a socket may take to open and be subscribed. */
const SUBSCRIBE_MS = 20_000;

/** A change event as a listener files it: `entity:type:id`. */
export const changeKey = (entity: string, type: string, id: string) => `${entity}:${type}:${id}`;

/**
 * A browser tab's `/live/events` socket (api.md §16.1), subscribed to one workspace: when each
 * change event arrived, by `changeKey`; what went wrong with the socket (an error, a close this
 * side did not ask for). It answers the server's pings, as the web client does, so that it is
 * never closed as idle.
 */
export interface LiveListener {
  heard: Map<string, number[]>;
  failures: string[];
  close(): void;
}

export async function openLiveListener(baseUrl: string, client: Client, slug: string): Promise<LiveListener> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/live/events`, {
    headers: { cookie: client.cookieHeader(), origin: baseUrl },
  });
  const heard = new Map<string, number[]>();
  const failures: string[] = [];
  let closing = false;
  let subscribed: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    subscribed = resolve;
  });
  socket.on('message', (raw) => {
    const at = performance.now();
    const message = JSON.parse(String(raw)) as { type: string; entity?: string; id?: string };
    if (message.type === 'ping') socket.send(JSON.stringify({ type: 'ping' }));
    else if (message.type === 'subscribed') subscribed(true);
    else if (message.type === 'error') {
      failures.push(`error message ${String(raw)}`);
      subscribed(false);
    } else if (message.entity && message.id) {
      const key = changeKey(message.entity, message.type, message.id);
      const times = heard.get(key);
      if (times) times.push(at);
      else heard.set(key, [at]);
    }
  });
  socket.on('error', (error) => failures.push(`socket error ${error.message}`));
  socket.on('close', (code, reason) => {
    if (!closing) failures.push(`closed ${code} ${String(reason)}`);
    subscribed(false);
  });
  socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', workspace_slug: slug })));
  const timer = setTimeout(() => subscribed(false), SUBSCRIBE_MS);
  const ok = await ready;
  clearTimeout(timer);
  if (!ok) throw new Error(`live events: not subscribed (${failures.join('; ') || 'timed out'})`);
  return {
    heard,
    failures,
    close() {
      closing = true;
      socket.close();
    },
  };
}
