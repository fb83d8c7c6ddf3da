// `npm run cluster -- up [--app-nodes N] [--dir DIR]`: a PostgreSQL 15 cluster of three
// Patroni-managed nodes in synchronous mode (etcd as Patroni's store), HAProxy with a write port
// (leader), a read port (replicas) and an app port (N app nodes of the production build), all on
// 127.0.0.1, for tests and benchmarks. Prints one JSON line. `status` prints it as it is now;
// `down [--keep]` stops what `up` started, by process id; `start-node NAME` brings a stopped
// node back as a replica. docs/architecture.md, "Running on a
// PostgreSQL cluster".
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE, etcdArgs, haproxyConfig, patroniYaml, postBootstrapScript } from './cluster/configs.mjs';
import { freePorts } from './cluster/ports.mjs';
import { alive, postgresUser, startDetached, stopProcesses } from './cluster/processes.mjs';
import {
  currentStatus,
  processesOf,
  readState,
  rememberDir,
  resolveDir,
  STATE_FILE,
  writeState,
} from './cluster/state.mjs';
import { ensureTools } from './cluster/tools.mjs';
import { ensureBuilt, root } from './lib.mjs';

const NODES = ['pg1', 'pg2', 'pg3'];
const S3_BUCKET = 'kite';
/** How long `up` waits for a leader and a synchronous standby. */
const CLUSTER_TIMEOUT_MS = Number(process.env.CLUSTER_UP_TIMEOUT_MS || 120_000);
const APP_TIMEOUT_MS = 120_000;

/** Progress goes to stderr: stdout carries the one JSON line. */
const log = (...args) => console.error('[cluster]', ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class ClusterError extends Error {}

async function waitFor(what, timeoutMs, check, logFile) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) {
      throw new ClusterError(
        `timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}; see ${logFile}`,
      );
    }
    await sleep(250);
  }
}

async function ok(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** One HAProxy admin-socket command's answer. */
function haproxyCommand(socketPath, command) {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let text = '';
    socket.setTimeout(2000);
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', () => resolve(''));
    socket.on('timeout', () => {
      socket.destroy();
      resolve('');
    });
  });
}

/** The servers HAProxy counts as up, per backend: `{ pg_primary: ['pg2'], … }`. */
async function haproxyUp(socketPath) {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const up = {};
  for (const line of csv.split('\n')) {
    const [backend, server, ...rest] = line.split(',');
    if (!backend || backend.startsWith('#') || server === 'FRONTEND' || server === 'BACKEND') continue;
    up[backend] ??= [];
    if (rest[15]?.startsWith('UP')) up[backend].push(server);
  }
  return up;
}

/**
 * Whether HAProxy routes as Patroni says: the leader alone behind the write port, the running
 * replicas behind the read port (HAProxy starts with every server up until its first checks).
 */
async function haproxyAgrees(state) {
  const servers = await haproxyUp(state.haproxy.stats_socket);
  const roles = (await currentStatus(state)).postgres;
  const names = (wanted) =>
    roles
      .filter((p) => wanted.includes(p.role))
      .map((p) => p.name)
      .sort()
      .join();
  return (
    (servers.pg_primary ?? []).sort().join() === names(['leader']) &&
    (servers.pg_replicas ?? []).sort().join() === names(['sync_standby', 'replica'])
  );
}

function prepareDir(given) {
  let dir;
  if (given) {
    dir = path.resolve(given);
    const previous = fs.existsSync(dir) ? readState(dir) : undefined;
    if (previous) {
      const running = Object.values(processesOf(previous))
        .flat()
        .some((p) => alive(p.pid, p.expect));
      if (running)
        throw new ClusterError(
          `a cluster already runs in ${dir}; \`npm run cluster -- down --dir ${dir}\` first`,
        );
      fs.rmSync(dir, { recursive: true, force: true });
    }
    fs.mkdirSync(dir, { recursive: true });
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-cluster-'));
  }
  // Patroni runs as `postgres`: it must reach its own folder below this one.
  fs.chmodSync(dir, 0o755);
  return dir;
}

function chown(file, user) {
  if (user) fs.chownSync(file, user.uid, user.gid);
}

