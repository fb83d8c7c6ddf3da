/**
 * The cluster row of `npm run bench -- --cluster`: the app on `npm run cluster`'s PostgreSQL
 * (three Patroni nodes, synchronous mode, HAProxy) measures what replicas buy and what synchronous
 * replication costs on this machine — issue-detail reads with 2, 1 and 0 replicas serving reads,
 * and state-change writes with synchronous replication on and off.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { loadFixture, type ScenarioRun, signIn } from './api.ts';
import { seedPostgres } from './datasets.ts';
import { type LoadOptions, type RequestSpec, runLoad } from './load.ts';
import { ROOT, startAppServer } from './servers.ts';

interface ClusterNode {
  name: string;
  port: number;
  pid: number | null;
  patroni_pid: number | null;
  role: 'leader' | 'sync_standby' | 'replica' | 'stopped';
  rest_port: number;
}

interface ClusterInfo {
  write_url: string;
  read_url: string;
  postgres: ClusterNode[];
  dir: string;
}

/** A read run with where its transactions went. */
export interface ClusterScenarioRun extends ScenarioRun {
  /** Share of the transactions committed during the run that ran on a replica (0–1). */
  replicaShare?: number;
}

export interface ClusterRun {
  issues: number;
  seedSeconds: number;
  appNodes: number;
  runs: ClusterScenarioRun[];
}

export interface ClusterOptions {
  issues: number;
  seed: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

const CLUSTER_SCRIPT = path.join(ROOT, 'scripts/cluster.mjs');
/** The app rests its read path this long after a replica failed (read-replicas.ts), plus a second. */
const REPLICA_REST_SETTLE_MS = 6000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `npm run cluster -- …` and returns its JSON line; its progress goes to stderr as it comes. */
function clusterScript(args: string[]): Promise<ClusterInfo> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLUSTER_SCRIPT, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.on('exit', (code) => {
      const line = stdout.trim().split('\n').pop();
      if (code !== 0) reject(new Error(`npm run cluster -- ${args.join(' ')} exited with ${code}`));
      else resolve(line ? (JSON.parse(line) as ClusterInfo) : (undefined as unknown as ClusterInfo));
    });
  });
}

async function waitUntil(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`cluster bench: timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const nodeUrl = (info: ClusterInfo, node: ClusterNode) => info.write_url.replace(/:\d+\//, `:${node.port}/`);

/** Patroni's roles now (GET /cluster from the first node that answers). */
async function roles(info: ClusterInfo): Promise<Map<string, string>> {
  for (const node of info.postgres) {
    try {
      const res = await fetch(`http://127.0.0.1:${node.rest_port}/cluster`, {
        signal: AbortSignal.timeout(2000),
      });
      const body = (await res.json()) as { members: { name: string; role: string; state: string }[] };
      return new Map(body.members.filter((m) => m.state !== 'stopped').map((m) => [m.name, m.role]));
    } catch {}
  }
  throw new Error('no Patroni answers GET /cluster');
}

/**
 * The PostgreSQL ports behind HAProxy's read port, seen from outside: fresh connections (HAProxy
 * balances them round-robin) each ask their server's port. A refused connection means HAProxy has
 * not yet routed around a node that went away.
 */
async function readPortServers(info: ClusterInfo, tries = 6): Promise<Set<number>> {
  const ports = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const [row] = await query<{ port: number }>(info.read_url, 'select inet_server_port() as port');
    ports.add(row!.port);
  }
  return ports;
}

async function waitForReadPort(info: ClusterInfo, nodes: ClusterNode[]): Promise<void> {
  const wanted = nodes
    .map((n) => n.port)
    .sort()
    .join();
  await waitUntil(`HAProxy's read port to reach ${nodes.map((n) => n.name).join(', ')}`, 60_000, async () => {
    const seen = [...(await readPortServers(info))].sort().join();
    return seen === wanted;
  });
}

