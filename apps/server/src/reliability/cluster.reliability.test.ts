import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../test/http-client.ts';
import { ok, signedInProject } from './fixtures.ts';
import { changeKey, openLiveListener } from './live-listener.ts';

/**
 * The app on a real PostgreSQL cluster (`npm run cluster`: etcd, three Patroni nodes in
 * synchronous mode, HAProxy, two app nodes). The leader's Patroni and postmaster are SIGKILLed
 * together while a client keeps writing through the app: writes succeed again once the
 * synchronous standby is promoted, and no acknowledged write is lost. Prints the time to `up`
 * and the failover time.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLUSTER = path.join(ROOT, 'scripts/cluster.mjs');
const FAILOVER_BOUND_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

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
      // Many sign-ins from 127.0.0.1 in a row.
      env: { ...process.env, AUTH_IP_RATE_LIMIT: '100000' },
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

/** `promise`, or undefined when it takes longer than `ms` (it is left to settle unobserved). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
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
 * rename through one app node, then at once the item and its list through the other — never the
 * old name. Then a read-only load through both nodes: most statements land on the replicas.
 */
async function readYourWrites(info: ClusterInfo, account: Client, base: string, itemId: string) {
  const [one, other] = info.apps.map((app) => account.sessionOn(app.url)) as [Client, Client];
  const stale: string[] = [];
  let staleLists = 0;
  for (let i = 0; i < 200; i++) {
    const name = `Renamed ${i}`;
    await ok(one.patch(`${base}/issues/${itemId}/`, { name }));
    const detail = await ok(other.get(`${base}/issues/${itemId}/`));
    if (detail.name !== name) stale.push(`${name}: read ${detail.name}`);
    const list = await ok(other.get(`${base}/issues/?per_page=50`));
    if (list.results.find((r: { id: string }) => r.id === itemId)?.name !== name) staleLists++;
  }
  expect(stale, 'reads after a write through the other node').toEqual([]);
  // Not yet asserted (issue #32 is open): the other node's list cache hears of a write by a NOTIFY
  // sent a few milliseconds after the write answers, so a list read at once through that node can
  // still show the page from before (a few in 200 here). The count is reported.
  await ok(one.patch(`${base}/issues/${itemId}/`, { name: 'Written before the failover' }));

  const leader = info.postgres.find((p) => p.role === 'leader')!.name;
  const start = await commitsByNode(info);
  for (let i = 0; i < 100; i++) {
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
  expect(
    onReplicas,
    `statements on the replicas (${onReplicas}) vs the leader (${onLeader})`,
  ).toBeGreaterThan(onLeader);
  return {
    read_your_writes_checks: 200,
    stale_reads: stale.length,
    stale_cached_lists: staleLists,
    reads_on_replicas: onReplicas,
    reads_on_leader: onLeader,
  };
}

describe.skipIf(skipReason)('PostgreSQL cluster failover', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-cluster-test-'));
  afterAll(async () => {
    const down = await cluster(['down', '--dir', dir], 120_000);
    if (down.code !== 0) console.log(`cluster down failed:\n${down.stderr}`);
  });

  it('reads on the replicas without a stale read, then promotes the synchronous standby after the leader dies, losing no acknowledged write', async () => {
    const upStarted = performance.now();
    const upRun = await cluster(['up', '--app-nodes', '2', '--dir', dir], 400_000);
    const upSeconds = (performance.now() - upStarted) / 1000;
    expect(upRun.code, `cluster up failed:\n${upRun.stderr}`).toBe(0);
    const info: ClusterInfo = JSON.parse(upRun.stdout.trim().split('\n').pop()!);

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
    const before = await ok(client.post(`${base}/issues/`, { name: 'Written before the failover' }));
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

    // A writer that keeps creating work items, one at a time, and keeps what was acknowledged.
    const acknowledged: { id: string; name: string; startedAt: number; at: number }[] = [];
    let failures = 0;
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const name = `Item ${++n}`;
        const startedAt = performance.now();
        const res = await within(client.post(`${base}/issues/`, { name }), ATTEMPT_TIMEOUT_MS);
        if (res && res.status < 300)
          acknowledged.push({ id: res.body.id, name, startedAt, at: performance.now() });
        else {
          failures++;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    })();

    await new Promise((r) => setTimeout(r, 2000));
    expect(acknowledged.length, 'writes before the kill').toBeGreaterThan(0);
    const leader = info.postgres.find((p) => p.role === 'leader')!;
    const standby = info.postgres.find((p) => p.role === 'sync_standby')!;
    const killedAt = performance.now();
    process.kill(leader.patroni_pid!, 'SIGKILL');
    process.kill(leader.pid!, 'SIGKILL');

    // The first write begun after the kill that is acknowledged ends the outage.
    let recoveredAt: number | undefined;
    while (performance.now() - killedAt < FAILOVER_BOUND_MS) {
      recoveredAt = acknowledged.find((a) => a.startedAt > killedAt)?.at;
      if (recoveredAt) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // A few more writes on the new leader, then stop.
    await new Promise((r) => setTimeout(r, 1000));
    writing = false;
    await writer;
    expect(recoveredAt, `no write succeeded within ${FAILOVER_BOUND_MS / 1000} s of the kill`).toBeDefined();
    const failoverSeconds = (recoveredAt! - killedAt) / 1000;

    // Every acknowledged write is there, read back through the app from the new leader.
    const got = await client.get(`${base}/issues/${before.id}/`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe('Written before the failover');
    const lost: string[] = [];
    for (const item of acknowledged) {
      const res = await client.get(`${base}/issues/${item.id}/`);
      if (res.status !== 200 || res.body.name !== item.name) lost.push(`${item.name} (${res.status})`);
    }
    expect(lost, 'acknowledged writes lost').toEqual([]);

    // Patroni promoted the synchronous standby; the killed node shows as stopped.
    const statusRun = await cluster(['status', '--dir', dir], 30_000);
    expect(statusRun.code, statusRun.stderr).toBe(0);
    const after: ClusterInfo = JSON.parse(statusRun.stdout.trim().split('\n').pop()!);
    const byName = (name: string) => after.postgres.find((p) => p.name === name)!;
    expect(byName(standby.name).role).toBe('leader');
    expect(byName(leader.name)).toMatchObject({ role: 'stopped', pid: null, patroni_pid: null });

    console.log(
      `cluster ${JSON.stringify({
        up_s: Number(upSeconds.toFixed(1)),
        failover_s: Number(failoverSeconds.toFixed(1)),
        acknowledged_writes: acknowledged.length,
        failed_attempts: failures,
        lost: lost.length,
        ...reads,
        killed: leader.name,
        promoted: standby.name,
      })}`,
    );
  });
});
