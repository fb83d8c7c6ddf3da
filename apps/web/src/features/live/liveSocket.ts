/** A committed change as `/live/events` sends it (api.md §16.1). */
export interface LiveEvent {
  type: 'created' | 'updated' | 'deleted';
  event_id: string;
  workspace_id: string;
  project_id: string | null;
  entity: string;
  id: string;
  data: Record<string, unknown>;
  actor_id: string | null;
  at: string;
}

/** What the socket tells its owner: a change, or that missed changes are lost and lists must be read again. */
export type LiveSignal = { kind: 'event'; event: LiveEvent } | { kind: 'resync' };

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export interface LiveSocketOptions {
  url: string;
  slug: string;
  onSignal: (signal: LiveSignal) => void;
  /** Tests pass their own. */
  createSocket?: (url: string) => SocketLike;
  /** Delay before the n-th reconnection attempt (n from 1). */
  retryDelay?: (attempt: number) => number;
}

/** The events endpoint on this host. */
export function liveEventsUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live/events`;
}

/** 1 s, 2 s, 4 s … up to 30 s, with a fifth of jitter so tabs do not reconnect in step. */
const defaultRetryDelay = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);

/** Closes after which reconnecting cannot help: the session ended, or access was refused. */
const FINAL_CLOSES = new Set([4401, 4403]);

/**
 * One workspace's live events over one WebSocket: subscribes on open, answers the server's pings,
 * and reconnects after a drop with the last event id it saw, so the server replays what was
 * missed (or says `resync`). Returns the function that closes it for good.
 */
export function openLiveSocket(options: LiveSocketOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  let socket: SocketLike | null = null;
  let lastEventId: string | undefined;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /** Subscribed before: a later subscription is a reconnection. */
  let subscribedOnce = false;

  function connect() {
    const current = create(options.url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      current.send(
        JSON.stringify({
          type: 'subscribe',
          workspace_slug: options.slug,
          ...(lastEventId ? { last_event_id: lastEventId } : {}),
        }),
      );
    };
    current.onmessage = (message) => {
      let parsed: { type?: unknown; event_id?: unknown };
      try {
        parsed = JSON.parse(String(message.data)) as typeof parsed;
      } catch {
        return;
      }
      if (parsed.type === 'ping') current.send(JSON.stringify({ type: 'ping' }));
      else if (parsed.type === 'resync') options.onSignal({ kind: 'resync' });
      else if (parsed.type === 'subscribed') {
        // Back after a drop without an event id to replay from: what changed meanwhile is unknown.
        if (subscribedOnce && !lastEventId) options.onSignal({ kind: 'resync' });
        subscribedOnce = true;
      } else if (
        (parsed.type === 'created' || parsed.type === 'updated' || parsed.type === 'deleted') &&
        typeof parsed.event_id === 'string'
      ) {
        lastEventId = parsed.event_id;
        options.onSignal({ kind: 'event', event: parsed as unknown as LiveEvent });
      }
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (closed || FINAL_CLOSES.has(event.code)) return;
      attempt += 1;
      retry = setTimeout(connect, retryDelay(attempt));
    };
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close(1000, 'Closed');
    socket = null;
  };
}
