import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './servers.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface PreparedDatabase {
  kind: DatabaseKind;
  dataDir?: string;
  databaseUrl?: string;
  seedSeconds: number;
  drop(): Promise<void>;
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `npm run seed`'s script and returns how long it took (the generator's own figure). */
async function seed(args: string[]): Promise<number> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(ROOT, 'apps/server/src/tools/seed.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
    process.stderr.write(`    ${c.toString().trimEnd().split('\n').join('\n    ')}\n`);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`seed failed (${code}):\n${err}`);
  return (JSON.parse(out.trim().split('\n').pop()!) as { seconds: number }).seconds;
}

/** Seeds the dataset into an existing PostgreSQL database (the cluster's, through its write port). */
export function seedPostgres(databaseUrl: string, issues: number, seedValue: number): Promise<number> {
  return seed(['--issues', String(issues), '--seed', String(seedValue), '--database-url', databaseUrl]);
}

/**
 * A dataset seeded beforehand (`npm run seed -- --issues N --seed S --data-dir DIR` or
 * `--database-url URL`), named by its PGlite data dir or its PostgreSQL URL. It is used as it is
 * and kept afterwards, so repeated runs skip the seeding (the runs' writes stay in it).
 */
export function existingDatabase(location: string): PreparedDatabase {
  const drop = async () => {};
  if (/^postgres(ql)?:\/\//.test(location))
    return { kind: 'postgres', databaseUrl: location, seedSeconds: 0, drop };
  if (!fs.existsSync(location)) throw new Error(`--dataset: no PGlite data dir at ${location}`);
  return { kind: 'pglite', dataDir: path.resolve(location), seedSeconds: 0, drop };
}

/** A fresh database of the given kind holding the seeded dataset. */
export async function prepareDatabase(
  kind: DatabaseKind,
  issues: number,
  seedValue: number,
  adminUrl: string | undefined,
): Promise<PreparedDatabase> {
  const seedArgs = ['--issues', String(issues), '--seed', String(seedValue)];
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-bench-'));
    const seedSeconds = await seed([...seedArgs, '--data-dir', dataDir]);
    return {
      kind,
      dataDir,
      seedSeconds,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!adminUrl) throw new Error('PostgreSQL runs need BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  const name = `kite_bench_${process.pid}_${issues}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = databaseUrlFor(adminUrl, name);
  try {
    const seedSeconds = await seed([...seedArgs, '--database-url', databaseUrl]);
    return {
      kind,
      databaseUrl,
      seedSeconds,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } catch (error) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  }
}
