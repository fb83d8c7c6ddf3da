import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUse } from './data-dir-lock.ts';

/** The embedded database's single-writer guard (the crash test checks it once with real servers). */
describe('data dir lock', () => {
  const dirs: string[] = [];
  const children: { kill(): void }[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-lock-'));
    dirs.push(dir);
    return dir;
  };

  it('refuses a data dir another live process holds, naming it', () => {
    const dir = dataDir();
    const other = spawn('sleep', ['30']);
    children.push(other);
    fs.writeFileSync(path.join(dir, 'kite.lock'), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUse);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Kite server (pid ${other.pid})`);
    expect(fs.readFileSync(path.join(dir, 'kite.lock'), 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock its holder left behind when it died, and gives it back on release', async () => {
    const dir = dataDir();
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(path.join(dir, 'kite.lock'), String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'kite.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'kite.lock'))).toBe(false);
  });
});
