import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../platform/security/destination.ts';
import { createSecretBox, resolveServerKey } from '../../platform/security/secret-box.ts';
import { addMember, createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDeliveryWorker } from './webhooks.delivery.ts';

/** Webhooks (api.md §13): CRUD, delivery with both signature styles, retries, destination rules. */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: each path answers with its handler (200 by default) and every request is kept. */
function startReceiver() {
  const received: Received[] = [];
  const handlers = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const handler = handlers.get(req.url ?? '');
      if (handler) handler(req, res);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  return new Promise<{
    url: (path: string) => string;
    port: number;
    received: Received[];
    handlers: typeof handlers;
    connections: () => number;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (path) => `http://127.0.0.1:${port}${path}`,
        port,
        received,
        handlers,
        connections: () => connections,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let t: TestApp; // WEBHOOK_ALLOW_PRIVATE=1: delivers to the local receiver
let strict: TestApp; // the default rules
let receiver: Receiver;

beforeAll(async () => {
  [t, strict, receiver] = await Promise.all([
    startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '1500' }),
    startTestApp(),
    startReceiver(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close(), receiver?.close()]);
});

/** A workspace of its own with a project: deliveries of one scenario never mix with another's. */
async function setUp(app: TestApp) {
  const owner = await signUp(app);
  const slug = (await createWorkspace(owner)).slug;
  const project = await createProject(owner, slug);
  const hooks = `/api/workspaces/${slug}/webhooks/`;
  const issues = `/api/workspaces/${slug}/projects/${project.id}/issues/`;
  return { owner, slug, project, hooks, issues };
}

async function createHook(owner: SignedIn, hooks: string, body: Record<string, unknown>) {
  const res = await owner.client.post(hooks, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret_key: string; [key: string]: unknown };
}

/** Runs the outbox, then sends what it queued and waits for the answers. */
async function deliver(app: TestApp = t) {
  await app.services.outboxWorker.drain();
  await app.services.webhookDeliveries.drain();
}

/** Makes every waiting retry due now (instead of in a minute). */
async function makeRetriesDue(app: TestApp = t) {
  await app.database.raw(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const hmacB64 = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');

function expectSigned(request: Received, secret: string) {
  expect(request.headers['x-plane-signature']).toBe(hmacHex(secret, request.body));
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  expect(id).toBe(request.headers['x-plane-delivery']);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
  expect(request.headers['webhook-signature']).toBe(
    `v1,${hmacB64(secret, `${id}.${timestamp}.${request.body}`)}`,
  );
  expect(request.headers['user-agent']).toBe('Autopilot');
  expect(request.headers['content-type']).toBe('application/json');
}

describe('webhooks CRUD', () => {
  it('lets admins manage webhooks, shows the secret only on create and regenerate', async () => {
    const { owner, slug, hooks } = await setUp(strict);
    const created = await createHook(owner, hooks, { url: 'https://93.184.216.34/hook', issue: true });
    expect(created.secret_key).toMatch(/^plane_wh_[0-9a-f]{64}$/);
    expect(created).toMatchObject({
      url: 'https://93.184.216.34/hook',
      is_active: true,
      issue: true,
      project: false,
      cycle: false,
      module: false,
      issue_comment: false,
      intake_issue: false,
      version: 'v1',
      secret_key_masked: `plane_wh_****${created.secret_key.slice(-4)}`,
      created_by: owner.user.id,
    });

    const listed = await owner.client.get(hooks);
    expect(listed.status).toBe(200);
    expect(listed.body.map((h: { id: string }) => h.id)).toEqual([created.id]);
    expect(listed.text).not.toContain(created.secret_key);
    const one = await owner.client.get(`${hooks}${created.id}/`);
    expect(one.status).toBe(200);
    expect(one.body.secret_key).toBeUndefined();

    const [row] = await strict.database.raw<{ secret_encrypted: string }>(
      'select secret_encrypted from webhooks where id = $1',
      [created.id],
    );
    expect(row!.secret_encrypted).not.toContain(created.secret_key.slice(9));

    const duplicate = await owner.client.post(hooks, { url: 'https://93.184.216.34/hook' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error_code).toBe('WEBHOOK_URL_EXISTS');

    const patched = await owner.client.patch(`${hooks}${created.id}/`, { is_active: false, cycle: true });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ is_active: false, cycle: true, issue: true });
    expect(patched.body.secret_key).toBeUndefined();
    const blocked = await owner.client.patch(`${hooks}${created.id}/`, { url: 'http://10.0.0.1/' });
    expect(blocked.status).toBe(400);
    expect(blocked.body.error_code).toBe('BLOCKED_DESTINATION');

    const regenerated = await owner.client.post(`${hooks}${created.id}/regenerate/`);
    expect(regenerated.status, regenerated.text).toBe(200);
    expect(regenerated.body.secret_key).toMatch(/^plane_wh_[0-9a-f]{64}$/);
    expect(regenerated.body.secret_key).not.toBe(created.secret_key);
    expect(regenerated.body.secret_key_masked).toBe(`plane_wh_****${regenerated.body.secret_key.slice(-4)}`);

    const member = await addMember(strict, owner, slug, 15);
    for (const res of [
      await member.client.get(hooks),
      await member.client.post(hooks, { url: 'https://93.184.216.34/member' }),
      await member.client.get(`${hooks}${created.id}/`),
      await member.client.post(`${hooks}${created.id}/regenerate/`),
      await member.client.get(`${hooks}${created.id}/logs/`),
      await member.client.delete(`${hooks}${created.id}/`),
    ]) {
      expect(res.status).toBe(403);
    }

    const invalid = await owner.client.post(hooks, { url: 'ftp://93.184.216.34/x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error_code).toBe('INVALID_URL');

    expect((await owner.client.delete(`${hooks}${created.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${hooks}${created.id}/`)).status).toBe(404);
  });

  it('refuses private, loopback, metadata and numeric-form destinations before any connection', async () => {
    const { owner, hooks } = await setUp(strict);
    const port = receiver.port;
    const before = receiver.connections();
    const vectors = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`, // a name resolving to loopback
      `http://2130706433:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://255.255.255.255/',
      'http://224.0.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ];
    for (const url of vectors) {
      const res = await owner.client.post(hooks, { url, issue: true });
      expect(res.status, url).toBe(400);
      expect(res.body.error_code, url).toBe('BLOCKED_DESTINATION');
    }
    expect(receiver.connections()).toBe(before);
    expect((await owner.client.get(hooks)).body).toEqual([]);
  });
});

describe('private destinations as an instance setting', () => {
  it('are refused until the instance admin allows them, and the environment gives the default', async () => {
    const strict = await startTestApp();
    const open = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      const { owner, hooks } = await setUp(strict);
      const local = { url: 'http://127.0.0.1:9/hook', issue: true };
      const refused = await owner.client.post(hooks, local);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('BLOCKED_DESTINATION');
      // The workspace's owner signed up first: the instance admin.
      const allowed = await owner.client.patch('/api/instances/configurations/', {
        WEBHOOK_ALLOW_PRIVATE: true,
      });
      expect(allowed.status, allowed.text).toBe(200);
      expect((await owner.client.post(hooks, local)).status).toBe(201);

      const other = await setUp(open);
      const listed = (await other.owner.client.get('/api/instances/configurations/')).body as {
        key: string;
        value: string | null;
      }[];
      expect(listed.find((c) => c.key === 'WEBHOOK_ALLOW_PRIVATE')?.value).toBe('1');
      expect((await other.owner.client.post(other.hooks, local)).status).toBe(201);
      await other.owner.client.patch('/api/instances/configurations/', { WEBHOOK_ALLOW_PRIVATE: false });
      const refusedAgain = await other.owner.client.post(other.hooks, {
        ...local,
        url: 'http://127.0.0.1:9/b',
      });
      expect(refusedAgain.body.error_code).toBe('BLOCKED_DESTINATION');
    } finally {
      await strict.close();
      await open.close();
    }
  });
});

describe('webhook delivery', () => {
  it('delivers created and per-field updated events, signed both ways, and logs each attempt', async () => {
    const { owner, hooks, issues, project } = await setUp(t);
    const hook = await createHook(owner, hooks, { url: receiver.url('/issues'), issue: true });
    await createHook(owner, hooks, { url: receiver.url('/comments-only'), issue_comment: true });
    const issue = (await owner.client.post(issues, { name: 'Hooked' })).body;
    await deliver();
    const patched = await owner.client.patch(`${issues}${issue.id}/`, {
      priority: 'high',
      name: 'Hooked again',
    });
    expect(patched.status, patched.text).toBe(200);
    await deliver();

    const got = receiver.received.filter((r) => r.path === '/issues');
    expect(receiver.received.filter((r) => r.path === '/comments-only')).toEqual([]);
    expect(got).toHaveLength(3);
    for (const request of got) expectSigned(request, hook.secret_key);
    const bodies = got.map((r) => JSON.parse(r.body));
    const created = bodies.find((b) => b.action === 'created');
    expect(created).toMatchObject({
      event: 'issue',
      webhook_id: hook.id,
      data: { id: issue.id, name: 'Hooked', project: project.id },
      activity: { field: null, new_value: null, old_value: null, actor: { id: owner.user.id } },
    });
    expect(got[0]!.headers['x-plane-event']).toBe('issue');
    const updates = bodies.filter((b) => b.action === 'updated');
    expect(updates.map((b) => b.activity.field).sort()).toEqual(['name', 'priority']);
    expect(updates.find((b) => b.activity.field === 'priority').activity).toMatchObject({
      old_value: 'none',
      new_value: 'high',
    });
    expect(new Set(got.map((r) => r.headers['x-plane-delivery'])).size).toBe(3);

    const logs = await owner.client.get(`${hooks}${hook.id}/logs/`);
    expect(logs.status, logs.text).toBe(200);
    expect(logs.body.results).toHaveLength(3);
    const log = logs.body.results[0];
    expect(log).toMatchObject({
      webhook: hook.id,
      event_type: 'issue',
      attempt: 1,
      request_method: 'POST',
      response_status: 200,
      response_body: 'thanks',
      error: null,
      next_retry_at: null,
    });
    expect(log.request_headers['X-Plane-Signature']).toBe('[redacted]');
    expect(log.request_headers['webhook-signature']).toBe('[redacted]');
    expect(logs.text).not.toContain(hook.secret_key);
    const alias = await owner.client.get(`/api/workspaces/${hooks.split('/')[3]}/webhook-logs/${hook.id}/`);
    expect(alias.body.total_count).toBe(3);

    // A regenerated secret signs from the next delivery on.
    const fresh = (await owner.client.post(`${hooks}${hook.id}/regenerate/`)).body;
    await owner.client.patch(`${issues}${issue.id}/`, { priority: 'low' });
    await deliver();
    const last = receiver.received.filter((r) => r.path === '/issues').at(-1)!;
    expectSigned(last, fresh.secret_key);
  });

  it('delivers project created, updated (per field) and deleted events', async () => {
    const { owner, slug, hooks } = await setUp(t);
    await t.services.outboxWorker.drain(); // the set-up project's creation is before the webhook
    const hook = await createHook(owner, hooks, { url: receiver.url('/projects'), project: true });
    const project = await createProject(owner, slug);
    const base = `/api/workspaces/${slug}/projects/${project.id}/`;
    expect(
      (await owner.client.patch(base, { name: 'Renamed project', description: 'Now described' })).status,
    ).toBe(200);
    // Archiving and restoring are updates of archived_at.
    expect((await owner.client.post(`${base}archive/`)).status).toBe(200);
    expect((await owner.client.delete(`${base}archive/`)).status).toBe(204);
    await deliver(); // an update still queued when the project is gone is dropped (its delete tells)
    expect((await owner.client.delete(base)).status).toBe(204);
    await deliver();
    const got = receiver.received.filter((r) => r.path === '/projects');
    for (const request of got) expectSigned(request, hook.secret_key);
    const bodies = got.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => `${b.action}:${b.activity.field ?? ''}`).sort()).toEqual([
      'created:',
      'deleted:',
      'updated:archived_at',
      'updated:archived_at',
      'updated:description',
      'updated:name',
    ]);
    const archiving = bodies.filter((b) => b.activity.field === 'archived_at').map((b) => b.activity);
    expect(archiving.map((a) => a.new_value === null).sort()).toEqual([false, true]);
    expect(bodies.find((b) => b.action === 'created')).toMatchObject({
      event: 'project',
      data: { id: project.id, workspace: project.workspace },
    });
    expect(bodies.find((b) => b.action === 'deleted').data).toEqual({ id: project.id });
    expect(bodies.find((b) => b.activity.field === 'name').activity).toMatchObject({
      new_value: 'Renamed project',
      actor: { id: owner.user.id },
    });
  });

  it('delivers cycle and module created, updated (per field), archived and deleted events', async () => {
    const { owner, slug, project, hooks } = await setUp(t);
    const hook = await createHook(owner, hooks, {
      url: receiver.url('/planning'),
      cycle: true,
      module: true,
    });
    const base = `/api/workspaces/${slug}/projects/${project.id}`;
    const cycle = (await owner.client.post(`${base}/cycles/`, { name: 'Sprint 1' })).body;
    expect((await owner.client.patch(`${base}/cycles/${cycle.id}/`, { name: 'Sprint one' })).status).toBe(
      200,
    );
    await deliver(); // an update still queued when the cycle is gone is dropped (its delete tells)
    expect((await owner.client.delete(`${base}/cycles/${cycle.id}/`)).status).toBe(204);
    const module = (await owner.client.post(`${base}/modules/`, { name: 'Billing' })).body;
    await owner.client.patch(`${base}/modules/${module.id}/`, { status: 'completed', description: 'Done' });
    expect((await owner.client.post(`${base}/modules/${module.id}/archive/`)).status).toBe(200);
    await deliver();
    const got = receiver.received.filter((r) => r.path === '/planning');
    for (const request of got) expectSigned(request, hook.secret_key);
    const bodies = got.map((r) => JSON.parse(r.body));
    const summary = bodies.map((b) => `${b.event}.${b.action}:${b.activity.field ?? ''}`).sort();
    expect(summary).toEqual([
      'cycle.created:',
      'cycle.deleted:',
      'cycle.updated:name',
      'module.created:',
      'module.updated:archived_at',
      'module.updated:description',
      'module.updated:status',
    ]);
    const renamed = bodies.find((b) => b.event === 'cycle' && b.activity.field === 'name');
    expect(renamed.data).toMatchObject({ id: cycle.id, name: 'Sprint one', project: project.id });
    expect(renamed.activity).toMatchObject({
      old_value: 'Sprint 1',
      new_value: 'Sprint one',
      actor: { id: owner.user.id },
    });
    expect(bodies.find((b) => b.event === 'module' && b.action === 'created').data).toMatchObject({
      id: module.id,
      name: 'Billing',
      project: project.id,
    });
    expect(bodies.find((b) => b.event === 'cycle' && b.action === 'deleted').data).toEqual({ id: cycle.id });
    // Webhooks that did not ask for these events got none.
    expect(receiver.received.filter((r) => r.path !== '/planning' && r.body.includes(module.id))).toEqual([]);
  });

  it('carries a work item’s labels and assignees as objects, in the item’s order', async () => {
    const { owner, slug, project, hooks, issues } = await setUp(t);
    await createHook(owner, hooks, { url: receiver.url('/expanded'), issue: true });
    const labels = `/api/workspaces/${slug}/projects/${project.id}/issue-labels/`;
    const bug = (await owner.client.post(labels, { name: 'Bug', color: '#ff0000' })).body;
    const ui = (await owner.client.post(labels, { name: 'UI', color: '#00ff00' })).body;
    const created = await owner.client.post(issues, {
      name: 'Expanded',
      label_ids: [ui.id, bug.id],
      assignee_ids: [owner.user.id],
    });
    expect(created.status, created.text).toBe(201);
    await deliver();
    const [delivery] = receiver.received.filter((r) => r.path === '/expanded');
    const data = JSON.parse(delivery!.body).data;
    expect(data.labels).toEqual([
      { id: ui.id, name: 'UI', color: '#00ff00', description: '', parent: null, sort_order: ui.sort_order },
      {
        id: bug.id,
        name: 'Bug',
        color: '#ff0000',
        description: '',
        parent: null,
        sort_order: bug.sort_order,
      },
    ]);
    expect(data.assignees).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        email: owner.user.email,
        display_name: expect.any(String),
      }),
    ]);
  });

  it('retries 5xx with the same delivery id until the receiver answers 2xx', async () => {
    const { owner, hooks, issues } = await setUp(t);
    let calls = 0;
    receiver.handlers.set('/flaky', (_req, res) => {
      calls += 1;
      if (calls <= 2) res.writeHead(503).end('busy');
      else res.writeHead(204).end();
    });
    const hook = await createHook(owner, hooks, { url: receiver.url('/flaky'), issue: true });
    await owner.client.post(issues, { name: 'Retry me' });
    await deliver();
    expect(calls).toBe(1);
    const [pending] = await t.database.raw<{ next_attempt_at: Date; attempts: number }>(
      'select next_attempt_at, attempts from webhook_deliveries where webhook_id = $1',
      [hook.id],
    );
    const wait = (new Date(pending!.next_attempt_at).getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(40); // a minute ±20 %
    expect(wait).toBeLessThan(80);
    await t.services.webhookDeliveries.drain(); // not due yet: nothing is sent
    expect(calls).toBe(1);
    for (let i = 0; i < 2; i++) {
      await makeRetriesDue();
      await t.services.webhookDeliveries.drain();
    }
    expect(calls).toBe(3);
    const got = receiver.received.filter((r) => r.path === '/flaky');
    expect(new Set(got.map((r) => r.headers['x-plane-delivery'])).size).toBe(1);
    for (const request of got) expectSigned(request, hook.secret_key);
    const logs = (await owner.client.get(`${hooks}${hook.id}/logs/`)).body.results;
    expect(logs.map((l: { attempt: number }) => l.attempt)).toEqual([3, 2, 1]);
    expect(logs.map((l: { response_status: number }) => l.response_status)).toEqual([204, 503, 503]);
    expect(logs[2]).toMatchObject({ error: 'http_status', response_body: 'busy' });
    expect(logs[2].next_retry_at).not.toBeNull();
    expect(logs[0].next_retry_at).toBeNull();
    const [delivery] = await t.database.raw<{ status: string }>(
      'select status from webhook_deliveries where webhook_id = $1',
      [hook.id],
    );
    expect(delivery!.status).toBe('delivered');
  });

  it('turns the webhook off after five failed attempts', async () => {
    const { owner, hooks, issues } = await setUp(t);
    receiver.handlers.set('/down', (_req, res) => res.writeHead(500).end('down'));
    const hook = await createHook(owner, hooks, { url: receiver.url('/down'), issue: true });
    await owner.client.post(issues, { name: 'Doomed' });
    await deliver();
    for (let i = 0; i < 6; i++) {
      await makeRetriesDue();
      await t.services.webhookDeliveries.drain();
    }
    const logs = (await owner.client.get(`${hooks}${hook.id}/logs/`)).body;
    expect(logs.total_count).toBe(5);
    expect(logs.results[0]).toMatchObject({ attempt: 5, next_retry_at: null, error: 'http_status' });
    expect((await owner.client.get(`${hooks}${hook.id}/`)).body.is_active).toBe(false);
    // Off: later changes queue nothing for it.
    await owner.client.post(issues, { name: 'Unheard' });
    await deliver();
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(5);
  });

  it('does not follow a redirect, nor retry it', async () => {
    const { owner, hooks, issues } = await setUp(t);
    receiver.handlers.set('/moved', (_req, res) =>
      res.writeHead(302, { location: receiver.url('/target') }).end(),
    );
    const hook = await createHook(owner, hooks, { url: receiver.url('/moved'), issue: true });
    await owner.client.post(issues, { name: 'Redirected' });
    await deliver();
    await makeRetriesDue();
    await deliver();
    expect(receiver.received.filter((r) => r.path === '/target')).toEqual([]);
    const logs = (await owner.client.get(`${hooks}${hook.id}/logs/`)).body.results;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ response_status: 302, error: 'redirect', next_retry_at: null });
  });

  it('keeps the API fast while a receiver hangs, and logs the timeout', async () => {
    const { owner, hooks, issues } = await setUp(t);
    const hanging: http.ServerResponse[] = [];
    receiver.handlers.set('/hang', (_req, res) => {
      hanging.push(res);
    });
    const hook = await createHook(owner, hooks, { url: receiver.url('/hang'), issue: true });
    const issue = (await owner.client.post(issues, { name: 'Slow receiver' })).body;
    await t.services.outboxWorker.drain();
    const tick = Date.now();
    expect(await t.services.webhookDeliveries.tick()).toBe(1); // starts the request, does not wait for it
    expect(Date.now() - tick).toBeLessThan(500);
    while (hanging.length === 0) await new Promise((r) => setTimeout(r, 10));

    for (let i = 0; i < 5; i++) {
      expect((await owner.client.get(hooks)).status).toBe(200);
      expect((await owner.client.patch(`${issues}${issue.id}/`, { name: `Still fast ${i}` })).status).toBe(
        200,
      );
    }
    await t.services.outboxWorker.drain();
    // All answered while the delivery still hangs (it is logged when it ends, at its 1.5 s timeout):
    // nothing waited for it.
    expect((await owner.client.get(`${hooks}${hook.id}/logs/`)).body.results).toEqual([]);

    await t.services.webhookDeliveries.idle();
    const logs = (await owner.client.get(`${hooks}${hook.id}/logs/`)).body.results;
    const timedOut = logs.find((l: { error: string }) => l.error === 'timeout');
    expect(timedOut).toMatchObject({ response_status: null, attempt: 1 });
    expect(timedOut.duration_ms).toBeGreaterThanOrEqual(1400);
    expect(timedOut.next_retry_at).not.toBeNull();
    for (const res of hanging) res.destroy();
    receiver.handlers.delete('/hang');
    await t.database.raw(`delete from webhooks where id = $1`, [hook.id]);
  }, 30_000);

  it('checks the destination again at send time and connects to the checked address', async () => {
    const { owner, hooks, issues } = await setUp(t);
    const hook = await createHook(owner, hooks, { url: receiver.url('/late-check'), issue: true });
    const box = createSecretBox(resolveServerKey(t.services.config.secretKey, t.services.config.dataDir));
    const lookups: string[] = [];
    const resolver: Resolver = async (host) => {
      lookups.push(host);
      if (host === 'rebind.test') return [{ address: '10.0.0.7', family: 4 }];
      if (host === 'receiver.test') return [{ address: '127.0.0.1', family: 4 }];
      throw new Error('ENOTFOUND');
    };
    const strictWorker = createWebhookDeliveryWorker(t.services.db, {
      secrets: () => box,
      allowPrivate: async () => false,
      timeoutMs: 1500,
      resolver,
    });
    await owner.client.post(issues, { name: 'Checked twice' });
    await t.services.outboxWorker.drain();
    const connections = receiver.connections();
    await strictWorker.drain(); // the address literal 127.0.0.1: refused
    await t.database.raw(`update webhooks set url = $1 where id = $2`, [
      `http://rebind.test:${receiver.port}/late-check`,
      hook.id,
    ]);
    await owner.client.post(issues, { name: 'Rebound name' });
    await t.services.outboxWorker.drain();
    await strictWorker.drain(); // a name now resolving to a private address: refused
    expect(receiver.connections()).toBe(connections);
    expect(lookups).toEqual(['rebind.test']);
    const logs = (await owner.client.get(`${hooks}${hook.id}/logs/`)).body.results;
    expect(logs.map((l: { error: string }) => l.error)).toEqual([
      'blocked_destination',
      'blocked_destination',
    ]);
    expect(logs.every((l: { next_retry_at: string | null }) => l.next_retry_at === null)).toBe(true);

    // Allowed, a name is looked up once by the checker and the connection goes to that address
    // (the name itself resolves nowhere on this machine).
    await t.database.raw(`update webhooks set url = $1 where id = $2`, [
      `http://receiver.test:${receiver.port}/late-check`,
      hook.id,
    ]);
    const openWorker = createWebhookDeliveryWorker(t.services.db, {
      secrets: () => box,
      allowPrivate: async () => true,
      timeoutMs: 1500,
      resolver,
    });
    await owner.client.post(issues, { name: 'Pinned' });
    await t.services.outboxWorker.drain();
    await openWorker.drain();
    const got = receiver.received.filter((r) => r.path === '/late-check');
    expect(got).toHaveLength(1);
    expect(got[0]!.headers.host).toBe(`receiver.test:${receiver.port}`);
    expectSigned(got[0]!, hook.secret_key);
  });
});
