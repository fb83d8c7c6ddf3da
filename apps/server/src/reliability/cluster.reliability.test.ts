import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../test/http-client.ts';
import { type Acknowledged, REQUEST_BOUND_MS, type SimulatedUsers, startUsers } from './cluster-users.ts';
import {
  type CoEditing,
  startCoEditing,
  startWebhookWitness,
  type WebhookWitness,
} from './cluster-witnesses.ts';
import { ok, signedInProject } from './fixtures.ts';
import { changeKey, openLiveListener } from './live-listener.ts';

/**
 * The app on a real PostgreSQL cluster (`npm run cluster`: etcd, three Patroni nodes in
 * synchronous mode, HAProxy, two app nodes). First reads on the replicas with read-your-writes
 * across the nodes; then 50 simulated users (cluster-users.ts) write and read through both app
 * nodes while, in turn, a replica dies, the leader's postmaster alone dies (Patroni restarts it),
 * and the leader's host dies (its Patroni and postmaster SIGKILLed together) CLUSTER_LEADER_KILLS
 * times (1 in `npm test`, 3 in `npm run test:reliability`), the dead node brought back as a
 * replica each time. Nothing acknowledged is lost or doubled, no answer is a 500 or later than
 * its bound, no read shows a user's write undone, and the users' live sockets hear every event;
 * a page co-edited through both nodes meanwhile ends the same on both and stored whole, and a
 * webhook announces every work item created once (cluster-witnesses.ts).
 * Prints the time to `up` and each recovery time.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLUSTER = path.join(ROOT, 'scripts/cluster.mjs');
const FAILOVER_BOUND_MS = 60_000;
const LEADER_KILLS = Number(process.env.CLUSTER_LEADER_KILLS || 1);
const USERS = Number(process.env.CLUSTER_USERS || 50);

interface ClusterNode {
  name: string;
  port: number;
  pid: number | null;
  patroni_pid: number | null;
  role: string;
}
interface ClusterInfo {
  url: string;
  apps: { name: string; url: string; pid: number | null }[];
  write_url: string;
  read_url: string;
  postgres: ClusterNode[];
  dir: string;
}

/** Why the suite cannot run: the system packages are missing and cannot be installed. */
function cannotRun(): string | undefined {
  const install = spawnSync(process.execPath, [CLUSTER, 'install'], { cwd: ROOT, encoding: 'utf8' });
  if (install.status === 0) return undefined;
  return `the cluster's apt packages cannot be installed: ${install.stderr.trim().split('\n').pop()}`;
}

const skipReason = cannotRun();
if (skipReason) console.log(`cluster reliability skipped: ${skipReason}`);

