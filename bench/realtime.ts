import WebSocket from 'ws';
import { loadFixture, type Session, WORKSPACE } from './api.ts';

export interface FanOutResult {
  sockets: number;
  changes: number;
  /** Deliveries measured (changes × sockets that heard them). */
  deliveries: number;
  /** Never heard within the wait: counted, not timed. */
  missed: number;
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A tab's socket subscribed to the bench workspace; resolves once the server confirms it. */
async function openTab(baseUrl: string, session: Session, onEvent: (event: { id: string }) => void) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/live/events`, {
    headers: { cookie: session.headers.Cookie!, origin: baseUrl },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', workspace_slug: WORKSPACE })));
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; id: string };
      if (message.type === 'subscribed') resolve();
      else if (message.type === 'updated') onEvent(message);
    });
  });
  return socket;
}

/**
 * quality.md A6: one tab changes a work item (PATCH of its name); every one of `sockets` other
 * tabs subscribed to the workspace hears of it. Latency = from sending the write to a socket
 * receiving the event; changes one after another for `seconds`.
 */
export async function runFanOut(
  baseUrl: string,
  session: Session,
  options: { sockets: number; seconds: number },
): Promise<FanOutResult> {
  const f = await loadFixture(baseUrl, session);
  let waiting: { id: string; sentAt: number; heard: Set<number>; done: () => void } | null = null;
  const latencies: number[] = [];
  const tabs: WebSocket[] = [];
  for (let i = 0; i < options.sockets; i++) {
    tabs.push(
      await openTab(baseUrl, session, (event) => {
        const w = waiting;
        if (!w || event.id !== w.id || w.heard.has(i)) return;
        w.heard.add(i);
        latencies.push(performance.now() - w.sentAt);
        if (w.heard.size === options.sockets) w.done();
      }),
    );
  }
  let changes = 0;
  let missed = 0;
  const until = Date.now() + options.seconds * 1000;
  try {
    while (Date.now() < until) {
      const id = f.issueIds[changes % f.issueIds.length]!;
      const heard = new Set<number>();
      const all = new Promise<void>((resolve) => {
        waiting = { id, sentAt: performance.now(), heard, done: resolve };
      });
      const res = await fetch(`${baseUrl}${f.projectBase}/issues/${id}/`, {
        method: 'PATCH',
        headers: session.writeHeaders,
        // A new name every time: a write that changes nothing is no event.
        body: JSON.stringify({ name: `Realtime check ${Date.now()}-${changes}` }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`A6 write failed: ${res.status}`);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 2000))]);
      missed += options.sockets - heard.size;
      waiting = null;
      changes += 1;
    }
  } finally {
    for (const tab of tabs) tab.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    sockets: options.sockets,
    changes,
    deliveries: latencies.length,
    missed,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  };
}
