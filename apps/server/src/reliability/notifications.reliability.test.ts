import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '../test/factories.ts';
import { Client } from '../test/http-client.ts';
import { type DatabaseUnderTest, databasesUnderTest } from './databases.ts';
import { ok } from './fixtures.ts';
import { mailedLink, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Notifications and webhooks through crashes (quality.md §3 outbox): the server is killed with
 * SIGKILL RELIABILITY_CYCLES times while writers create items assigned to a member and the outbox
 * worker turns them into notifications and webhook deliveries (it drains a backlog every second, so
 * a kill lands inside its batches, and the sender's requests). After the last restart every item
 * that exists has exactly one "created" notification for the assignee — none lost with a dead
 * batch, none doubled by its retry — and its "created" webhook has reached the receiver at least
 * once (a delivery cut off mid-send is sent again when its lease ends).
 */

const CYCLES = Number(process.env.RELIABILITY_CYCLES ?? 3);
const WRITERS = 4;

/** The owner's session, the assignee's, and the project. */
async function prepare(server: ServerProcess) {
  const owner = new Client(server.baseUrl);
  const assignee = new Client(server.baseUrl);
  const assigneeEmail = uniqueEmail('notified');
  await ok(owner.post('/auth/sign-up/', { email: uniqueEmail('actor'), password: STRONG_PASSWORD }));
  await ok(assignee.post('/auth/sign-up/', { email: assigneeEmail, password: STRONG_PASSWORD }));
  const slug = `notif-${randomUUID().slice(0, 8)}`;
  const ws = `/api/workspaces/${slug}`;
  await ok(owner.post('/api/workspaces/', { name: 'Notified', slug }));
  await ok(owner.post(`${ws}/invitations/`, { emails: [{ email: assigneeEmail, role: 15 }] }));
  const link = new URL(mailedLink(server, assigneeEmail));
  await ok(
    assignee.post(`${ws}/invitations/${link.searchParams.get('invitation_id')}/join/`, {
      token: link.searchParams.get('token'),
      accepted: true,
    }),
  );
  const assigneeId: string = (await ok(assignee.get('/api/users/me/'))).id;
  const project = await ok(owner.post(`${ws}/projects/`, { name: 'Notified', identifier: 'NTF' }));
  const base = `${ws}/projects/${project.id}`;
  await ok(owner.post(`${base}/members/`, { members: [{ member_id: assigneeId, role: 15 }] }));
  return { owner, assignee, ws, base, assigneeId };
}

/** Creates items assigned to the member until stopped, counting the acknowledged ones. */
async function write(
  client: Client,
  base: string,
  assigneeId: string,
  progress: { stop: boolean; created: number },
) {
  try {
    while (!progress.stop) {
      const res = await client.post(`${base}/issues/`, { name: 'crash', assignee_ids: [assigneeId] });
      if (res.status === 201) progress.created += 1;
    }
  } catch {
    // The connection died with the server.
  }
}

/** A webhook receiver on loopback: the ids of the work items whose creation it has heard. */
async function startReceiver() {
  const created: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const payload = JSON.parse(body) as { event: string; action: string; data: { id: string } };
      if (payload.event === 'issue' && payload.action === 'created') created.push(payload.data.id);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { created, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Every row of a paginated list, through its cursor. */
async function allPages<T>(client: Client, url: string): Promise<T[]> {
  const found: T[] = [];
  for (let cursor = '1000:0:0'; ; ) {
    const page = await ok(client.get(`${url}?cursor=${cursor}`));
    found.push(...page.results);
    if (!page.next_page_results) return found;
    cursor = page.next_cursor;
  }
}

type Notified = { entity_identifier: string; data: { issue_activity: { verb: string } } };

describe.each(databasesUnderTest())('$name', (database: DatabaseUnderTest) => {
  let server: ServerProcess | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database.drop();
  });

  it(`delivers each notification exactly once, and each webhook, through ${CYCLES} kills`, async () => {
    const env: Record<string, string> = {
      ...(await database.env()),
      AUTH_IP_RATE_LIMIT: '100000',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '2000',
    };
    server = await startServerProcess(env);
    const { owner, assignee, ws, base, assigneeId } = await prepare(server);
    receiver = await startReceiver();
    await ok(owner.post(`${ws}/webhooks/`, { url: receiver.url, issue: true }));
    const clients = [owner, assignee];

    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const writers = Array.from({ length: WRITERS }, () => {
        const writer = new Client(server!.baseUrl);
        for (const [name, value] of owner.cookies) writer.cookies.set(name, value);
        return writer;
      });
      const progress = { stop: false, created: 0 };
      const writing = writers.map((writer) => write(writer, base, assigneeId, progress));
      // Past the worker's first tick (1 s after start) and a backlog of events to drain, however
      // slow the machine: then a moment into the draining.
      const started = Date.now();
      while ((Date.now() - started < 1200 || progress.created < 10) && Date.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      server.child.kill('SIGKILL');
      await new Promise((r) => server!.child.once('exit', r));
      progress.stop = true;
      await Promise.all(writing);
      server = await startServerProcess(env);
      for (const client of clients) Object.assign(client, { baseUrl: server.baseUrl });
    }

    const items = await allPages<{ id: string }>(owner, `${base}/issues/`);
    expect(items.length).toBeGreaterThanOrEqual(CYCLES * 10);
    // The worker catches up with the backlog the kills left.
    let created: string[] = [];
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      created = (await allPages<Notified>(assignee, `${ws}/users/notifications/`))
        .filter((n) => n.data.issue_activity.verb === 'created')
        .map((n) => n.entity_identifier);
      if (created.length >= items.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const missing = items.filter((item) => !created.includes(item.id)).map((item) => item.id);
    expect(missing, 'items whose notification was lost').toEqual([]);
    const doubled = created.filter((id, i) => created.indexOf(id) !== i);
    expect(doubled, 'notifications delivered twice').toEqual([]);
    expect(created).toHaveLength(items.length);

    // A delivery claimed when the server died waits out its lease (the request timeout + 60 s).
    const heard = () => items.filter((item) => !receiver!.created.includes(item.id)).map((item) => item.id);
    for (const deadline = Date.now() + 150_000; heard().length > 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(heard(), 'items whose webhook never reached the receiver').toEqual([]);
    console.log(
      `notifications ${JSON.stringify({
        database: database.name,
        cycles: CYCLES,
        items: items.length,
        webhook_deliveries: receiver.created.length,
      })}`,
    );
  });
});