function cluster(
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLUSTER, ...args], {
      cwd: ROOT,
      // Many sign-ins from 127.0.0.1 in a row; a webhook receiver on 127.0.0.1.
      env: { ...process.env, AUTH_IP_RATE_LIMIT: '100000', WEBHOOK_ALLOW_PRIVATE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Statements committed so far on each PostgreSQL node (autocommit reads count one each). */
async function commitsByNode(info: ClusterInfo): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const node of info.postgres) {
    const db = new pg.Client({ connectionString: info.write_url.replace(/:\d+\//, `:${node.port}/`) });
    await db.connect();
    const { rows } = await db.query<{ n: string }>(
      "select xact_commit::text as n from pg_stat_database where datname = 'kite'",
    );
    counts.set(node.name, Number(rows[0]?.n ?? 0));
    await db.end();
  }
  return counts;
}

/**
 * Read-your-writes across nodes with reads on the replicas (DATABASE_READ_URL): 200 times, a
 * rename through one app node, then at once the item and its board page through the other —
 * never the old name. Then a read load (details and sub-items: reads that reach the database)
 * through both nodes: most statements land on the replicas.
 */
async function readYourWrites(info: ClusterInfo, account: Client, base: string, itemId: string) {
  const [one, other] = info.apps.map((app) => account.sessionOn(app.url)) as [Client, Client];
  const stale: string[] = [];
  for (let i = 0; i < 200; i++) {
    const name = `Renamed ${i}`;
    await ok(one.patch(`${base}/issues/${itemId}/`, { name }));
    const detail = await ok(other.get(`${base}/issues/${itemId}/`));
    if (detail.name !== name) stale.push(`${name}: the detail read ${detail.name}`);
    // The board comes from the other node's cache when it has the page: it must have heard.
    const board = await ok(other.get(`${base}/issues/?group_by=state_id&per_page=30&order_by=sort_order`));
    const onBoard = Object.values(
      board.results as Record<string, { results: { id: string; name: string }[] }>,
    )
      .flatMap((group) => group.results)
      .find((r) => r.id === itemId)?.name;
    if (onBoard !== name) stale.push(`${name}: the board read ${onBoard}`);
  }
  expect(stale, 'reads after a write through the other node').toEqual([]);
  await ok(one.patch(`${base}/issues/${itemId}/`, { name: 'Written before the failover' }));

  const leader = info.postgres.find((p) => p.role === 'leader')!.name;
  // The renames' aftermath (outbox, notifications) settles first: a replica serves a read only
  // once it has replayed all the leader has written, so a leader still writing keeps reads on it.
  await new Promise((r) => setTimeout(r, 3000));
  const start = await commitsByNode(info);
  for (let i = 0; i < 100; i++) {
    // Reads that reach the database: a board page read again comes from the node's cache (and
    // its catch-up check, a `select 1` on the listening connection, counts on the leader).
    await Promise.all([
      ok(one.get(`${base}/issues/${itemId}/`)),
      ok(other.get(`${base}/issues/${itemId}/sub-issues/`)),
    ]);
  }
  const end = await commitsByNode(info);
  const delta = (name: string) => end.get(name)! - start.get(name)!;
  const onLeader = delta(leader);
  const onReplicas = info.postgres
    .filter((p) => p.name !== leader)
    .reduce((sum, p) => sum + delta(p.name), 0);
  // The replicas serve reads. How many depends on the machine: a GET reads on a replica only once
  // it has replayed all the leader had written when the request came, so on a quiet machine most
  // statements land there (609:20, 645:102 here), but when other suites share the two cores the
  // replicas' replay lags the leader's background writes and reads fall back (37:94 once). Until
  // reads compare with the user's own last write (#32), the share is reported, not asserted.
  expect(
    onReplicas,
    `statements on the replicas (${onReplicas}) vs the leader (${onLeader})`,
  ).toBeGreaterThan(0);
  return {
    read_your_writes_checks: 200,
    reads_on_replicas: onReplicas,
    reads_on_leader: onLeader,
  };
}

/** Seconds from `killedAt` until a write begun after it was acknowledged (undefined: not within the bound). */
async function recovery(acknowledged: Acknowledged[], killedAt: number): Promise<number | undefined> {
  while (performance.now() - killedAt < FAILOVER_BOUND_MS) {
    const first = acknowledged.find((a) => a.startedAt > killedAt);
    if (first) return Number(((first.at - killedAt) / 1000).toFixed(1));
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** Answers users saw that were not 2xx (by status), from a report's counts before and after. */
function notOk(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const [status, n] of Object.entries(after)) {
    const delta = n - (before[status] ?? 0);
    if (delta > 0 && !/^2/.test(status)) seen[status] = delta;
  }
  return seen;
}

describe.skipIf(skipReason)('PostgreSQL cluster', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-cluster-test-'));
  let info: ClusterInfo;
  let users: SimulatedUsers | undefined;
  let webhook: WebhookWitness | undefined;
  let coEditing: CoEditing | undefined;
  afterAll(async () => {
    users?.close();
    coEditing?.close();
    await webhook?.close();
    // CLUSTER_KEEP=1 keeps the folder (logs, data) for a look after a failure.
    const down = await cluster(
      ['down', '--dir', dir, ...(process.env.CLUSTER_KEEP ? ['--keep'] : [])],
      120_000,
    );
    if (down.code !== 0) console.log(`cluster down failed:\n${down.stderr}`);
  });

  const status = async (): Promise<ClusterInfo> => {
    const run = await cluster(['status', '--dir', dir], 30_000);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split('\n').pop()!);
  };
  /** Until every node runs again, with a leader and a synchronous standby. */
  const healthy = async () => {
    const deadline = performance.now() + 120_000;
    for (;;) {
      const now = await status();
      const roles = now.postgres.map((p) => p.role);
      if (roles.includes('leader') && roles.includes('sync_standby') && !roles.includes('stopped'))
        return now;
      if (performance.now() > deadline)
        throw new Error(`cluster not healthy: ${JSON.stringify(now.postgres)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const bringBack = async (name: string) => {
    const run = await cluster(['start-node', name, '--dir', dir], 200_000);
    expect(run.code, `start-node ${name}:\n${run.stderr}`).toBe(0);
    return healthy();
  };

  it('comes up with a leader, a synchronous standby and two app nodes, and reads on the replicas without a stale read', async () => {
    const upStarted = performance.now();
    const upRun = await cluster(['up', '--app-nodes', '2', '--dir', dir], 400_000);
    const upSeconds = (performance.now() - upStarted) / 1000;
    expect(upRun.code, `cluster up failed:\n${upRun.stderr}`).toBe(0);
    info = JSON.parse(upRun.stdout.trim().split('\n').pop()!);

    expect(info.dir).toBe(dir);
    expect(info.apps).toHaveLength(2);
    expect(info.postgres).toHaveLength(3);
    const roles = info.postgres.map((p) => p.role).sort();
    expect(roles.filter((r) => r === 'leader')).toHaveLength(1);
    expect(roles.filter((r) => r === 'sync_standby')).toHaveLength(1);
    for (const node of info.postgres) {
      expect(node.pid, `${node.name} postmaster`).toBeGreaterThan(0);
      expect(node.patroni_pid, `${node.name} Patroni`).toBeGreaterThan(0);
    }
    for (const url of [info.url, ...info.apps.map((a) => a.url)]) {
      expect((await fetch(`${url}/api/ready/`)).status, url).toBe(200);
    }

    // Writes through the app port (HAProxy, round robin over both nodes).
    const { client, base } = await signedInProject(info.url, 'CLU');
    // A live-events WebSocket through HAProxy hears the write (whichever node made it).
    const slug = base.split('/')[3]!;
    const live = await openLiveListener(info.url, client, slug);
    const before = await ok(client.post(`${base}/issues/`, { name: 'Written first' }));
    const heardBy = Date.now() + 10_000;
    while (!live.heard.has(changeKey('issue', 'created', before.id)) && Date.now() < heardBy) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(live.failures).toEqual([]);
    expect(live.heard.has(changeKey('issue', 'created', before.id)), 'the WebSocket heard the write').toBe(
      true,
    );
    live.close();

    const reads = await readYourWrites(info, client, base, before.id);
    console.log(`cluster ${JSON.stringify({ up_s: Number(upSeconds.toFixed(1)), ...reads })}`);
  });

  it(`keeps ${USERS} users' work through a replica's death, the leader's postmaster's, and the leader host's ${LEADER_KILLS} time(s)`, async () => {
    expect(info, 'the cluster came up').toBeDefined();
    const [one, two] = info.apps.map((a) => a.url) as [string, string];
    users = await startUsers(info.url, [one, two], USERS, { listenEvery: 5 });
    // Beside the users: a webhook of the first user's workspace, and a page co-edited through both nodes.
    const first = users.account(0);
    webhook = await startWebhookWitness(first.client, first.slug);
    const beforeWebhook = new Set(first.itemIds());
    coEditing = await startCoEditing([one, two], first.client, first.base);
    const events: Record<string, unknown>[] = [];
    await new Promise((r) => setTimeout(r, 3000));
    expect(users.acknowledged.length, 'writes before anything dies').toBeGreaterThan(USERS);

    // A replica (not the synchronous standby, whose death stalls commits until Patroni names
    // another: see docs/deployment.md) dies under the load: reads move, users see nothing.
    let now = await healthy();
    const replica = now.postgres.find((p) => p.role === 'replica')!;
    const beforeReplica = { ...users.report.statuses };
    process.kill(replica.patroni_pid!, 'SIGKILL');
    process.kill(replica.pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 5000));
    const replicaSeen = notOk(beforeReplica, users.report.statuses);
    expect(replicaSeen, 'answers users saw while a replica died').toEqual({});
    events.push({ killed: `${replica.name} (replica)`, users_saw: replicaSeen });
    now = await bringBack(replica.name);

    // The leader's postmaster alone: Patroni starts it again (or fails over), users retry.
    const leaderNode = now.postgres.find((p) => p.role === 'leader')!;
    let killedAt = performance.now();
    process.kill(leaderNode.pid!, 'SIGKILL');
    const postmasterRecovery = await recovery(users.acknowledged, killedAt);
    expect(postmasterRecovery, `writes again within ${FAILOVER_BOUND_MS / 1000} s`).toBeDefined();
    now = await healthy();
    events.push({
      killed: `${leaderNode.name} postmaster`,
      writes_again_s: postmasterRecovery,
      leader_after: now.postgres.find((p) => p.role === 'leader')!.name,
    });

    for (let round = 1; round <= LEADER_KILLS; round++) {
      const leader = now.postgres.find((p) => p.role === 'leader')!;
      const standby = now.postgres.find((p) => p.role === 'sync_standby')!;
      killedAt = performance.now();
      process.kill(leader.patroni_pid!, 'SIGKILL');
      process.kill(leader.pid!, 'SIGKILL');
      const seconds = await recovery(users.acknowledged, killedAt);
      expect(seconds, `round ${round}: writes again within ${FAILOVER_BOUND_MS / 1000} s`).toBeDefined();
      const after = await status();
      expect(after.postgres.find((p) => p.name === standby.name)!.role, 'the synchronous standby leads').toBe(
        'leader',
      );
      expect(after.postgres.find((p) => p.name === leader.name)).toMatchObject({
        role: 'stopped',
        pid: null,
        patroni_pid: null,
      });
      events.push({ killed: `${leader.name} host`, promoted: standby.name, writes_again_s: seconds });
      // Load on the new leader for a while, then the old one rejoins as a replica.
      await new Promise((r) => setTimeout(r, 2000));
      now = await bringBack(leader.name);
    }

    await new Promise((r) => setTimeout(r, 2000));
    const report = await users.stop();
    // Live events of the last writes may still be on their way.
    const heardBy = performance.now() + 15_000;
    while (users.unheard().length > 0 && performance.now() < heardBy)
      await new Promise((r) => setTimeout(r, 200));
    const unheard = users.unheard();
    const { lost, doubled } = await users.verify(info.write_url);
    const page = await coEditing.finish();
    const hooks = await webhook.check(first.itemIds().filter((id) => !beforeWebhook.has(id)));
    console.log(
      `cluster failovers ${JSON.stringify({ users: USERS, events, ...report, errors: report.errors.length, hung: report.hung.length, stale: report.stale.length, lost: lost.length, doubled: doubled.length, unheard: unheard.length, page_lines: page.typed, webhook_resends: hooks.resent })}`,
    );
    expect(lost, 'acknowledged writes lost').toEqual([]);
    expect(doubled, 'creates made twice').toEqual([]);
    expect(report.errors, 'answers of 500').toEqual([]);
    expect(report.hung, `requests without an answer in ${REQUEST_BOUND_MS / 1000} s`).toEqual([]);
    expect(report.gaveUp, 'writes never acknowledged').toEqual([]);
    expect(report.stale, 'reads through the other node that missed the user’s write').toEqual([]);
    expect(unheard, 'events the users’ live sockets missed').toEqual([]);
    expect(page.missingOn, 'lines one editor typed that the other never got').toEqual({
      [one]: [],
      [two]: [],
    });
    expect(page.notStored, 'typed lines missing from the stored page').toEqual([]);
    expect(hooks.undelivered, 'created work items no webhook delivery announced').toEqual([]);
    expect(hooks.doubled, 'work items announced by two different deliveries').toEqual([]);
  });
});
