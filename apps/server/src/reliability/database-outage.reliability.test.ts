import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from './databases.ts';
import { signedInProject } from './fixtures.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * PostgreSQL restarted under load (quality.md §3), without touching the shared server other
 * suites use: the app reaches PostgreSQL through a TCP proxy here, and a "restart" drops every
 * connection and refuses new ones for a few seconds. Requests then fail fast with 503 and
 * Retry-After, never 500 and never hanging, and succeed again afterwards without a restart.
 */

const OUTAGE_MS = 4000;

/** A TCP proxy to PostgreSQL that can go down (connections cut, port closed) and come back. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async down() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

const postgres = databasesUnderTest().find((d) => d.name === 'PostgreSQL');

describe.runIf(postgres)('PostgreSQL outage', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await postgres?.drop();
  });

  it('answers 503 fast while the database is gone and recovers without a restart', async () => {
    const direct = new URL((await postgres!.env()).DATABASE_URL!);
    const proxy = await startProxy(direct);
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServerProcess({ DATABASE_URL: viaProxy.toString(), AUTH_IP_RATE_LIMIT: '100000' });

    const { client, base } = await signedInProject(server.baseUrl, 'OUT');
    const issue = (await client.post(`${base}/issues/`, { name: 'Survives' })).body;

    type Answer = { at: number; ms: number; status: number; code?: string; retryAfter: string | null };
    const answers: Answer[] = [];
    let running = true;
    const load = Array.from({ length: 4 }, async (_, n) => {
      while (running) {
        const started = performance.now();
        const res =
          n % 2 === 0
            ? await client.get(`${base}/issues/${issue.id}/`)
            : await client.patch(`${base}/issues/${issue.id}/`, { priority: n === 1 ? 'high' : 'low' });
        answers.push({
          at: Date.now(),
          ms: performance.now() - started,
          status: res.status,
          code: res.body?.error_code,
          retryAfter: res.headers.get('retry-after'),
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    await new Promise((r) => setTimeout(r, 1000));
    const wentDown = Date.now();
    await proxy.down();
    await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
    const ready = await client.get('/api/ready/');
    expect(ready.status, 'ready during the outage').toBe(503);
    await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
    await proxy.up();
    const cameBack = Date.now();
    // Give the pool a moment to reconnect, then keep going for a while.
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    await Promise.all(load);

    const during = answers.filter((a) => a.at > wentDown + 200 && a.at < cameBack);
    const failures = answers.filter((a) => a.status >= 500);
    expect(during.length, 'requests were answered during the outage').toBeGreaterThan(5);
    expect(
      failures.filter((a) => a.status !== 503 || a.code !== 'SERVICE_UNAVAILABLE' || !a.retryAfter),
      'failures other than 503 SERVICE_UNAVAILABLE with Retry-After',
    ).toEqual([]);
    const slowest = Math.max(...failures.map((a) => a.ms));
    expect(slowest, 'a failure took this long (ms)').toBeLessThan(6000);
    const after = answers.filter((a) => a.at > cameBack + 2000);
    expect(after.length).toBeGreaterThan(5);
    expect(
      after.filter((a) => a.status !== 200),
      'answers after recovery',
    ).toEqual([]);
    expect((await client.get('/api/ready/')).status).toBe(200);
    console.log(
      `outage ${JSON.stringify({
        outage_ms: cameBack - wentDown,
        answered_during: during.length,
        failed_503: failures.length,
        slowest_failure_ms: Math.round(slowest),
        ok_after: after.length,
      })}`,
    );
  });
});
