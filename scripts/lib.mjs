import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output collected; resolves with the exit code and the text. */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  await mustRun('npm', ['ci', '--no-audit', '--no-fund']);
}

/**
 * Builds the web app and the server when their sources changed since the last build. `toStderr`:
 * all output on stderr (for scripts whose stdout is for a machine).
 */
export async function ensureBuilt({ force = false, toStderr = false } = {}) {
  const say = toStderr ? console.error : console.log;
  const options = toStderr ? { stdio: ['ignore', 2, 2] } : undefined;
  const shared = newestMtime(path.join(root, 'packages/shared/src'));
  const webSources = Math.max(shared, newestMtime(path.join(root, 'apps/web')));
  if (force || mtime(path.join(root, 'apps/web/dist/index.html')) < webSources) {
    say('Building the web app…');
    await mustRun('npm', ['run', 'build', '-w', '@kite/web'], options);
  }
  const serverSources = Math.max(shared, newestMtime(path.join(root, 'apps/server/src')));
  if (force || mtime(path.join(root, 'apps/server/dist/main.js')) < serverSources) {
    await mustRun('npm', ['run', 'build', '-w', '@kite/server'], options);
  }
}
