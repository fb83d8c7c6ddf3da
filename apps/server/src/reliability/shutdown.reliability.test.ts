import { afterAll, describe, expect, it } from 'vitest';
import type { HttpResult } from '../test/http-client.ts';
import { type DatabaseUnderTest, databasesUnderTest } from './databases.ts';
import { signedInProject } from './fixtures.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Shutdown (quality.md §3): SIGTERM while requests are in flight. Every request sent before the
 * signal is answered (0 errors), the process exits 0 within 10 s, and the writes it acknowledged
 * are there after a restart.
 */

describe.each(databasesUnderTest())('$name', (database: DatabaseUnderTest) => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('drains in-flight requests on SIGTERM and exits 0 within 10 s', async () => {
    const env = await database.env();
    server = await startServerProcess(env);
    const { client, base } = await signedInProject(server.baseUrl, 'DRN');
    for (let i = 0; i < 150; i += 1) await client.post(`${base}/issues/`, { name: `Existing ${i}` });

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

    const created = answers.filter((a): a is HttpResult => !(a instanceof Error) && a.status === 201);
    server = await startServerProcess(env);
    const rebased = Object.assign(client, { baseUrl: server.baseUrl });
    for (const answer of created) {
      expect((await rebased.get(`${base}/issues/${answer.body.id}/`)).status).toBe(200);
    }
    console.log(
      `shutdown ${JSON.stringify({ database: database.name, in_flight: answers.length, drain_ms: drainMs, exit_code: code })}`,
    );
  });
});
