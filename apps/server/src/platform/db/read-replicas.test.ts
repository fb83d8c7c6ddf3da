import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../test/factories.ts';
import { databaseUrl, testDriver } from '../../test/global-setup.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { openPostgresDatabase, queryRows } from './database.ts';
import { inReadScope } from './read-replicas.ts';

/**
 * DATABASE_READ_URL on one PostgreSQL server: the "replica" is the same database reached through
 * a read-only session (so a write sent there is refused as a real standby refuses it), or an
 * address where nothing answers. Staleness (a replica behind the leader) needs a real standby:
 * the cluster test (reliability/cluster) covers it.
 */
const onPostgres = testDriver() === 'postgres';

describe.skipIf(!onPostgres)('reads on replicas', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A second node on `leader`'s database whose GET requests read on `readUrl`. */
  async function nodeReadingOn(leader: TestApp, readUrl: (url: URL) => string): Promise<TestApp> {
    const [row] = await leader.database.raw<{ name: string }>('select current_database() as name');
    const url = databaseUrl(process.env.TEST_DATABASE_URL!, row!.name);
    const read = readUrl(new URL(url));
    const node = await startTestApp(
      { DATABASE_URL: url, DATABASE_READ_URL: read },
      {
        existing: {
          database: openPostgresDatabase(url, 3, { readUrl: read }),
          drop: async () => {},
          uploads: fs.mkdtempSync(path.join(os.tmpdir(), 'kite-replica-node-')),
        },
      },
    );
    cleanups.push(() => node.close());
    return node;
  }

  /** A leader, and a node whose "replica" is the leader's database in read-only sessions. */
  async function withReadOnlyReplica() {
    const leader = await startTestApp();
    cleanups.push(() => leader.close());
    const node = await nodeReadingOn(leader, (url) => {
      url.searchParams.set('options', '-c default_transaction_read_only=on');
      return url.toString();
    });
    return { leader, node };
  }

  /** An owner with a project and a work item, made through `node`. */
  async function scene(node: TestApp) {
    const client = new Client(node.baseUrl);
    const email = `reader-${Date.now()}@example.com`;
    expect((await client.post('/auth/sign-up/', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const slug = `rr-${Date.now()}`;
    expect((await client.post('/api/workspaces/', { name: 'Replicas', slug })).status).toBe(201);
    const project = await client.post(`/api/workspaces/${slug}/projects/`, {
      name: 'Read',
      identifier: 'RD',
    });
    const base = `/api/workspaces/${slug}/projects/${project.body.id}`;
    const item = await client.post(`${base}/issues/`, { name: 'First' });
    expect(item.status).toBe(201);
    return { client, base, itemId: item.body.id as string };
  }

  it('serves GET reads from the replica, writes and their reads-after from the leader, refused writes again on the leader', async () => {
    const { leader, node } = await withReadOnlyReplica();
    const { client, base, itemId } = await scene(leader);
    const onNode = client.sessionOn(node.baseUrl);
    const stats = node.database.replicaStats!;

    const before = stats.replica;
    const list = await onNode.get(`${base}/issues/?per_page=10`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: string }) => r.id)).toContain(itemId);
    expect(stats.replica).toBeGreaterThan(before);

    // A write through the reading node goes to the leader, and its own next read sees it.
    const patched = await onNode.patch(`${base}/issues/${itemId}/`, { name: 'Renamed' });
    expect(patched.status, patched.text).toBe(200);
    const detail = await onNode.get(`${base}/issues/${itemId}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe('Renamed');
    const created = await onNode.post(`${base}/issues/`, { name: 'Second' });
    expect(created.status).toBe(201);
    expect((await leader.database.raw('select 1 from issues where id = $1', [created.body.id])).length).toBe(
      1,
    );
  });

  it('keeps a request on the leader after it wrote, and a select that writes does not rest the replica', async () => {
    const { leader, node } = await withReadOnlyReplica();
    const { itemId } = await scene(leader);
    await leader.database.raw('create sequence if not exists replica_test_seq');
    const stats = node.database.replicaStats!;
    const count = () => ({ ...stats });
    const { db } = node.database;

    const start = count();
    await inReadScope(async () => {
      await db.execute(sql`select name from issues where id = ${itemId}`);
      await db.execute(sql`update issues set name = 'Written in a GET' where id = ${itemId}`);
      // Read after the write, in the same request: from the leader, so it sees the write.
      const [row] = await queryRows<{ name: string }>(db, sql`select name from issues where id = ${itemId}`);
      expect(row!.name).toBe('Written in a GET');
    });
    expect(count()).toEqual({ replica: start.replica + 1, leader: start.leader + 1 });

    // A select that writes is refused by the read-only session (25006) and runs on the leader...
    await inReadScope(async () => {
      await db.execute(sql`select nextval('replica_test_seq')`);
    });
    // ...and the next request still reads on the replica: it was the statement, not the replica.
    const before = count();
    await inReadScope(async () => {
      await db.execute(sql`select 1`);
    });
    expect(count().replica).toBe(before.replica + 1);
  });

  it('reads on the leader, without an error, when no replica answers', async () => {
    const leader = await startTestApp();
    cleanups.push(() => leader.close());
    const node = await nodeReadingOn(leader, (url) => {
      url.port = '1';
      return url.toString();
    });
    const { client, base, itemId } = await scene(leader);
    const onNode = client.sessionOn(node.baseUrl);
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const detail = await onNode.get(`${base}/issues/${itemId}/`);
      expect(detail.status).toBe(200);
      expect(detail.body.id).toBe(itemId);
      expect(performance.now() - started).toBeLessThan(3000);
    }
    expect(node.database.replicaStats!.replica).toBe(0);
    expect(node.database.replicaStats!.leader).toBeGreaterThan(0);
  });
});
