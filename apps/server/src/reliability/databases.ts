import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A database a server process runs on: its environment, and how to remove it afterwards. */
export interface DatabaseUnderTest {
  name: string;
  env(): Promise<Record<string, string>>;
  drop(): Promise<void>;
}

function embedded(): DatabaseUnderTest {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-reliability-'));
  return {
    name: 'embedded PGlite',
    env: async () => ({ DATA_DIR: dir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL, created on first use. */
function postgres(serverUrl: string): DatabaseUnderTest {
  const name = `kite_rel_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let created = false;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async env() {
      if (!created) await admin((c) => c.query(`create database ${name}`));
      created = true;
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { DATABASE_URL: url.toString() };
    },
    async drop() {
      if (created) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The embedded database always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function databasesUnderTest(): DatabaseUnderTest[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [embedded(), postgres(url)] : [embedded()];
}
