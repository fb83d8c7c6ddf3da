import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Client, HttpResult } from '../test/http-client.ts';
import { signedInProject } from './fixtures.ts';
import { changeKey, type LiveListener, openLiveListener } from './live-listener.ts';

/** The longest any one request may take before it counts as hung. */
export const REQUEST_BOUND_MS = 10_000;
/**
 * How long a user keeps retrying one write before it counts as failed: a failover is ~11 s; a key
 * whose first run died with its process is free again after 60 s (idempotency-store.ts).
 */
const WRITE_RETRY_MS = 90_000;
/** Answers a write may be retried after, with the same Idempotency-Key (as the web client does). */
const RETRYABLE = new Set([409, 502, 503, 504]);

/**
 * A person using the tracker through two app nodes: their writes go to one (`home`), their reads
 * of what they just wrote to the other, so every read checks read-your-writes across nodes. Each
 * owns a workspace with one project (the cluster test drives 50 of them).
 */
interface User {
  index: number;
  home: Client;
  other: Client;
  base: string;
  slug: string;
  homeUrl: string;
  /** Each acknowledged item: its id and the name it was last acknowledged with. */
  items: Map<string, string>;
  live?: LiveListener;
}

export interface UsersReport {
  requests: number;
  statuses: Record<string, number>;
  /** Answers of 500 or above that are not 502–504 (the proxy's or ours while the leader is away). */
  errors: string[];
  /** Requests that did not answer within REQUEST_BOUND_MS. */
  hung: string[];
  /** Writes that never got through within WRITE_RETRY_MS. */
  gaveUp: string[];
  /** Reads through the other node that showed an acknowledged write as it was before. */
  stale: string[];
  creates: number;
  renames: number;
  /** Writes that were done but whose answer was lost in the failover (409 IDEMPOTENCY_ANSWER_LOST). */
  answersLost: number;
}

/** A write acknowledged: when the attempt that got through began, and when it answered. */
export interface Acknowledged {
  startedAt: number;
  at: number;
}

