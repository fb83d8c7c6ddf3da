import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '../test/factories.ts';
import { Client, type HttpResult } from '../test/http-client.ts';
import { type DatabaseUnderTest, databasesUnderTest } from './databases.ts';
import { ok } from './fixtures.ts';
import { changeKey, type LiveListener, openLiveListener } from './live-listener.ts';
import { mailedLink, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Load (quality.md §3): simulated users, each with a session of their own, work a shared project
 * for LOAD_SECONDS (default 15; `npm run test:reliability` runs 300) with the benchmark's mix —
 * boards and lists, details, search, edits, creates and comments — pausing LOAD_THINK_MS (mean,
 * default 1 s) between actions, each with a live-events socket open on the workspace all along, as
 * a browser tab keeps one. The error rate (failed requests and sockets) must stay under 0.1 %; no
 * socket may close or fail; every socket must hear every acknowledged write (under 0.1 % of the
 * deliveries missed). Latency percentiles, of requests and of deliveries, are reported.
 */

const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const ACCOUNTS = 10;
/** Mean pause between a user's actions: a busy person clicking through a board. */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
/** After the run, how long the sockets may take to hear the last writes. */
const SETTLE_MS = 10_000;

interface Sample {
  kind: 'read' | 'write';
  ms: number;
  ok: boolean;
  what: string;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Accounts (the first owns the workspace), a project with work to browse, and one session per user. */
async function prepare(server: ServerProcess) {
  const { baseUrl } = server;
  const emails = Array.from({ length: ACCOUNTS }, () => uniqueEmail('load'));
  const clients = emails.map(() => new Client(baseUrl));
  for (const [i, email] of emails.entries()) {
    await ok(clients[i]!.post('/auth/sign-up/', { email, password: STRONG_PASSWORD }));
  }
  const [owner] = clients as [Client];
  const slug = `load-${randomUUID().slice(0, 8)}`;
  await ok(owner.post('/api/workspaces/', { name: 'Load', slug }));
  const ws = `/api/workspaces/${slug}`;
  await ok(
    owner.post(`${ws}/invitations/`, { emails: emails.slice(1).map((email) => ({ email, role: 15 })) }),
  );
  const members: { member_id: string; role: number }[] = [];
  for (const [i, email] of emails.entries()) {
    if (i === 0) continue;
    const link = new URL(mailedLink(server, email));
    await ok(
      clients[i]!.post(`${ws}/invitations/${link.searchParams.get('invitation_id')}/join/`, {
        token: link.searchParams.get('token'),
        accepted: true,
      }),
    );
    members.push({ member_id: (await ok(clients[i]!.get('/api/users/me/'))).id, role: 15 });
  }
  const project = await ok(owner.post(`${ws}/projects/`, { name: 'Load', identifier: 'LOAD' }));
  const base = `${ws}/projects/${project.id}`;
  await ok(owner.post(`${base}/members/`, { members }));
  const states = await ok<{ id: string }[]>(owner.get(`${base}/states/`));
  const issues: string[] = [];
  /** Each item's state as last set: an edit moves it to another, so that every edit is a change. */
  const stateOf = new Map<string, string>();
  for (let i = 0; i < 200; i += 1) {
    const state = states[i % states.length]!.id;
    const issue = await ok(owner.post(`${base}/issues/`, { name: `Load item ${i}`, state_id: state }));
    issues.push(issue.id);
    stateOf.set(issue.id, state);
  }
  // Each simulated user signs in on a session of its own.
  const sessions: Client[] = [];
  for (let u = 0; u < USERS; u += 1) {
    const client = new Client(baseUrl);
    await ok(client.post('/auth/sign-in/', { email: emails[u % ACCOUNTS], password: STRONG_PASSWORD }));
    sessions.push(client);
  }
  // …and keeps a live-events socket on the workspace open, as its browser tab would.
  const listeners: LiveListener[] = [];
  for (const client of sessions) listeners.push(await openLiveListener(baseUrl, client, slug));
  return { ws, base, states, issues, stateOf, sessions, listeners };
}

/**
 * What the sockets heard of the acknowledged writes (`acks`: when each write's answer came, by
 * the change event it makes): every socket should hear each once. A delivery's latency is from
 * the write's answer to the socket's receipt (a receipt can beat the answer: then 0).
 */
function deliveriesOf(acks: Map<string, number[]>, listeners: LiveListener[]) {
  let expected = 0;
  let missed = 0;
  let unexpected = 0;
  const latencies: number[] = [];
  for (const listener of listeners) {
    for (const [key, ackTimes] of acks) {
      const heard = listener.heard.get(key) ?? [];
      expected += ackTimes.length;
      missed += Math.max(0, ackTimes.length - heard.length);
      ackTimes.forEach((at, i) => {
        if (heard[i] !== undefined) latencies.push(Math.max(0, heard[i]! - at));
      });
    }
    for (const [key, heard] of listener.heard)
      unexpected += Math.max(0, heard.length - (acks.get(key)?.length ?? 0));
  }
  return { expected, missed, unexpected, latencies };
}

describe.each(databasesUnderTest())('$name', (database: DatabaseUnderTest) => {
  let server: ServerProcess | undefined;
  let listeners: LiveListener[] = [];
  afterAll(async () => {
    for (const listener of listeners) listener.close();
    await server?.stop();
    await database.drop();
  });

  it(
    `${USERS} users for ${SECONDS} s: error rate under 0.1 %`,
    async () => {
      server = await startServerProcess({ ...(await database.env()), AUTH_IP_RATE_LIMIT: '100000' });
      const world = await prepare(server);
      listeners = world.listeners;
      const samples: Sample[] = [];
      /** When each acknowledged write was answered, by the change event it makes. */
      const acks = new Map<string, number[]>();
      /** Items being edited: one edit of an item at a time, so that each moves it from a known state. */
      const editing = new Set<string>();
      const deadline = Date.now() + SECONDS * 1000;
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

      /** Makes the request and records it; for a write, `change` names the event its answer means. */
      async function act(
        kind: Sample['kind'],
        what: string,
        call: () => Promise<HttpResult>,
        change?: (body: any) => string,
      ): Promise<boolean> {
        const started = performance.now();
        let good = false;
        try {
          const res = await call();
          good = res.status < 400;
          const at = performance.now();
          if (good && change) {
            const key = change(res.body);
            acks.set(key, [...(acks.get(key) ?? []), at]);
          }
        } catch {
          good = false;
        }
        samples.push({ kind, what, ms: performance.now() - started, ok: good });
        return good;
      }

      /** Moves an item no one else is editing to another state. */
      async function edit(client: Client) {
        let issue = pick(world.issues);
        while (editing.has(issue)) issue = pick(world.issues);
        const state = pick(world.states.filter((s) => s.id !== world.stateOf.get(issue))).id;
        editing.add(issue);
        const done = await act(
          'write',
          'edit',
          () => client.patch(`${world.base}/issues/${issue}/`, { state_id: state }),
          () => changeKey('issue', 'updated', issue),
        );
        // A failed edit may or may not have landed: the item leaves the pool of edited ones.
        if (done) world.stateOf.set(issue, state);
        else world.issues.splice(world.issues.indexOf(issue), 1);
        editing.delete(issue);
      }

      async function user(client: Client) {
        while (Date.now() < deadline) {
          const roll = Math.random() * 100;
          const issue = pick(world.issues);
          if (roll < 35)
            await act('read', 'board', () =>
              client.get(`${world.base}/issues/?group_by=state_id&per_page=30`),
            );
          else if (roll < 50)
            await act('read', 'list', () =>
              client.get(`${world.base}/issues/?per_page=100&priority=high,urgent`),
            );
          else if (roll < 70) await act('read', 'detail', () => client.get(`${world.base}/issues/${issue}/`));
          else if (roll < 80)
            await act('read', 'search', () =>
              client.get(`${world.ws}/search/?search=item%20${Math.floor(Math.random() * 20)}`),
            );
          else if (roll < 92) await edit(client);
          else if (roll < 97)
            await act(
              'write',
              'create',
              () => client.post(`${world.base}/issues/`, { name: `Made under load ${Math.random()}` }),
              (body) => changeKey('issue', 'created', body.id),
            );
          else
            await act(
              'write',
              'comment',
              () =>
                client.post(`${world.base}/issues/${issue}/comments/`, { comment_html: '<p>under load</p>' }),
              (body) => changeKey('issue_comment', 'created', body.id),
            );
          await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
        }
      }
      const started = Date.now();
      await Promise.all(world.sessions.map(user));
      const seconds = (Date.now() - started) / 1000;
      // The last writes' events are on their way.
      const settleBy = Date.now() + SETTLE_MS;
      while (Date.now() < settleBy && deliveriesOf(acks, listeners).missed > 0) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const live = deliveriesOf(acks, listeners);
      const socketFailures = listeners.flatMap((l) => l.failures);

      const errors = samples.filter((s) => !s.ok);
      const reads = samples.filter((s) => s.kind === 'read').map((s) => s.ms);
      const writes = samples.filter((s) => s.kind === 'write').map((s) => s.ms);
      const report = {
        users: USERS,
        think_ms: THINK_MS,
        seconds: Math.round(seconds),
        requests: samples.length,
        per_second: Math.round(samples.length / seconds),
        error_rate: `${(((errors.length + socketFailures.length) / samples.length) * 100).toFixed(3)} %`,
        reads_p50_ms: Math.round(percentile(reads, 50)),
        reads_p95_ms: Math.round(percentile(reads, 95)),
        writes_p50_ms: Math.round(percentile(writes, 50)),
        writes_p95_ms: Math.round(percentile(writes, 95)),
        sockets: listeners.length,
        socket_failures: socketFailures.length,
        deliveries_expected: live.expected,
        deliveries_missed: live.missed,
        deliveries_unexpected: live.unexpected,
        delivery_p50_ms: Math.round(percentile(live.latencies, 50)),
        delivery_p95_ms: Math.round(percentile(live.latencies, 95)),
      };
      const byAction = Object.fromEntries(
        [...new Set(samples.map((s) => s.what))].map((what) => {
          const times = samples.filter((s) => s.what === what).map((s) => s.ms);
          return [
            what,
            `${times.length}× p50 ${Math.round(percentile(times, 50))} / p95 ${Math.round(percentile(times, 95))} ms`,
          ];
        }),
      );
      console.log(`load ${JSON.stringify(report)}\n${JSON.stringify(byAction, null, 1)}`);
      expect(samples.length).toBeGreaterThan(((USERS * SECONDS * 1000) / (THINK_MS + 2000)) * 0.5);
      expect(
        (errors.length + socketFailures.length) / samples.length,
        JSON.stringify(errors.slice(0, 5)),
      ).toBeLessThan(0.001);
      expect(socketFailures, 'sockets closed or failed under load').toEqual([]);
      expect(live.expected).toBeGreaterThan(listeners.length * 10);
      expect(live.missed / live.expected, 'deliveries missed').toBeLessThan(0.001);
      // quality.md's read bar is for its 5-minute run (`npm run test:reliability`); CI's short run
      // is mostly the users arriving and the caches filling, so it reports the figure only.
      if (SECONDS >= 300) expect(report.reads_p95_ms, 'p95 of reads').toBeLessThanOrEqual(200);
    },
    (SECONDS + 240) * 1000,
  );
});