async function up(options) {
  const started = performance.now();
  const appNodes = Number(options['app-nodes'] ?? 2);
  if (!Number.isInteger(appNodes) || appNodes < 0)
    throw new ClusterError('--app-nodes takes a whole number ≥ 0');
  ensureTools(log);
  if (appNodes > 0) await ensureBuilt({ toStderr: true });
  const user = postgresUser();
  const last = resolveDir(undefined);
  const lastState =
    last && last !== (options.dir && path.resolve(options.dir)) && fs.existsSync(last)
      ? readState(last)
      : undefined;
  if (
    lastState &&
    Object.values(processesOf(lastState))
      .flat()
      .some((p) => alive(p.pid, p.expect))
  ) {
    log(`note: the cluster in ${last} still runs; stop it with \`npm run cluster -- down --dir ${last}\``);
  }
  const dir = prepareDir(options.dir);
  rememberDir(dir);
  log(`folder ${dir}`);

  const [etcdClient, etcdPeer, writePort, readPort, appPort, s3Port, ...rest] = await freePorts(
    6 + NODES.length * 2 + appNodes,
  );
  const state = {
    dir,
    started_at: new Date().toISOString(),
    url: appNodes > 0 ? `http://127.0.0.1:${appPort}` : null,
    write_url: `postgres://postgres@127.0.0.1:${writePort}/${DATABASE}`,
    read_url: `postgres://postgres@127.0.0.1:${readPort}/${DATABASE}`,
    ports: { etcd_client: etcdClient, etcd_peer: etcdPeer, write: writePort, read: readPort, app: appPort },
    etcd: undefined,
    s3: undefined,
    haproxy: undefined,
    postgres: [],
    apps: [],
  };
  const save = () => writeState(state);
  save();
  // Ctrl-C during `up` stops what was started so far.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      log(`${signal}: stopping what was started; logs stay in ${dir}`);
      await stopAll(state);
      process.exit(130);
    });
  }

  try {
    // etcd: Patroni's store (leader key, configuration, members).
    const etcdLog = path.join(dir, 'etcd.log');
    const etcdPid = startDetached(
      '/usr/bin/etcd',
      etcdArgs({
        dataDir: path.join(dir, 'etcd'),
        clientPort: etcdClient,
        peerPort: etcdPeer,
        token: `kite-${randomBytes(4).toString('hex')}`,
      }),
      { log: etcdLog, cwd: dir, env: process.env },
    );
    state.etcd = { pid: etcdPid, log: etcdLog };
    save();
    await waitFor(
      'etcd',
      30_000,
      async () => {
        if (!alive(etcdPid, 'etcd')) throw new ClusterError(`etcd exited; see ${etcdLog}`);
        return ok(`http://127.0.0.1:${etcdClient}/health`);
      },
      etcdLog,
    );

    // Three Patroni nodes, started together: one bootstraps, the others copy it (pg_basebackup).
    const postBootstrap = path.join(dir, 'post-bootstrap.sh');
    fs.writeFileSync(postBootstrap, postBootstrapScript(), { mode: 0o755 });
    for (const [i, name] of NODES.entries()) {
      const nodeDir = path.join(dir, name);
      fs.mkdirSync(nodeDir, { mode: 0o700 });
      chown(nodeDir, user);
      const node = {
        name,
        port: rest[i * 2],
        rest_port: rest[i * 2 + 1],
        data_dir: path.join(nodeDir, 'data'),
      };
      const config = path.join(nodeDir, 'patroni.yml');
      fs.writeFileSync(
        config,
        patroniYaml({
          name,
          nodeDir,
          dataDir: node.data_dir,
          port: node.port,
          restPort: node.rest_port,
          etcdPort: etcdClient,
          postBootstrap,
        }),
      );
      chown(config, user);
      node.log = path.join(dir, `${name}.log`);
      node.config = config;
      node.patroni_pid = startPatroni(node, user);
      state.postgres.push(node);
    }
    save();

    // S3-compatible file store shared by the app nodes (s3rver, a dev dependency); without it each
    // node keeps its files in its own folder.
    let s3Env = {};
    if (appNodes > 0) {
      const s3Script = path.join(root, 'scripts/cluster/s3.mjs');
      const s3Available = fs.existsSync(path.join(root, 'node_modules/s3rver'));
      if (s3Available) {
        const s3Log = path.join(dir, 's3.log');
        const s3Dir = path.join(dir, 's3');
        fs.mkdirSync(s3Dir);
        const pid = startDetached(process.execPath, [s3Script, String(s3Port), s3Dir, S3_BUCKET], {
          log: s3Log,
          cwd: root,
          env: process.env,
        });
        state.s3 = { pid, port: s3Port, log: s3Log, endpoint: `http://127.0.0.1:${s3Port}` };
        save();
        s3Env = {
          S3_ENDPOINT: state.s3.endpoint,
          S3_BUCKET,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_REGION: 'us-east-1',
          S3_FORCE_PATH_STYLE: 'true',
        };
      } else {
        log('s3rver is not installed: each app node keeps uploaded files in its own folder');
      }
    }

    const nodeLogs = state.postgres.map((n) => n.log).join(', ');
    await waitFor(
      'a leader and a synchronous standby',
      CLUSTER_TIMEOUT_MS,
      async () => {
        for (const n of state.postgres) {
          if (!alive(n.patroni_pid, 'patroni'))
            throw new ClusterError(`Patroni ${n.name} exited; see ${n.log}`);
        }
        const roles = (await currentStatus(state)).postgres.map((p) => p.role);
        return roles.includes('leader') && roles.includes('sync_standby');
      },
      nodeLogs,
    );
    log(
      `PostgreSQL: leader and synchronous standby after ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // HAProxy in front of everything.
    state.apps = Array.from({ length: appNodes }, (_, i) => ({
      name: `app${i + 1}`,
      port: rest[NODES.length * 2 + i],
      url: `http://127.0.0.1:${rest[NODES.length * 2 + i]}`,
      data_dir: path.join(dir, `app${i + 1}`),
      log: path.join(dir, `app${i + 1}.log`),
    }));
    const haproxyCfg = path.join(dir, 'haproxy.cfg');
    const statsSocket = path.join(dir, 'haproxy.sock');
    fs.writeFileSync(
      haproxyCfg,
      haproxyConfig({
        writePort,
        readPort,
        appPort,
        statsSocket,
        postgres: state.postgres,
        apps: state.apps,
      }),
    );
    const haproxyLog = path.join(dir, 'haproxy.log');
    const haproxyPid = startDetached('/usr/sbin/haproxy', ['-db', '-f', haproxyCfg], {
      log: haproxyLog,
      cwd: dir,
      env: process.env,
    });
    state.haproxy = { pid: haproxyPid, config: haproxyCfg, stats_socket: statsSocket, log: haproxyLog };
    save();
    await waitFor(
      'HAProxy to route to the leader and the replicas',
      30_000,
      async () => {
        if (!alive(haproxyPid, 'haproxy')) throw new ClusterError(`HAProxy exited; see ${haproxyLog}`);
        return haproxyAgrees(state);
      },
      haproxyLog,
    );

    // App nodes: the first alone (it migrates the database), then the others.
    if (appNodes > 0) {
      const secretKey = randomBytes(32).toString('hex');
      const startApp = async (app) => {
        fs.mkdirSync(app.data_dir);
        app.pid = startDetached(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
          log: app.log,
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
            HOST: '127.0.0.1',
            PORT: String(app.port),
            DATA_DIR: app.data_dir,
            DATABASE_URL: state.write_url,
            DATABASE_READ_URL: state.read_url,
            APP_BASE_URL: state.url,
            TRUST_PROXY: 'true',
            SECRET_KEY: secretKey,
            ...s3Env,
          },
        });
        save();
        await waitFor(
          `${app.name} to answer /api/health/`,
          APP_TIMEOUT_MS,
          async () => {
            if (!alive(app.pid, 'main.js')) throw new ClusterError(`${app.name} exited; see ${app.log}`);
            return ok(`${app.url}/api/health/`);
          },
          app.log,
        );
      };
      await startApp(state.apps[0]);
      await Promise.all(state.apps.slice(1).map(startApp));
      await waitFor(
        'HAProxy to see every app node',
        30_000,
        async () =>
          (await haproxyUp(statsSocket)).app_nodes?.length === appNodes && ok(`${state.url}/api/health/`),
        haproxyLog,
      );
    }
  } catch (error) {
    log(`up failed: ${error.message}`);
    log(`stopping what was started; logs stay in ${dir}`);
    await stopAll(state);
    process.exitCode = 1;
    return;
  }

  const status = await currentStatus(state);
  log(`up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(status));
}

/** A node's Patroni, as the postgres system user, logging to the node's log (appended). */
function startPatroni(node, user) {
  const nodeDir = path.dirname(node.config);
  return startDetached('/usr/bin/patroni', [node.config], {
    log: node.log,
    cwd: nodeDir,
    env: { PATH: process.env.PATH, HOME: nodeDir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    user,
  });
}

/**
 * `start-node NAME`: starts again the Patroni of a node whose Patroni was stopped or killed (a
 * failover test brings the old leader back); it rejoins as a replica (pg_rewind when its WAL went
 * further than the new leader's). Waits until it streams, then prints the status line.
 */
async function startNode(options, name) {
  const dir = resolveDir(options.dir);
  const state = dir ? readState(dir) : undefined;
  if (!state) throw new ClusterError(dir ? `no cluster in ${dir}` : 'no cluster known');
  const node = state.postgres.find((n) => n.name === name);
  if (!node) throw new ClusterError(`no node ${name}; the nodes are ${NODES.join(', ')}`);
  if (alive(node.patroni_pid, 'patroni')) throw new ClusterError(`${name}'s Patroni still runs`);
  node.patroni_pid = startPatroni(node, postgresUser());
  writeState(state);
  await waitFor(
    `${name} to stream from the leader`,
    CLUSTER_TIMEOUT_MS,
    async () => {
      if (!alive(node.patroni_pid, 'patroni'))
        throw new ClusterError(`Patroni ${name} exited; see ${node.log}`);
      const role = (await currentStatus(state)).postgres.find((p) => p.name === name)?.role;
      return role === 'replica' || role === 'sync_standby';
    },
    node.log,
  );
  console.log(JSON.stringify(await currentStatus(state)));
}

