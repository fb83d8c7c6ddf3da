import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startSecondNode, startTestApp, type TestApp } from '../../test/test-app.ts';
import { pruneFinishedRows } from '../jobs/housekeeping.ts';

/** `Idempotency-Key` on API writes (api.md §0.2) over real HTTP into a real database. */

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let slug: string;
let projectId: string;
let base: string;
let apiKey: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  member = await addMember(t, owner, slug, 15);
  await addProjectMember(owner, slug, projectId, member.user.id, 15);
  const token = await owner.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'idempotency' });
  expect(token.status, token.text).toBe(201);
  apiKey = token.body.token;
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const newKey = () => `key-${randomUUID()}`;

async function itemsNamed(name: string): Promise<string[]> {
  const rows = await t.database.raw<{ id: string }>(
    'select id from issues where project_id = $1 and name = $2 and deleted_at is null',
    [projectId, name],
  );
  return rows.map((row) => row.id);
}

async function createdEvents(issueId: string): Promise<number> {
  const [row] = await t.database.raw<{ n: number }>(
    `select count(*)::int as n from outbox where topic = 'issue.created' and payload->>'issue_id' = $1`,
    [issueId],
  );
  return row!.n;
}

function expectSameAnswer(first: HttpResult, replay: HttpResult) {
  expect(replay.status).toBe(first.status);
  expect(replay.text).toBe(first.text);
  expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
}

