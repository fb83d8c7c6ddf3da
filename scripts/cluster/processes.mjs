// Starting detached processes with their output in a log file, and stopping them by process id.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

/** uid/gid of the `postgres` system user when running as root (PostgreSQL refuses root); else none. */
export function postgresUser() {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    throw new Error('running as root needs a `postgres` system user (PostgreSQL refuses to run as root)');
  }
}

/** Starts `command` in a session of its own, outliving this process; stdout and stderr go to `log`. */
export function startDetached(command, args, { log, cwd, env, user }) {
  const fd = fs.openSync(log, 'a');
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', fd, fd],
    ...(user ?? {}),
  });
  fs.closeSync(fd);
  child.on('error', () => {});
  child.unref();
  if (!child.pid) throw new Error(`could not start ${command} (see ${log})`);
  return child.pid;
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

function isZombie(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * Whether `pid` runs, and is still the process we mean: its command line contains `expect`
 * (a reused process id is left alone). Zombies count as gone.
 */
export function alive(pid, expect) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  if (isZombie(pid)) return false;
  const line = commandLine(pid);
  if (line === undefined) return process.platform !== 'linux';
  return !expect || line.includes(expect);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `signal` to each live process of `targets` ({pid, expect}), waits up to `graceMs` for them
 * to end, then SIGKILLs what is left. Resolves with the pids that had to be killed.
 */
export async function stopProcesses(targets, { signal = 'SIGTERM', graceMs = 15_000 } = {}) {
  const running = targets.filter((t) => alive(t.pid, t.expect));
  for (const t of running) {
    try {
      process.kill(t.pid, signal);
    } catch {}
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && running.some((t) => alive(t.pid, t.expect))) await sleep(100);
  const left = running.filter((t) => alive(t.pid, t.expect));
  for (const t of left) {
    try {
      process.kill(t.pid, 'SIGKILL');
    } catch {}
  }
  const killDeadline = Date.now() + 5000;
  while (Date.now() < killDeadline && left.some((t) => alive(t.pid, t.expect))) await sleep(100);
  return left.map((t) => t.pid);
}

/** The postmaster's process id from `postmaster.pid` in its data directory, if it runs. */
export function postmasterPid(dataDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  return alive(pid, 'postgres') ? pid : null;
}