/** Stops everything the state names, app nodes first and etcd last. */
async function stopAll(state) {
  const p = processesOf(state);
  await stopProcesses(p.apps, { graceMs: 15_000 });
  await stopProcesses([...p.haproxy, ...p.s3], { graceMs: 5000 });
  // Patroni stops its PostgreSQL on SIGTERM; a postmaster left behind (its Patroni killed) gets a
  // fast shutdown (SIGINT), then SIGKILL.
  await stopProcesses(p.patroni, { graceMs: 30_000 });
  await stopProcesses(processesOf(state).postmasters, { signal: 'SIGINT', graceMs: 15_000 });
  await stopProcesses(p.etcd, { graceMs: 5000 });
}

async function down(options) {
  const dir = resolveDir(options.dir);
  const state = dir && fs.existsSync(path.join(dir, STATE_FILE)) ? readState(dir) : undefined;
  if (!state) {
    log(dir ? `no cluster in ${dir}; nothing to stop` : 'no cluster known; nothing to stop');
    return;
  }
  await stopAll(state);
  if (options.keep) log(`stopped; ${dir} kept`);
  else {
    fs.rmSync(dir, { recursive: true, force: true });
    log(`stopped; ${dir} removed`);
  }
}

async function status(options) {
  const dir = resolveDir(options.dir);
  const state = dir ? readState(dir) : undefined;
  if (!state)
    throw new ClusterError(dir ? `no cluster in ${dir}` : 'no cluster known; `npm run cluster -- up` first');
  console.log(JSON.stringify(await currentStatus(state)));
}

/** Installs the missing system packages only (the tests call it before deciding to run). */
async function install() {
  ensureTools(log);
}

const USAGE = `usage: npm run cluster -- up [--app-nodes N] [--dir DIR]
       npm run cluster -- status [--dir DIR]
       npm run cluster -- down [--dir DIR] [--keep]
       npm run cluster -- start-node NAME [--dir DIR]   (a stopped node rejoins as a replica)
       npm run cluster -- install   (the apt packages only)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'app-nodes': { type: 'string' },
    dir: { type: 'string' },
    keep: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
const command = positionals[0];
const commands = { up, down, status, install, 'start-node': (options) => startNode(options, positionals[1]) };
if (values.help || !commands[command] || (command === 'start-node' && !positionals[1])) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
try {
  await commands[command](values);
} catch (error) {
  console.error(`[cluster] ${error instanceof ClusterError ? error.message : error.stack}`);
  process.exitCode = 1;
}
