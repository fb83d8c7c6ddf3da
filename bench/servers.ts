import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Resident memory of the server process (bytes), read from /proc. */
  rss(): Promise<number | null>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

async function readRss(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Starts a node script as its own process and waits until `/api/ready/` answers. */
async function startProcess(script: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, () => log);
  return {
    baseUrl,
    pid: child.pid!,
    rss: () => readRss(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The production build of the app (apps/server/dist/main.js) on a database of the bench's choosing. */
export function startAppServer(database: {
  dataDir?: string;
  databaseUrl?: string;
  /** Reads on replicas (a cluster's read port). */
  databaseReadUrl?: string;
}): Promise<RunningServer> {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', SERVER_TIMING: '1', AUTH_IP_RATE_LIMIT: '1000' };
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  if (database.databaseReadUrl) env.DATABASE_READ_URL = database.databaseReadUrl;
  if (database.dataDir) env.DATA_DIR = database.dataDir;
  return startProcess(path.join(ROOT, 'apps/server/dist/main.js'), env);
}

/** A bare Fastify route in its own process: the hardware baseline measured in the same run. */
export function startHelloServer(): Promise<RunningServer> {
  return startProcess(path.join(ROOT, 'bench/hello-server.mjs'), {});
}
