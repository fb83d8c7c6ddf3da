import { describe, expect, it } from 'vitest';
import { type LiveSignal, liveEventsUrl, openLiveSocket } from './liveSocket.ts';

/** A socket the test drives: it records what the client sends and plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code: number) {
    this.onclose?.({ code } as CloseEvent);
  }
}

function open() {
  FakeSocket.all = [];
  const signals: LiveSignal[] = [];
  const close = openLiveSocket({
    url: 'ws://kite.test/live/events',
    slug: 'acme',
    onSignal: (signal) => signals.push(signal),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    retryDelay: () => 0,
  });
  return { signals, close, socket: () => FakeSocket.all.at(-1)! };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the live events socket', () => {
  it('uses ws or wss on this host', () => {
    expect(liveEventsUrl({ protocol: 'https:', host: 'kite.example' })).toBe(
      'wss://kite.example/live/events',
    );
    expect(liveEventsUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/live/events',
    );
  });

  it('subscribes, answers pings, passes events on and resumes from the last one after a drop', async () => {
    const { signals, socket, close } = open();
    socket().open();
    expect(socket().sent).toEqual([{ type: 'subscribe', workspace_slug: 'acme' }]);
    socket().receive({ type: 'subscribed', workspace_id: 'w1', workspace_slug: 'acme' });
    socket().receive({ type: 'ping' });
    expect(socket().sent.at(-1)).toEqual({ type: 'ping' });
    socket().receive({ type: 'updated', event_id: '000000000000007', entity: 'issue', id: 'a', data: {} });
    expect(signals).toEqual([{ kind: 'event', event: expect.objectContaining({ id: 'a' }) }]);

    socket().drop(1006);
    await tick();
    expect(FakeSocket.all).toHaveLength(2);
    socket().open();
    expect(socket().sent).toEqual([
      { type: 'subscribe', workspace_slug: 'acme', last_event_id: '000000000000007' },
    ]);
    socket().receive({ type: 'resync' });
    expect(signals.at(-1)).toEqual({ kind: 'resync' });
    close();
    expect(socket().closedWith).toBe(1000);
  });

  it('asks for a resync after a drop when it had no event to resume from', async () => {
    const { signals, socket } = open();
    socket().open();
    socket().receive({ type: 'subscribed' });
    socket().drop(1006);
    await tick();
    socket().open();
    socket().receive({ type: 'subscribed' });
    expect(signals).toEqual([{ kind: 'resync' }]);
  });

  it('stops when the session ended or access was refused, and after close', async () => {
    const ended = open();
    ended.socket().drop(4401);
    await tick();
    expect(FakeSocket.all).toHaveLength(1);

    const closed = open();
    closed.close();
    closed.socket().drop(1000);
    await tick();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
