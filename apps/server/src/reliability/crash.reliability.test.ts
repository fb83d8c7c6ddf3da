import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../test/http-client.ts';
import { type DatabaseUnderTest, databasesUnderTest } from './databases.ts';
import { ok, signedInProject } from './fixtures.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Crash (quality.md §3): RELIABILITY_CYCLES times (20 in `npm run test:reliability`), the server
 * is killed with SIGKILL while writers create, edit and comment. After each restart on the same
 * data, every write the server acknowledged is there, the database opened cleanly, sessions
 * survive and no sequence id repeats. On the embedded database a second server on the same data
 * dir is refused.
 */

const CYCLES = Number(process.env.RELIABILITY_CYCLES ?? 3);
const WRITERS = 4;

/** What the server said it stored: created items, each item's last acknowledged version, comments. */
interface Acknowledged {
  /** Every 2xx answer to a write. */
  writes: number;
  created: Map<string, string>;
  version: Map<string, number>;
  comments: Map<string, string>;
}

/** One writer: creates an item, then edits it (name "v<n>") and comments on it, until stopped. */
async function write(client: Client, base: string, ack: Acknowledged, stop: { now: boolean }) {
  try {
    const name = `crash ${randomUUID()}`;
    const created = await client.post(`${base}/issues/`, { name });
    if (created.status !== 201) return;
    ack.created.set(created.body.id, name);
    ack.writes += 1;
    for (let n = 1; !stop.now; n += 1) {
      const edit = await client.patch(`${base}/issues/${created.body.id}/`, { name: `v${n}` });
      if (edit.status === 200) {
        ack.version.set(created.body.id, n);
        ack.writes += 1;
      }
      const html = `<p>comment ${randomUUID()}</p>`;
      const comment = await client.post(`${base}/issues/${created.body.id}/comments/`, {
        comment_html: html,
      });
      if (comment.status === 201) {
        ack.comments.set(comment.body.id, html);
        ack.writes += 1;
      }
    }
  } catch {
    // The connection died with the server: whatever was not acknowledged may or may not be there.
  }
}

describe.each(databasesUnderTest())('$name', (database: DatabaseUnderTest) => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it(`keeps every acknowledged write through ${CYCLES} kills during writes`, async () => {
    const env: Record<string, string> = { ...(await database.env()), AUTH_IP_RATE_LIMIT: '100000' };
    server = await startServerProcess(env);
    const { client, base } = await signedInProject(server.baseUrl, 'CRSH');
    const ack: Acknowledged = { writes: 0, created: new Map(), version: new Map(), comments: new Map() };

    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const clients = Array.from({ length: WRITERS }, () => {
        const writer = new Client(server!.baseUrl);
        for (const [name, value] of client.cookies) writer.cookies.set(name, value);
        return writer;
      });
      const stop = { now: false };
      const writing = clients.map((writer) => write(writer, base, ack, stop));
      // Killed mid-writing, once the writers are under way: on a busy machine a fixed delay could
      // end before the first creates were acknowledged, and the cycle would test nothing.
      const before = ack.created.size;
      const underWay = Date.now() + 20_000;
      while (ack.created.size < before + WRITERS && Date.now() < underWay) {
        await new Promise((r) => setTimeout(r, 25));
      }
      await new Promise((r) => setTimeout(r, Math.random() * 1200));
      server.child.kill('SIGKILL');
      await new Promise((r) => server!.child.once('exit', r));
      stop.now = true;
      await Promise.all(writing);

      // The same data, a new process: the dead process's lock is taken over, the database recovers.
      server = await startServerProcess(env);
      const rebased = (c: Client) => Object.assign(c, { baseUrl: server!.baseUrl });
      rebased(client);
      const me = await client.get('/api/users/me/');
      expect(me.status, 'the session survives the crash').toBe(200);
    }

    expect(ack.created.size).toBeGreaterThanOrEqual(CYCLES * WRITERS * 0.5);
    const listed = await ok(client.get(`${base}/issues/?per_page=1000`));
    const rows: { id: string; name: string; sequence_id: number }[] = listed.results;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lost = [...ack.created.keys()].filter((id) => !byId.has(id));
    expect(lost, 'acknowledged creates missing after a crash').toEqual([]);
    for (const [id, version] of ack.version) {
      // A later edit may have committed without its answer arriving: never an older one.
      const stored = Number(byId.get(id)!.name.slice(1));
      expect(stored, `item ${id}`).toBeGreaterThanOrEqual(version);
    }
    const sequenceIds = rows.map((row) => row.sequence_id);
    expect(new Set(sequenceIds).size, 'sequence ids repeat').toBe(sequenceIds.length);
    for (const issueId of ack.created.keys()) {
      const comments = await ok(client.get(`${base}/issues/${issueId}/comments/`));
      for (const c of comments.results ?? comments) ack.comments.delete(c.id);
    }
    expect([...ack.comments.keys()], 'acknowledged comments missing after a crash').toEqual([]);
    console.log(
      `crash ${JSON.stringify({ database: database.name, cycles: CYCLES, acknowledged_writes: ack.writes, items: ack.created.size })}`,
    );

    if (env.DATA_DIR) {
      const second = await startServerProcess(env).then(
        (s) => s,
        (error: Error) => error,
      );
      // Started after all (the lock failed): stopped, so it does not outlive the test.
      if (!(second instanceof Error)) await second.stop();
      expect(second, 'a second server on the same data dir').toBeInstanceOf(Error);
      expect(String(second)).toMatch(/in use by another Kite server/);
      expect((await client.get('/api/users/me/')).status, 'the first keeps serving').toBe(200);
    }
  });
});