describe('Idempotency-Key on creates', () => {
  it('runs a create once: the same key and body again replays the first answer, with no second write or event', async () => {
    const key = newKey();
    const body = { name: `Once ${key}`, priority: 'high' };
    const first = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(first.status, first.text).toBe(201);
    const replay = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expectSameAnswer(first, replay);
    expect(await itemsNamed(body.name)).toEqual([first.body.id]);
    expect(await createdEvents(first.body.id)).toBe(1);
    // Without a key nothing is kept: the same body makes a second item.
    const plain = await owner.client.post(`${base}/issues/`, body);
    expect(plain.status).toBe(201);
    expect(plain.headers.get('idempotent-replayed')).toBeNull();
    expect(await itemsNamed(body.name)).toHaveLength(2);
  });

  it('refuses the same key with a different body or a different path (409 IDEMPOTENCY_KEY_REUSED)', async () => {
    const key = newKey();
    const first = await owner.client.post(`${base}/issues/`, { name: `Reuse ${key}` }, withKey(key));
    expect(first.status, first.text).toBe(201);
    const otherBody = await owner.client.post(`${base}/issues/`, { name: `Other ${key}` }, withKey(key));
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toMatchObject({ error_code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(otherBody.body.error).toMatch(/different request/);
    const otherPath = await owner.client.post(
      `${base}/issue-labels/`,
      { name: `Reuse ${key}` },
      withKey(key),
    );
    expect(otherPath.status).toBe(409);
    expect(otherPath.body).toMatchObject({ error_code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await itemsNamed(`Other ${key}`)).toEqual([]);
    const labels = await t.database.raw('select 1 from labels where name = $1', [`Reuse ${key}`]);
    expect(labels).toEqual([]);
  });

  it('lets one of concurrent requests with the same key run; the others are refused as in use or replayed', async () => {
    const key = newKey();
    const body = { name: `Race ${key}` };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => owner.client.post(`${base}/issues/`, body, withKey(key))),
    );
    const items = await itemsNamed(body.name);
    expect(items).toHaveLength(1);
    const ran = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer === ran[0]) continue;
      if (answer.status === 409) expect(answer.body.error_code).toBe('IDEMPOTENCY_KEY_IN_USE');
      else expectSameAnswer(ran[0]!, answer);
    }
    expect(ran[0]!.body.id).toBe(items[0]);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while a run holds the key, and lets a retry run once that run is abandoned', async () => {
    const key = newKey();
    const body = { name: `Held ${key}` };
    const path = `${base}/issues/`;
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const [row] = await t.database.raw<{ id: string }>(
      `insert into idempotency_keys (caller, key, method, path, body_hash) values ($1, $2, 'POST', $3, $4) returning id`,
      [`user:${owner.user.id}`, key, path, hash],
    );
    const held = await owner.client.post(path, body, withKey(key));
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ error_code: 'IDEMPOTENCY_KEY_IN_USE' });
    expect(held.body.error).toMatch(/still being processed/);
    // Its process died: after 60 s the key is free again for the same request.
    await t.database.raw(
      `update idempotency_keys set started_at = now() - interval '61 seconds' where id = $1`,
      [row!.id],
    );
    const retry = await owner.client.post(path, body, withKey(key));
    expect(retry.status, retry.text).toBe(201);
    expect(await itemsNamed(body.name)).toEqual([retry.body.id]);
    expectSameAnswer(retry, await owner.client.post(path, body, withKey(key)));
  });

  it('keeps keys per caller: another user with the same key makes their own item', async () => {
    const key = newKey();
    const mine = await owner.client.post(`${base}/issues/`, { name: `Mine ${key}` }, withKey(key));
    const theirs = await member.client.post(`${base}/issues/`, { name: `Mine ${key}` }, withKey(key));
    expect(mine.status, mine.text).toBe(201);
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await itemsNamed(`Mine ${key}`)).sort()).toEqual([mine.body.id, theirs.body.id].sort());
  });

  it('replays a public API (/api/v1/, API token) create under both path families, apart from the same user’s session', async () => {
    const api = new Client(t.baseUrl);
    const post = (path: string, body: unknown, key: string) =>
      api.post(path, body, { headers: { 'X-Api-Key': apiKey, 'Idempotency-Key': key }, csrf: false });
    const v1 = `/api/v1/workspaces/${slug}/projects/${projectId}`;
    for (const family of ['work-items', 'issues']) {
      const key = newKey();
      const body = { name: `V1 ${family} ${key}` };
      const first = await post(`${v1}/${family}/`, body, key);
      expect(first.status, first.text).toBe(201);
      expectSameAnswer(first, await post(`${v1}/${family}/`, body, key));
      expect(await itemsNamed(body.name)).toEqual([first.body.id]);
      // The token's keys are the token's: the same key in the owner's session is unrelated.
      const session = await owner.client.post(`${base}/issues/`, body, withKey(key));
      expect(session.status).toBe(201);
      expect(session.headers.get('idempotent-replayed')).toBeNull();
    }
  });

  it('holds across app nodes on one PostgreSQL: concurrent requests on two nodes make one item, either node replays', async () => {
    const nodeB = await startSecondNode(t);
    try {
      if (!nodeB) return; // the embedded database has one node
      const post = (node: TestApp, body: unknown, key: string) =>
        new Client(node.baseUrl).post(`/api/v1/workspaces/${slug}/projects/${projectId}/work-items/`, body, {
          headers: { 'X-Api-Key': apiKey, 'Idempotency-Key': key },
          csrf: false,
        });
      const key = newKey();
      const body = { name: `Nodes ${key}` };
      const answers = await Promise.all([post(t, body, key), post(nodeB, body, key), post(t, body, key)]);
      const items = await itemsNamed(body.name);
      expect(items).toHaveLength(1);
      const ran = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
      expect(ran).toHaveLength(1);
      for (const answer of answers.filter((a) => a !== ran[0])) {
        if (answer.status === 409) expect(answer.body.error_code).toBe('IDEMPOTENCY_KEY_IN_USE');
        else expectSameAnswer(ran[0]!, answer);
      }
      expectSameAnswer(ran[0]!, await post(nodeB, body, key));
      expectSameAnswer(ran[0]!, await post(t, body, key));
    } finally {
      await nodeB?.close();
    }
  });

  it('replays a 4xx answer (a validation error) as the same 4xx', async () => {
    const key = newKey();
    const first = await owner.client.post(`${base}/issues/`, { priority: 'urgent' }, withKey(key));
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ error_code: 'VALIDATION_ERROR' });
    expectSameAnswer(first, await owner.client.post(`${base}/issues/`, { priority: 'urgent' }, withKey(key)));
  });

  it('keeps no 5xx answer: the retry with the same key runs again', async () => {
    const key = newKey();
    const body = { name: `Failing ${key}` };
    vi.spyOn(t.services.issues, 'create').mockRejectedValueOnce(new Error('database failover'));
    const failed = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(failed.status).toBe(500);
    expect(await itemsNamed(body.name)).toEqual([]);
    const retry = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expectSameAnswer(retry, await owner.client.post(`${base}/issues/`, body, withKey(key)));
    expect(await itemsNamed(body.name)).toEqual([retry.body.id]);
  });

  it('does not run a write again whose commit the failure came after: the retry is told IDEMPOTENCY_ANSWER_LOST', async () => {
    const key = newKey();
    const body = { name: `Committed ${key}` };
    // The database goes away after the create committed and before its answer was kept.
    const create = t.services.issues.create.bind(t.services.issues);
    vi.spyOn(t.services.issues, 'create').mockImplementationOnce(async (...args) => {
      await create(...args);
      throw new Error('Connection terminated unexpectedly');
    });
    const failed = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(failed.status).toBe(503);
    expect(await itemsNamed(body.name)).toHaveLength(1);
    const retry = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ error_code: 'IDEMPOTENCY_ANSWER_LOST' });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await itemsNamed(body.name)).toHaveLength(1);
  });

  it('frees a failed run’s key once the database takes the release again', async () => {
    const key = newKey();
    const body = { name: `Released later ${key}` };
    // Both the create and the key's release meet a database that is away.
    vi.spyOn(t.services.issues, 'create').mockRejectedValueOnce(
      new Error('Connection terminated unexpectedly'),
    );
    const deleteKey = t.services.db.delete.bind(t.services.db);
    const refused = vi.spyOn(t.services.db, 'delete').mockImplementationOnce(() => {
      throw new Error('Connection terminated unexpectedly');
    });
    expect((await owner.client.post(`${base}/issues/`, body, withKey(key))).status).toBe(503);
    expect(refused).toHaveBeenCalled();
    refused.mockImplementation(deleteKey);
    // In use until the release is tried again (every second), then the retry runs.
    await expect
      .poll(async () => (await owner.client.post(`${base}/issues/`, body, withKey(key))).status, {
        timeout: 5000,
        interval: 250,
      })
      .toBe(201);
    expect(await itemsNamed(body.name)).toHaveLength(1);
  });

  it('reads a key its run’s transaction marked committed as done: in use, then ANSWER_LOST, never run again', async () => {
    // The run's COMMIT happened but its answer was lost with the connection: the only trace is the
    // mark its transaction left on the key (status 0).
    const key = newKey();
    const body = { name: `Marked ${key}` };
    const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    await t.database.raw(
      `insert into idempotency_keys (caller, key, method, path, body_hash, status)
       values ($1, $2, 'POST', $3, $4, 0)`,
      [`user:${owner.user.id}`, key, `${base}/issues/`, bodyHash],
    );
    const running = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(running.body).toMatchObject({ error_code: 'IDEMPOTENCY_KEY_IN_USE' });
    await t.database.raw(
      `update idempotency_keys set started_at = now() - interval '2 minutes' where key = $1`,
      [key],
    );
    const abandoned = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(abandoned.status).toBe(409);
    expect(abandoned.body).toMatchObject({ error_code: 'IDEMPOTENCY_ANSWER_LOST' });
    expect(await itemsNamed(body.name)).toEqual([]);
  });

  it('covers other creates: a comment and a cycle are made once', async () => {
    const issue = await owner.client.post(`${base}/issues/`, { name: `Commented ${newKey()}` });
    const key = newKey();
    const comment = { comment_html: `<p>${key}</p>` };
    const path = `${base}/issues/${issue.body.id}/comments/`;
    const first = await owner.client.post(path, comment, withKey(key));
    expect(first.status, first.text).toBe(201);
    expectSameAnswer(first, await owner.client.post(path, comment, withKey(key)));
    const comments = await t.database.raw('select 1 from issue_comments where issue_id = $1', [
      issue.body.id,
    ]);
    expect(comments).toHaveLength(1);

    const cycleKey = newKey();
    const cycle = { name: `Cycle ${cycleKey}` };
    const made = await owner.client.post(`${base}/cycles/`, cycle, withKey(cycleKey));
    expect(made.status, made.text).toBe(201);
    expectSameAnswer(made, await owner.client.post(`${base}/cycles/`, cycle, withKey(cycleKey)));
    expect(await t.database.raw('select 1 from cycles where name = $1', [cycle.name])).toHaveLength(1);
  });

  it('refuses a malformed key with 400 IDEMPOTENCY_KEY_INVALID before anything runs', async () => {
    for (const key of ['', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const name = `Invalid ${newKey()}`;
      const res = await owner.client.post(`${base}/issues/`, { name }, withKey(key));
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'IDEMPOTENCY_KEY_INVALID' });
      expect(await itemsNamed(name)).toEqual([]);
    }
    const longest = await owner.client.post(
      `${base}/issues/`,
      { name: `Longest ${newKey()}` },
      withKey('k'.repeat(255)),
    );
    expect(longest.status, longest.text).toBe(201);
  });

  it('forgets answers after 24 hours (housekeeping), after which the key runs again', async () => {
    const key = newKey();
    const body = { name: `Day old ${key}` };
    const first = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(first.status).toBe(201);
    const recentKey = newKey();
    expect(
      (await owner.client.post(`${base}/issues/`, { name: `Recent ${recentKey}` }, withKey(recentKey)))
        .status,
    ).toBe(201);
    await t.database.raw(
      `update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`,
      [key],
    );
    const pruned = await pruneFinishedRows(t.database.db);
    expect(pruned.idempotencyKeys).toBe(1);
    const keys = await t.database.raw<{ key: string }>(
      'select key from idempotency_keys where key in ($1, $2)',
      [key, recentKey],
    );
    expect(keys.map((row) => row.key)).toEqual([recentKey]);
    const again = await owner.client.post(`${base}/issues/`, body, withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await itemsNamed(body.name)).toHaveLength(2);
  });

  it('is documented once in the OpenAPI document and referenced by the writes under /api/', async () => {
    const doc = (await new Client(t.baseUrl).get('/api/openapi.json')).body;
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    const ref = { $ref: '#/components/parameters/IdempotencyKey' };
    const issues = doc.paths['/api/workspaces/{slug}/projects/{project_id}/issues/'];
    expect(issues.post.parameters).toContainEqual(ref);
    expect(issues.get.parameters ?? []).not.toContainEqual(ref);
    expect(
      doc.paths['/api/v1/workspaces/{slug}/projects/{project_id}/work-items/'].post.parameters,
    ).toContainEqual(ref);
  });
});
