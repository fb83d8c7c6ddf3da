import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const AUDIT = ['created_at', 'updated_at', 'created_by', 'updated_by'];
const ESTIMATE_KEYS = [
  'id',
  'name',
  'description',
  'type',
  'last_used',
  'workspace',
  'project',
  'points',
  ...AUDIT,
].sort();
const POINT_KEYS = ['id', 'key', 'value', 'description', 'workspace', 'project', 'estimate', ...AUDIT].sort();

interface Point {
  id: string;
  key: number;
  value: string;
}
interface Estimate {
  id: string;
  name: string;
  type: string;
  points: Point[];
}

let t: TestApp;
let owner: SignedIn;
let slug: string;
let project: { id: string; workspace: string };
let projectUrl: string;
let estimates: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  const created = await createProject(owner, slug);
  project = { id: created.id, workspace: created.workspace as string };
  projectUrl = `/api/workspaces/${slug}/projects/${project.id}/`;
  estimates = `${projectUrl}estimates/`;
});
afterEach(() => t.close());

const pointsOf = (...values: string[]) => values.map((value, key) => ({ key, value }));

async function createEstimate(
  body: { name?: string; type?: string; points?: { key: number; value: string }[] } = {},
  url = estimates,
) {
  const res = await owner.client.post(url, {
    estimate: { name: body.name ?? 'Story points', type: body.type ?? 'points' },
    estimate_points: body.points ?? pointsOf('1', '2', '3'),
  });
  expect(res.status, res.text).toBe(201);
  return res.body as Estimate;
}

