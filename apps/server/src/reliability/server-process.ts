import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far (mail lines included: the log mailer prints them). */
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

/** The production build, built first when missing (the suites run after `npm run build` in `npm test`). */
function ensureBuilt() {
  if (!fs.existsSync(MAIN))
    execFileSync('npm', ['run', 'build', '-w', '@kite/server'], { cwd: ROOT, stdio: 'ignore' });
}

/** The production server as a process of its own on a free port, ready (`/api/ready/`) when this resolves. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  ensureBuilt();
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    const ready = await fetch(`${baseUrl}/api/ready/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The link of the latest mail the process logged for `email`. */
export function mailedLink(server: ServerProcess, email: string): string {
  const line = server
    .output()
    .split('\n')
    .reverse()
    .find((l) => l.includes(`MAIL to=${email} `) && l.includes(' link='));
  if (!line) throw new Error(`no mail with a link to ${email}`);
  return line.split(' link=')[1]!.trim();
}