export interface SimulatedUsers {
  /** Acknowledged writes so far, in the order they were answered. */
  acknowledged: Acknowledged[];
  /** The counts so far (stop answers them once every user has finished their step). */
  report: UsersReport;
  stop(): Promise<UsersReport>;
  /** Every acknowledged item is in the database with its last acknowledged name, once. */
  verify(writeUrl: string): Promise<{ lost: string[]; doubled: string[] }>;
  /** Every listening user heard the creation of each of their acknowledged items. */
  unheard(): string[];
  /** User `index`'s session on their home node, their project, and their acknowledged items so far. */
  account(index: number): { client: Client; base: string; slug: string; itemIds(): string[] };
  close(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Signs `count` users up through the app port (each owns a workspace and project), gives each a
 * home node and the other node, and starts them: each in turn creates an item, reads it and its
 * board through the other node, and renames an earlier item, with a pause of 100–400 ms between
 * steps. Every `listenEvery`th user keeps a live-events socket on their home node that resumes by
 * last event id when it drops.
 */
export async function startUsers(
  appPort: string,
  nodes: [string, string],
  count: number,
  options: { listenEvery?: number } = {},
): Promise<SimulatedUsers> {
  const users: User[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, k) => start + k);
    users.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const { client, base } = await signedInProject(appPort, `U${index}`);
          const homeUrl = nodes[index % 2]!;
          const user: User = {
            index,
            home: client.sessionOn(homeUrl),
            other: client.sessionOn(nodes[(index + 1) % 2]!),
            base,
            slug: base.split('/')[3]!,
            homeUrl,
            items: new Map(),
          };
          if (options.listenEvery && index % options.listenEvery === 0)
            user.live = await openLiveListener(homeUrl, user.home, user.slug, { resume: true });
          return user;
        }),
      )),
    );
  }

  const report: UsersReport = {
    requests: 0,
    statuses: {},
    errors: [],
    hung: [],
    gaveUp: [],
    stale: [],
    creates: 0,
    renames: 0,
    answersLost: 0,
  };
  const acknowledged: Acknowledged[] = [];
  let running = true;

  /** One request within the bound; undefined when the connection failed or it took too long. */
  async function send(
    label: string,
    call: (signal: AbortSignal) => Promise<HttpResult>,
  ): Promise<HttpResult | undefined> {
    report.requests++;
    const started = performance.now();
    try {
      const res = await call(AbortSignal.timeout(REQUEST_BOUND_MS));
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
      if (res.status >= 500 && !RETRYABLE.has(res.status))
        report.errors.push(`${label}: ${res.status} ${res.text.slice(0, 160)}`);
      return res;
    } catch (error) {
      // The bound's abort, or a connection refused or cut (the proxy while the leader is away).
      if ((error as Error).name === 'TimeoutError')
        report.hung.push(`${label}: no answer in ${Math.round(performance.now() - started)} ms`);
      else report.statuses.network = (report.statuses.network ?? 0) + 1;
      return undefined;
    }
  }

  /**
   * A write sent again with the same Idempotency-Key until it is acknowledged (a network error, a
   * 502–504 during the failover, or the first attempt still running): a retry never makes a
   * second item. The time of the attempt that got through is recorded. A 409
   * IDEMPOTENCY_ANSWER_LOST says the write was done but its answer lost: final, counted apart.
   */
  async function write(
    label: string,
    call: (headers: Record<string, string>, signal: AbortSignal) => Promise<HttpResult>,
  ): Promise<HttpResult | undefined> {
    const headers = { 'Idempotency-Key': randomUUID() };
    const deadline = performance.now() + WRITE_RETRY_MS;
    while (performance.now() < deadline) {
      const startedAt = performance.now();
      const res = await send(label, (signal) => call(headers, signal));
      if (res && res.status < 300) {
        acknowledged.push({ startedAt, at: performance.now() });
        return res;
      }
      if (res?.status === 409 && res.body?.error_code === 'IDEMPOTENCY_ANSWER_LOST') {
        report.answersLost++;
        return res;
      }
      if (res && !RETRYABLE.has(res.status)) return undefined;
      const retryAfter = Number(res?.headers.get('retry-after'));
      await sleep(retryAfter > 0 ? Math.min(retryAfter * 1000, 2000) : 200);
    }
    report.gaveUp.push(label);
    return undefined;
  }

  async function step(user: User, n: number) {
    const name = `U${user.index} item ${n}`;
    const created = await write(name, (headers, signal) =>
      user.home.post(`${user.base}/issues/`, { name }, { headers, signal }),
    );
    // Done, but which item it made is unknown (the check for doubles still counts it).
    if (!created || created.status === 409) return;
    const id = created.body.id as string;
    user.items.set(id, name);
    report.creates++;

    const detail = await send(`${name} detail`, (signal) =>
      user.other.get(`${user.base}/issues/${id}/`, { signal }),
    );
    if (detail?.status === 200 && detail.body.name !== name)
      report.stale.push(`${name}: detail read ${detail.body.name}`);
    if (detail?.status === 404) report.stale.push(`${name}: the detail read through the other node was 404`);
    const board = await send(`${name} board`, (signal) =>
      user.other.get(`${user.base}/issues/?order_by=-created_at&per_page=20`, { signal }),
    );
    if (board?.status === 200 && !board.body.results.some((r: { id: string }) => r.id === id))
      report.stale.push(`${name}: not on the board read through the other node`);

    // Rename an earlier item (never given up on within the bound: its name must be the last one).
    const earlier = [...user.items.keys()][Math.floor(Math.random() * user.items.size)]!;
    const renamed = `${user.items.get(earlier)} renamed ${n}`;
    const patched = await write(`${name} rename`, (headers, signal) =>
      user.home.patch(`${user.base}/issues/${earlier}/`, { name: renamed }, { headers, signal }),
    );
    if (patched) {
      user.items.set(earlier, renamed);
      report.renames++;
    }
  }

  const loops = users.map(async (user) => {
    let n = 0;
    while (running) {
      await step(user, ++n);
      await sleep(100 + Math.random() * 300);
    }
  });

  return {
    acknowledged,
    report,
    async stop() {
      running = false;
      await Promise.all(loops);
      return report;
    },
    async verify(writeUrl) {
      const db = new pg.Client({ connectionString: writeUrl });
      await db.connect();
      const lost: string[] = [];
      const doubled: string[] = [];
      try {
        for (const user of users) {
          const projectId = user.base.split('/').pop();
          const { rows } = await db.query<{ id: string; name: string }>(
            'select id, name from issues where project_id = $1 and deleted_at is null',
            [projectId],
          );
          const byId = new Map(rows.map((r) => [r.id, r.name]));
          for (const [id, name] of user.items)
            if (byId.get(id) !== name) lost.push(`${name} (found ${byId.get(id) ?? 'nothing'})`);
          // A create's name is `U<i> item <n>`; a rename only appends to it.
          const created = new Map<string, number>();
          for (const r of rows) {
            const base = /^U\d+ item \d+/.exec(r.name)?.[0] ?? r.name;
            created.set(base, (created.get(base) ?? 0) + 1);
          }
          for (const [base, times] of created) if (times > 1) doubled.push(`${base} ×${times}`);
        }
      } finally {
        await db.end();
      }
      return { lost, doubled };
    },
    unheard() {
      const missing: string[] = [];
      for (const user of users) {
        if (!user.live) continue;
        for (const id of user.items.keys())
          if (!user.live.heard.has(changeKey('issue', 'created', id))) missing.push(`U${user.index}: ${id}`);
        missing.push(...user.live.failures.map((f) => `U${user.index}: ${f}`));
      }
      return missing;
    },
    account(index) {
      const user = users[index]!;
      return { client: user.home, base: user.base, slug: user.slug, itemIds: () => [...user.items.keys()] };
    },
    close() {
      for (const user of users) user.live?.close();
    },
  };
}
