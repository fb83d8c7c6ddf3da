// The state file (`cluster.json` in the cluster's folder) and the cluster's status as it is now.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alive, postmasterPid } from './processes.mjs';

export const STATE_FILE = 'cluster.json';
/** Remembers the folder of the last `up`, for `status` and `down` without --dir. */
export const LAST_DIR_FILE = path.join(os.tmpdir(), 'kite-cluster-last');

export function readState(dir) {
  const file = path.join(dir, STATE_FILE);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function writeState(state) {
  const file = path.join(state.dir, STATE_FILE);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

export function rememberDir(dir) {
  fs.writeFileSync(LAST_DIR_FILE, `${dir}\n`);
}

/** --dir, else the folder of the last `up` (if it still has a state file). */
export function resolveDir(given) {
  if (given) return path.resolve(given);
  if (!fs.existsSync(LAST_DIR_FILE)) return undefined;
  const dir = fs.readFileSync(LAST_DIR_FILE, 'utf8').trim();
  return dir || undefined;
}

async function getJson(url, timeoutMs = 2000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  } catch {
    return undefined;
  }
}

/** Patroni's view of the cluster (GET /cluster), from the first node that answers. */
export async function patroniCluster(state) {
  for (const node of state.postgres) {
    const answer = await getJson(`http://127.0.0.1:${node.rest_port}/cluster`);
    if (answer?.status === 200 && answer.body?.members) return answer.body;
  }
  return undefined;
}

const RUNNING = new Set(['running', 'streaming']);

/** `leader`, `sync_standby`, `replica` (Patroni's names), or `stopped` when its PostgreSQL does not run. */
function roleOf(member, pid) {
  if (!member || !pid || !RUNNING.has(member.state)) return 'stopped';
  if (member.role === 'master' || member.role === 'primary') return 'leader';
  return member.role;
}

/** The line `up` and `status` print, with roles and process ids as they are now. */
export async function currentStatus(state) {
  const cluster = await patroniCluster(state);
  const postgres = state.postgres.map((node) => {
    const pid = postmasterPid(node.data_dir);
    const member = cluster?.members?.find((m) => m.name === node.name);
    return {
      name: node.name,
      port: node.port,
      pid,
      patroni_pid: alive(node.patroni_pid, 'patroni') ? node.patroni_pid : null,
      role: roleOf(member, pid),
      rest_port: node.rest_port,
      ...(member?.lag !== undefined && member.lag !== '' ? { lag: member.lag } : {}),
    };
  });
  return {
    url: state.url,
    apps: state.apps.map((a) => ({ name: a.name, url: a.url, pid: alive(a.pid, 'main.js') ? a.pid : null })),
    write_url: state.write_url,
    read_url: state.read_url,
    postgres,
    dir: state.dir,
  };
}

/** Every process id the state names that still runs, with what its command line must contain. */
export function processesOf(state) {
  return {
    apps: state.apps.map((a) => ({ pid: a.pid, expect: 'main.js' })),
    haproxy: state.haproxy ? [{ pid: state.haproxy.pid, expect: 'haproxy' }] : [],
    s3: state.s3?.pid ? [{ pid: state.s3.pid, expect: 's3.mjs' }] : [],
    patroni: state.postgres.map((n) => ({ pid: n.patroni_pid, expect: 'patroni' })),
    postmasters: state.postgres.map((n) => ({ pid: postmasterPid(n.data_dir), expect: 'postgres' })),
    etcd: state.etcd ? [{ pid: state.etcd.pid, expect: 'etcd' }] : [],
  };
}