/** Stops a node cleanly: its Patroni on SIGTERM shuts its PostgreSQL down (fast) and leaves. */
async function stopNode(node: ClusterNode): Promise<void> {
  const running = (pid: number | null) => {
    if (!pid) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  process.kill(node.patroni_pid!, 'SIGTERM');
  await waitUntil(
    `${node.name} to stop`,
    60_000,
    async () => !running(node.patroni_pid) && !running(node.pid),
  );
}

/** Patroni's `synchronous_mode`, switched and waited for until the leader applies it. */
async function setSynchronous(info: ClusterInfo, leader: ClusterNode, on: boolean): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${leader.rest_port}/config`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ synchronous_mode: on }),
  });
  if (!res.ok) throw new Error(`Patroni PATCH /config: ${res.status} ${await res.text()}`);
  await waitUntil(`synchronous replication ${on ? 'on' : 'off'}`, 60_000, async () => {
    const [row] = await query<{ names: string }>(
      nodeUrl(info, leader),
      "select current_setting('synchronous_standby_names') as names",
    );
    const hasSyncStandby = [...(await roles(info)).values()].includes('sync_standby');
    return on ? row!.names !== '' && hasSyncStandby : row!.names === '' && !hasSyncStandby;
  });
}

/** Transactions committed so far in the app's database, per running node. */
async function commitsByNode(info: ClusterInfo, nodes: ClusterNode[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const [row] = await query<{ n: string }>(
      nodeUrl(info, node),
      'select xact_commit::text as n from pg_stat_database where datname = current_database()',
    );
    counts.set(node.name, Number(row?.n ?? 0));
  }
  return counts;
}

/**
 * Brings a cluster up (no app node of its own), seeds it through the write port, starts one app
 * node on it (DATABASE_URL = write port, DATABASE_READ_URL = read port) and measures; the cluster
 * is torn down at the end, also on failure or Ctrl-C.
 */
export async function runClusterBench(
  options: ClusterOptions,
  log: (line: string) => void,
): Promise<ClusterRun> {
  log(
    `\n== cluster: 3 PostgreSQL nodes (Patroni, synchronous mode), HAProxy, 1 app node; ${options.issues} work items`,
  );
  const info = await clusterScript(['up', '--app-nodes', '0']);
  const tearDown = () =>
    clusterScript(['down', '--dir', info.dir]).catch((e: Error) => log(`cluster down: ${e.message}`));
  const onSignal = async () => {
    await tearDown();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await measure(info, options, log);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await tearDown();
  }
}

async function measure(
  info: ClusterInfo,
  options: ClusterOptions,
  log: (line: string) => void,
): Promise<ClusterRun> {
  const seedSeconds = await seedPostgres(info.write_url, options.issues, options.seed);
  const server = await startAppServer({ databaseUrl: info.write_url, databaseReadUrl: info.read_url });
  const runs: ClusterScenarioRun[] = [];
  try {
    const session = await signIn(server.baseUrl);
    const fixture = await loadFixture(server.baseUrl, session);
    const load = (connections: number, write: boolean): LoadOptions => ({
      baseUrl: server.baseUrl,
      headers: write ? session.writeHeaders : session.headers,
      connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
    });
    const record = (run: ClusterScenarioRun) => {
      runs.push(run);
      const share =
        run.replicaShare === undefined
          ? ''
          : `  ${Math.round(run.replicaShare * 100)}% of commits on replicas`;
      log(
        `${run.id.padEnd(10)} c=${String(run.result.connections).padEnd(3)} p50 ${run.result.p50} ms  p95 ${run.result.p95} ms  ` +
          `${run.result.rps} req/s  errors ${run.result.errors + run.result.non2xx}${share}  ${run.label}`,
      );
    };

    // Writes: a state change (A5's), which commits on the leader and, in synchronous mode, waits
    // for the synchronous standby's flush.
    let i = 0;
    const stateChange: RequestSpec = {
      method: 'PATCH',
      path: '',
      setup: () => {
        i += 1;
        return {
          method: 'PATCH',
          path: `${fixture.projectBase}/issues/${fixture.issueIds[i % fixture.issueIds.length]}/`,
          body: JSON.stringify({ state_id: fixture.stateIds[i % fixture.stateIds.length] }),
        };
      },
    };
    const leader = () => info.postgres.find((n) => n.role === 'leader')!;
    for (const connections of [1, options.connections]) {
      const result = await runLoad(stateChange, load(connections, true));
      record({ id: 'CL-W-sync', label: 'state change, synchronous replication (default)', result });
    }
    await setSynchronous(info, leader(), false);
    try {
      for (const connections of [1, options.connections]) {
        const result = await runLoad(stateChange, load(connections, true));
        record({ id: 'CL-W-async', label: 'state change, asynchronous replication', result });
      }
    } finally {
      await setSynchronous(info, leader(), true);
    }

    // Reads that reach the database: the issue detail over 1,000 different work items (board and
    // list pages would mostly come from the in-process list cache).
    let j = 0;
    const detail: RequestSpec = {
      path: '',
      setup: () => ({
        path: `${fixture.projectBase}/issues/${fixture.issueIds[j++ % fixture.issueIds.length]}/`,
      }),
    };
    const readRun = async (id: string, label: string, running: ClusterNode[]) => {
      const replicas = running.filter((n) => n.role !== 'leader');
      await waitForReadPort(info, replicas.length > 0 ? replicas : [leader()]);
      const before = await commitsByNode(info, running);
      const result = await runLoad(detail, load(options.connections, false));
      const after = await commitsByNode(info, running);
      const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      const total = running.reduce((sum, n) => sum + delta(n.name), 0);
      const onReplicas = replicas.reduce((sum, n) => sum + delta(n.name), 0);
      record({ id, label, result, replicaShare: total > 0 ? onReplicas / total : 0 });
    };
    const current = await roles(info);
    for (const node of info.postgres)
      node.role = (current.get(node.name) as ClusterNode['role']) ?? 'stopped';
    const standby = info.postgres.find((n) => n.role === 'sync_standby')!;
    const replica = info.postgres.find((n) => n.role === 'replica')!;
    await readRun('CL-R-2', 'issue detail over 1,000 items, 2 replicas serve reads', info.postgres);

    log(`  stopping ${replica.name} (asynchronous replica)`);
    await stopNode(replica);
    await waitForReadPort(info, [standby]);
    await sleep(REPLICA_REST_SETTLE_MS);
    await readRun('CL-R-1', 'issue detail over 1,000 items, 1 replica serves reads', [leader(), standby]);

    log(`  stopping ${standby.name} (synchronous standby)`);
    await stopNode(standby);
    await waitUntil('the leader to drop its synchronous standby', 60_000, async () => {
      const [row] = await query<{ names: string }>(
        nodeUrl(info, leader()),
        "select current_setting('synchronous_standby_names') as names",
      );
      return row!.names === '';
    });
    await waitForReadPort(info, [leader()]);
    await sleep(REPLICA_REST_SETTLE_MS);
    await readRun('CL-R-0', 'issue detail over 1,000 items, leader only (no replica left)', [leader()]);
  } finally {
    await server.stop();
  }
  return { issues: options.issues, seedSeconds, appNodes: 1, runs };
}
