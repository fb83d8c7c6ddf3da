import { afterAll, describe, expect, it } from 'vitest';
import type { Client, HttpResult } from '../test/http-client.ts';
import { type DatabaseUnderTest, databasesUnderTest } from './databases.ts';
import { ok, signedInProject } from './fixtures.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Shutdown (quality.md §3): SIGTERM while requests are in flight and the export worker is mid-run.
 * Every request sent before the signal is answered (0 errors), the process exits 0 within 10 s,
 * the writes it acknowledged are there after a restart, and the export it was producing is
 * finished, not left claimed: after the restart every export completes within seconds.
 */

/** Exports queued before the signal: more than the worker gets through in the second the server drains. */
const EXPORTS = 100;

/** Queues `count` CSV exports of the project at `base`, eight requests at a time. */
async function queueExports(client: Client, base: string, count: number): Promise<void> {
  const [, , , slug, , projectId] = base.split('/');
  let queued = 0;
  const queue = async () => {
    while (queued < count) {
      queued += 1;
      await ok(
        client.post(`/api/workspaces/${slug}/export-issues/`, { provider: 'csv', project: [projectId] }),
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, queue));
}

/** The status of every export of the workspace at `base`. */
async function exportStatuses(client: Client, base: string): Promise<string[]> {
  const slug = base.split('/')[3];
  const page = await ok(client.get(`/api/workspaces/${slug}/export-issues/?per_page=${EXPORTS}`));
  return page.results.map((row: { status: string }) => row.status);
}

describe.each(databasesUnderTest())('$name', (database: DatabaseUnderTest) => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('drains in-flight requests and finishes the running export on SIGTERM, and exits 0 within 10 s', async () => {
    const env = await database.env();
    server = await startServerProcess(env);
    const { client, base } = await signedInProject(server.baseUrl, 'DRN');
    for (let i = 0; i < 150; i += 1) await client.post(`${base}/issues/`, { name: `Existing ${i}` });
    // The signal also comes while the export worker is in its run through a long queue.
    await queueExports(client, base, EXPORTS);
    let exportsAtSignal = await exportStatuses(client, base);
    while (!exportsAtSignal.includes('completed')) exportsAtSignal = await exportStatuses(client, base);

    // Connections open beforehand (as a browser keeps them), so the requests below reach the server
    // at once; big reads and writes, all sent before the signal, which comes while they run.
    await Promise.all(Array.from({ length: 30 }, () => client.get('/api/health/')));
    const inFlight: Promise<HttpResult>[] = [];
    for (let i = 0; i < 20; i += 1) inFlight.push(client.get(`${base}/issues/?per_page=1000`));
    for (let i = 0; i < 10; i += 1)
      inFlight.push(client.post(`${base}/issues/`, { name: `During drain ${i}` }));
    await new Promise((r) => setTimeout(r, 30));
    const signalled = Date.now();
    const exited = new Promise<number | null>((resolve) =>
      server!.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');

    const answers = await Promise.all(inFlight.map((p) => p.catch((error: Error) => error)));
    const code = await exited;
    const drainMs = Date.now() - signalled;
    const failed = answers.filter((a) => a instanceof Error || a.status >= 300);
    expect(
      failed.map((a) =>
        a instanceof Error
          ? `${a.message} ${String((a as { cause?: unknown }).cause)}`
          : `${a.status} ${a.text.slice(0, 100)}`,
      ),
    ).toEqual([]);
    expect(code).toBe(0);
    expect(drainMs).toBeLessThan(10_000);
    expect(exportsAtSignal, 'the export queue ran dry before the signal').toContain('queued');

    const created = answers.filter((a): a is HttpResult => !(a instanceof Error) && a.status === 201);
    server = await startServerProcess(env);
    const rebased = Object.assign(client, { baseUrl: server.baseUrl });
    const restarted = Date.now();
    for (const answer of created) {
      expect((await rebased.get(`${base}/issues/${answer.body.id}/`)).status).toBe(200);
    }
    // An export the stopped process kept claimed would wait out its lease (minutes) first.
    let exports = await exportStatuses(rebased, base);
    while (exports.some((status) => status !== 'completed') && Date.now() - restarted < 20_000) {
      await new Promise((r) => setTimeout(r, 200));
      exports = await exportStatuses(rebased, base);
    }
    expect(exports.filter((status) => status !== 'completed')).toEqual([]);
    expect(exports).toHaveLength(EXPORTS);
    console.log(
      `shutdown ${JSON.stringify({ database: database.name, in_flight: answers.length, drain_ms: drainMs, exit_code: code, exports_done_at_signal: exportsAtSignal.filter((s) => s === 'completed').length, exports_done_after_restart_ms: Date.now() - restarted })}`,
    );
  });
});