describe('creating and reading estimates', () => {
  it('creates an estimate with its points ordered by key, reads and lists it', async () => {
    const res = await owner.client.post(estimates, {
      estimate: { name: ' Sizes ', description: 'T-shirt', type: 'Categories', last_used: true },
      estimate_points: [
        { key: 2, value: 'Large', description: 'big' },
        { key: 0, value: 'Small' },
        { key: 1, value: 'Medium' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(ESTIMATE_KEYS);
    expect(res.body).toMatchObject({
      name: 'Sizes',
      description: 'T-shirt',
      type: 'categories',
      last_used: true,
      workspace: project.workspace,
      project: project.id,
      created_by: owner.user.id,
    });
    expect(res.body.points.map((p: Point) => [p.key, p.value])).toEqual([
      [0, 'Small'],
      [1, 'Medium'],
      [2, 'Large'],
    ]);
    expect(Object.keys(res.body.points[0]).sort()).toEqual(POINT_KEYS);
    expect(res.body.points[2]).toMatchObject({
      description: 'big',
      estimate: res.body.id,
      project: project.id,
      workspace: project.workspace,
    });
    expect(res.body.points[0].description).toBe('');

    const time = await createEstimate({ name: 'Minutes', type: 'time', points: pointsOf('15', '30') });
    expect(time.type).toBe('time');
    const one = await owner.client.get(`${estimates}${res.body.id}/`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(res.body);
    const listed = await owner.client.get(estimates);
    expect(listed.body.map((e: Estimate) => e.id)).toEqual([res.body.id, time.id]);
    expect(listed.body[0]).toEqual(res.body);
  });

  it('lists the estimates of the caller’s projects across the workspace', async () => {
    const mine = await createEstimate();
    const member = await addMember(t, owner, slug, 15);
    const theirs = await createProject(member, slug, { network: 0 });
    const hidden = await member.client.post(`/api/workspaces/${slug}/projects/${theirs.id}/estimates/`, {
      estimate: { name: 'Theirs', type: 'points' },
      estimate_points: pointsOf('1', '2'),
    });
    expect(hidden.status).toBe(201);
    const listed = await owner.client.get(`/api/workspaces/${slug}/estimates/`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([mine]);
    expect((await member.client.get(`/api/workspaces/${slug}/estimates/`)).body).toEqual([hidden.body]);
    expect((await new Client(t.baseUrl).get(`/api/workspaces/${slug}/estimates/`)).status).toBe(401);
    expect((await (await signUp(t)).client.get(`/api/workspaces/${slug}/estimates/`)).status).toBe(404);
  });

  it('refuses bad bodies, wrong point counts, repeats, non-numeric points and taken names', async () => {
    const post = (estimate: Record<string, unknown>, estimate_points: unknown) =>
      owner.client.post(estimates, { estimate: { name: 'E', type: 'points', ...estimate }, estimate_points });
    const cases: [Record<string, unknown>, unknown, string][] = [
      [{ name: '' }, pointsOf('1', '2'), 'estimate.name'],
      [{ type: 'sizes' }, pointsOf('1', '2'), 'estimate.type'],
      [{}, 'x', 'estimate_points'],
      [{}, pointsOf('1'), 'estimate_points'],
      [{}, pointsOf('1', '2', '3', '4', '5', '6', '7'), 'estimate_points'],
      [
        {},
        [
          { key: 1, value: '1' },
          { key: 1, value: '2' },
        ],
        'estimate_points.1.key',
      ],
      [{}, pointsOf('3', '3'), 'estimate_points.1.value'],
      [{}, pointsOf('1', 'XL'), 'estimate_points.1.value'],
      [{}, pointsOf('1', '2.5'), 'estimate_points.1.value'],
      [{ type: 'time' }, pointsOf('30', 'an hour'), 'estimate_points.1.value'],
      [{ type: 'categories' }, pointsOf('Small', 'small'), 'estimate_points.1.value'],
      [
        {},
        [
          { key: -1, value: '1' },
          { key: 1, value: '2' },
        ],
        'estimate_points.0.key',
      ],
      [{}, pointsOf('1', 'x'.repeat(21)), 'estimate_points.1.value'],
    ];
    for (const [estimate, points, field] of cases) {
      const res = await post(estimate, points);
      expect(res.status, field).toBe(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(res.body.fields, JSON.stringify(res.body)).toHaveProperty([field]);
    }
    expect((await owner.client.post(estimates, { estimate_points: pointsOf('1', '2') })).status).toBe(400);
    expect((await owner.client.get(estimates)).body).toEqual([]);

    await createEstimate({ name: 'Taken' });
    const taken = await post({ name: 'Taken' }, pointsOf('1', '2'));
    expect(taken.status).toBe(409);
    expect(taken.body.error_code).toBe('ESTIMATE_EXISTS');
  });
});

describe('updating and deleting estimates', () => {
  it('patches fields and upserts points by id', async () => {
    const estimate = await createEstimate({ points: pointsOf('1', '2', '3') });
    const url = `${estimates}${estimate.id}/`;
    const [p1, p2] = estimate.points as [Point, Point, Point];
    const res = await owner.client.patch(url, {
      estimate: { name: 'Renamed', description: 'now', last_used: true },
      estimate_points: [
        { id: p1.id, key: 0, value: '2' },
        { id: p2.id, key: 1, value: '1', description: 'swapped' },
        { key: 5, value: '8' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ESTIMATE_KEYS);
    expect(res.body).toMatchObject({ name: 'Renamed', description: 'now', last_used: true, type: 'points' });
    expect(res.body.points.map((p: Point) => [p.id, p.key, p.value])).toEqual([
      [p1.id, 0, '2'],
      [p2.id, 1, '1'],
      [estimate.points[2]!.id, 2, '3'],
      [expect.any(String), 5, '8'],
    ]);
    expect(res.body.points[1].description).toBe('swapped');
    expect((await owner.client.patch(url, {})).body.points).toHaveLength(4);

    const refused: [unknown, string][] = [
      [{ estimate_points: [{ key: 9, value: '1' }] }, 'estimate_points.0.value'],
      [{ estimate_points: [{ id: randomUUID(), key: 9, value: '9' }] }, 'estimate_points.0.id'],
      [
        {
          estimate_points: [
            { key: 9, value: '13' },
            { key: 10, value: '21' },
            { key: 11, value: '34' },
          ],
        },
        'estimate_points',
      ],
      [{ estimate: { type: 'nope' } }, 'estimate.type'],
      [
        { estimate: { type: 'time' }, estimate_points: [{ id: p1.id, key: 0, value: 'soon' }] },
        'estimate_points.0.value',
      ],
    ];
    for (const [body, field] of refused) {
      const bad = await owner.client.patch(url, body);
      expect(bad.status, field).toBe(400);
      expect(bad.body.fields, JSON.stringify(bad.body)).toHaveProperty([field]);
    }
    // Categories may hold numbers, so switching that way is fine; back to points needs numbers again.
    expect((await owner.client.patch(url, { estimate: { type: 'CATEGORIES' } })).body.type).toBe(
      'categories',
    );
    const words = await owner.client.patch(url, { estimate_points: [{ id: p1.id, key: 0, value: 'XL' }] });
    expect(words.status, words.text).toBe(200);
    const back = await owner.client.patch(url, { estimate: { type: 'points' } });
    expect(back.status).toBe(400);
    expect(back.body.fields).toHaveProperty(['estimate.type']);

    await createEstimate({ name: 'Other' });
    const taken = await owner.client.patch(url, { estimate: { name: 'Other' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error_code).toBe('ESTIMATE_EXISTS');
  });

  it('soft deletes an estimate and clears it as the project’s active estimate', async () => {
    const active = await createEstimate({ name: 'Active' });
    const other = await createEstimate({ name: 'Other' });
    const second = await createProject(owner, slug);
    const foreign = await createEstimate({}, `/api/workspaces/${slug}/projects/${second.id}/estimates/`);
    // The project accepts only an estimate of its own as the active one.
    const wrong = await owner.client.patch(projectUrl, { estimate: foreign.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('estimate');
    expect((await owner.client.patch(projectUrl, { estimate: active.id })).body.estimate).toBe(active.id);

    expect((await owner.client.delete(`${estimates}${other.id}/`)).status).toBe(204);
    expect((await owner.client.get(projectUrl)).body.estimate).toBe(active.id);
    const deleted = await owner.client.delete(`${estimates}${active.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await owner.client.get(projectUrl)).body.estimate).toBeNull();
    expect((await owner.client.get(`${estimates}${active.id}/`)).status).toBe(404);
    expect((await owner.client.delete(`${estimates}${active.id}/`)).status).toBe(404);
    expect((await owner.client.get(estimates)).body).toEqual([]);
    expect((await owner.client.patch(projectUrl, { estimate: active.id })).status).toBe(400);
    // The name is free again.
    await createEstimate({ name: 'Active' });
  });
});

describe('estimate points', () => {
  it('adds points up to six and edits them', async () => {
    const estimate = await createEstimate({ points: pointsOf('1', '2', '3', '5') });
    const points = `${estimates}${estimate.id}/estimate-points/`;
    const added = await owner.client.post(points, { key: 4, value: '8', description: 'big' });
    expect(added.status, added.text).toBe(201);
    expect(Object.keys(added.body).sort()).toEqual(POINT_KEYS);
    expect(added.body).toMatchObject({ key: 4, value: '8', description: 'big', estimate: estimate.id });
    expect((await owner.client.post(points, { key: 1, value: '13' })).body.fields).toHaveProperty('key');
    expect((await owner.client.post(points, { key: 5, value: '08' })).body.fields).toHaveProperty('value');
    expect((await owner.client.post(points, { key: 5, value: 'XL' })).body.fields).toHaveProperty('value');
    expect((await owner.client.post(points, { key: 5 })).body.fields).toHaveProperty('value');
    expect((await owner.client.post(points, { key: 5, value: '13' })).status).toBe(201);
    const full = await owner.client.post(points, { key: 6, value: '21' });
    expect(full.status).toBe(400);
    expect(full.body.error).toMatch(/at most 6/);
    expect((await owner.client.get(`${estimates}${estimate.id}/`)).body.points).toHaveLength(6);

    const url = `${points}${added.body.id}/`;
    const edited = await owner.client.patch(url, { value: '34', description: 'huge' });
    expect(edited.status, edited.text).toBe(200);
    expect(Object.keys(edited.body).sort()).toEqual(POINT_KEYS);
    expect(edited.body).toMatchObject({ id: added.body.id, key: 4, value: '34', description: 'huge' });
    expect((await owner.client.patch(url, { key: 4 })).status).toBe(200);
    expect((await owner.client.patch(url, { key: 0 })).body.fields).toHaveProperty('key');
    expect((await owner.client.patch(url, { value: '1' })).body.fields).toHaveProperty('value');
    expect((await owner.client.patch(url, { value: 'x'.repeat(21) })).status).toBe(400);
    expect((await owner.client.patch(`${points}${randomUUID()}/`, { value: '99' })).status).toBe(404);
  });

  it('deletes points down to two, optionally naming the replacement', async () => {
    const estimate = await createEstimate({ points: pointsOf('1', '2', '3') });
    const points = `${estimates}${estimate.id}/estimate-points/`;
    const [p1, p2, p3] = estimate.points as [Point, Point, Point];
    const badTarget = await owner.client.request('DELETE', `${points}${p1.id}/`, {
      json: { new_estimate_id: p1.id },
    });
    expect(badTarget.status).toBe(400);
    expect(badTarget.body.fields).toHaveProperty('new_estimate_id');
    expect(
      (await owner.client.request('DELETE', `${points}${p1.id}/`, { json: { new_estimate_id: 'nope' } }))
        .status,
    ).toBe(400);
    const moved = await owner.client.request('DELETE', `${points}${p1.id}/`, {
      json: { new_estimate_id: p2.id },
    });
    expect(moved.status, moved.text).toBe(204);
    const again = await owner.client.delete(`${points}${p1.id}/`);
    expect(again.status, again.text).toBe(404);
    const last = await owner.client.delete(`${points}${p2.id}/`);
    expect(last.status).toBe(400);
    expect(last.body.error).toMatch(/at least 2/);
    expect(
      (await owner.client.get(`${estimates}${estimate.id}/`)).body.points.map((p: Point) => p.id),
    ).toEqual([p2.id, p3.id]);
  });
});

describe('access', () => {
  it('needs a session for every endpoint', async () => {
    const estimate = await createEstimate();
    const point = estimate.points[0]!;
    const anon = new Client(t.baseUrl);
    const url = `${estimates}${estimate.id}/`;
    for (const res of [
      await anon.get(estimates),
      await anon.post(estimates, {
        estimate: { name: 'X', type: 'points' },
        estimate_points: pointsOf('1', '2'),
      }),
      await anon.get(url),
      await anon.patch(url, {}),
      await anon.delete(url),
      await anon.post(`${url}estimate-points/`, { key: 9, value: '9' }),
      await anon.patch(`${url}estimate-points/${point.id}/`, { value: '9' }),
      await anon.delete(`${url}estimate-points/${point.id}/`),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('lets members read and keeps everyone below project admin from writing', async () => {
    const estimate = await createEstimate({ points: pointsOf('1', '2', '3') });
    const url = `${estimates}${estimate.id}/`;
    const point = estimate.points[0]!;
    // A workspace member who is a project MEMBER: the strongest role still refused.
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, project.id, guest.user.id, 5);
    for (const reader of [member, guest]) {
      expect((await reader.client.get(estimates)).body).toEqual([estimate]);
      expect((await reader.client.get(url)).status).toBe(200);
    }
    for (const res of [
      await member.client.post(estimates, {
        estimate: { name: 'X', type: 'points' },
        estimate_points: pointsOf('1', '2'),
      }),
      await member.client.post(estimates, {}), // 403 comes before 400
      await member.client.patch(url, { estimate: { name: 'X' } }),
      await member.client.delete(url),
      await member.client.post(`${url}estimate-points/`, { key: 9, value: '9' }),
      await member.client.patch(`${url}estimate-points/${point.id}/`, { value: '9' }),
      await member.client.delete(`${url}estimate-points/${point.id}/`),
      await member.client.patch(projectUrl, { estimate: estimate.id }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error_code).toBe('FORBIDDEN');
    }
    // A workspace admin who is only a project member acts as project admin.
    const admin = await addMember(t, owner, slug, 20);
    await addProjectMember(owner, slug, project.id, admin.user.id, 15);
    expect((await admin.client.patch(url, { estimate: { name: 'By admin' } })).status).toBe(200);
  });

  it('answers 404 for other workspaces, other projects’ ids, unknown and malformed ids', async () => {
    const estimate = await createEstimate();
    const point = estimate.points[0]!;
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const viaOther = `/api/workspaces/${otherSlug}/projects/${project.id}/estimates/`;
    expect((await other.client.get(viaOther)).status).toBe(404);
    expect((await other.client.get(`${viaOther}${estimate.id}/`)).status).toBe(404);
    expect((await other.client.delete(`${viaOther}${estimate.id}/`)).status).toBe(404);
    expect((await other.client.get(estimates)).status).toBe(404);

    const second = await createProject(owner, slug);
    const foreign = await createEstimate({}, `/api/workspaces/${slug}/projects/${second.id}/estimates/`);
    const foreignPoint = foreign.points[0]!;
    for (const res of [
      await owner.client.get(`${estimates}${foreign.id}/`),
      await owner.client.patch(`${estimates}${foreign.id}/`, { estimate: { name: 'X' } }),
      await owner.client.delete(`${estimates}${foreign.id}/`),
      await owner.client.post(`${estimates}${foreign.id}/estimate-points/`, { key: 9, value: '9' }),
      // A point of another estimate under this estimate's path.
      await owner.client.patch(`${estimates}${estimate.id}/estimate-points/${foreignPoint.id}/`, {
        value: '9',
      }),
      await owner.client.delete(`${estimates}${estimate.id}/estimate-points/${foreignPoint.id}/`),
      await owner.client.get(`${estimates}${randomUUID()}/`),
      await owner.client.get(`${estimates}not-a-uuid/`),
      await owner.client.patch(`${estimates}${estimate.id}/estimate-points/not-a-uuid/`, { value: '9' }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await owner.client.get(`${estimates}${estimate.id}/`)).body.points[0]).toEqual(point);
  });
});
