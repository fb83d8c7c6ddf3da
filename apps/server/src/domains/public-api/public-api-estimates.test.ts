import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The public API's estimates and work-item search (api.md §15.2) over real HTTP, with API keys of
 * every role: one estimate per project at `estimates/`, its points in bulk, and the refusals.
 */

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let viewer: SignedIn;
let guest: SignedIn;
let slug: string;
let keys: Record<'owner' | 'member' | 'viewer' | 'guest' | 'outsider', string>;
let outsiderV1: string; // the outsider's own workspace, /api/v1/workspaces/{slug}

type Who = keyof typeof keys | 'nobody';

/** A call with nothing but the API key of `who` (no cookie, no CSRF). */
function api(who: Who, method: string, path: string, body?: unknown): Promise<HttpResult> {
  const headers: Record<string, string> = who === 'nobody' ? {} : { 'X-Api-Key': keys[who] };
  return new Client(t.baseUrl).request(method, path, { json: body, headers, csrf: false });
}

function ok<T = any>(res: HttpResult<T>, status = 200): T {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

async function mint(account: SignedIn, workspace = slug): Promise<string> {
  const res = await account.client.post(`/api/workspaces/${workspace}/api-tokens/`, { label: 'test' });
  expect(res.status, res.text).toBe(201);
  return res.body.token;
}

/** A project of the workspace with every role's account in it; its v1 path. */
async function newProject(body: Record<string, unknown> = {}) {
  const project = await createProject(owner, slug, body);
  for (const [account, role] of [
    [member, 15],
    [viewer, 10],
    [guest, 5],
  ] as const) {
    await addProjectMember(owner, slug, project.id, account.user.id, role);
  }
  return { ...project, v1: `/api/v1/workspaces/${slug}/projects/${project.id}` };
}

beforeAll(async () => {
  t = await startTestApp({ API_RATE_LIMIT: '100000' });
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  [member, viewer, guest] = await Promise.all([
    addMember(t, owner, slug, 15),
    addMember(t, owner, slug, 10),
    addMember(t, owner, slug, 5),
  ]);
  const outsider = await signUp(t);
  const outsiderSlug = (await createWorkspace(outsider)).slug;
  await createProject(outsider, outsiderSlug);
  outsiderV1 = `/api/v1/workspaces/${outsiderSlug}`;
  keys = {
    owner: await mint(owner),
    member: await mint(member),
    viewer: await mint(viewer),
    guest: await mint(guest),
    outsider: await mint(outsider, outsiderSlug),
  };
}, 120_000);
afterAll(() => t?.close());

describe('public API: estimates', () => {
  it('creates the one estimate, adds points in bulk, edits and deletes them', async () => {
    const p = (await newProject()).v1;
    const none = await api('owner', 'GET', `${p}/estimates/`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: 'Estimate not found', error_code: 'NOT_FOUND' });

    // Plane's clients create the estimate bare and add its points after.
    const created = ok(
      await api('owner', 'POST', `${p}/estimates/`, {
        name: 'Sizes',
        description: 'T-shirt',
        type: 'Points',
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Sizes',
      description: 'T-shirt',
      type: 'points',
      last_used: false,
      points: [],
      project: p.split('/').at(-1),
      workspace: expect.any(String),
    });

    const again = await api('owner', 'POST', `${p}/estimates/`, { name: 'Other', type: 'points' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'ESTIMATE_EXISTS', id: created.id });

    // A plain array; keys left out follow the highest (from 1).
    const firstPoints = ok(
      await api('owner', 'POST', `${p}/estimates/${created.id}/estimate-points/`, [
        { value: '1' },
        { value: '2', description: 'small' },
        { value: '3' },
      ]),
      201,
    );
    expect(firstPoints.map((x: any) => [x.key, x.value, x.description, x.estimate])).toEqual([
      [1, '1', '', created.id],
      [2, '2', 'small', created.id],
      [3, '3', '', created.id],
    ]);
    // Or `{estimate_points: [...]}`, keys as sent.
    const more = ok(
      await api('owner', 'POST', `${p}/estimates/${created.id}/estimate-points/`, {
        estimate_points: [{ key: 10, value: '8' }],
      }),
      201,
    );
    expect(more).toEqual([expect.objectContaining({ key: 10, value: '8' })]);

    const listed = ok(await api('guest', 'GET', `${p}/estimates/${created.id}/estimate-points/`));
    expect(listed.map((x: any) => x.value)).toEqual(['1', '2', '3', '8']);
    const read = ok(await api('viewer', 'GET', `${p}/estimates/`));
    expect(read.id).toBe(created.id);
    expect(read.points.map((x: any) => x.key)).toEqual([1, 2, 3, 10]);

    const renamed = ok(await api('owner', 'PATCH', `${p}/estimates/`, { name: 'Story points' }));
    expect(renamed).toMatchObject({ id: created.id, name: 'Story points', description: 'T-shirt' });
    expect(renamed.points).toHaveLength(4);

    const five = ok(
      await api('owner', 'PATCH', `${p}/estimates/${created.id}/estimate-points/${firstPoints[2].id}/`, {
        value: '5',
      }),
    );
    expect(five).toMatchObject({ id: firstPoints[2].id, key: 3, value: '5' });

    // A work item on a point of the active estimate: deleting the point moves it to the one named,
    // deleting the estimate clears it (and the project's active estimate).
    expect(ok(await api('owner', 'PATCH', `${p}/`, { estimate: created.id })).estimate).toBe(created.id);
    const item = ok(
      await api('owner', 'POST', `${p}/work-items/`, { name: 'Sized', estimate_point: firstPoints[0].id }),
      201,
    );
    const gone = await api(
      'owner',
      'DELETE',
      `${p}/estimates/${created.id}/estimate-points/${firstPoints[0].id}/`,
      {
        new_estimate_id: five.id,
      },
    );
    expect(gone.status, gone.text).toBe(204);
    expect(ok(await api('owner', 'GET', `${p}/work-items/${item.id}/`)).estimate_point).toBe(five.id);
    expect(
      ok(await api('owner', 'GET', `${p}/estimates/${created.id}/estimate-points/`)).map((x: any) => x.value),
    ).toEqual(['2', '5', '8']);

    expect((await api('owner', 'DELETE', `${p}/estimates/`)).status).toBe(204);
    expect((await api('owner', 'GET', `${p}/estimates/`)).status).toBe(404);
    expect((await api('owner', 'GET', `${p}/estimates/${created.id}/estimate-points/`)).status).toBe(404);
    expect(ok(await api('owner', 'GET', `${p}/work-items/${item.id}/`)).estimate_point).toBeNull();
    expect(ok(await api('owner', 'GET', `${p}/`)).estimate).toBeNull();
    // With the old one gone, the project takes a new one, points and all.
    const next = ok(
      await api('owner', 'POST', `${p}/estimates/`, {
        name: 'Hours',
        type: 'time',
        estimate_points: [{ value: '30' }, { value: '60' }],
      }),
      201,
    );
    expect(next.points.map((x: any) => [x.key, x.value])).toEqual([
      [1, '30'],
      [2, '60'],
    ]);
  });

  it("answers for the project's active estimate when the web app made several", async () => {
    const project = await newProject();
    const internal = `/api/workspaces/${slug}/projects/${project.id}/estimates/`;
    const make = async (name: string) => {
      const res = await owner.client.post(internal, {
        estimate: { name, type: 'categories' },
        estimate_points: [
          { key: 0, value: 'S' },
          { key: 1, value: 'L' },
        ],
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const first = await make('First');
    const second = await make('Second');
    expect(ok(await api('owner', 'GET', `${project.v1}/estimates/`)).id).toBe(first);
    const activate = await owner.client.patch(`/api/workspaces/${slug}/projects/${project.id}/`, {
      estimate: second,
    });
    expect(activate.status, activate.text).toBe(200);
    expect(ok(await api('owner', 'GET', `${project.v1}/estimates/`)).id).toBe(second);
    const refused = await api('owner', 'POST', `${project.v1}/estimates/`, { name: 'Third' });
    expect(refused.status).toBe(409);
    expect(refused.body.id).toBe(second);
    expect(ok(await api('owner', 'PATCH', `${project.v1}/estimates/`, { name: 'Active' })).id).toBe(second);
    expect((await api('owner', 'DELETE', `${project.v1}/estimates/`)).status).toBe(204);
    // The active one is gone (and the project's `estimate` with it); the other remains.
    expect(ok(await api('owner', 'GET', `${project.v1}/estimates/`)).id).toBe(first);
    expect(ok(await api('owner', 'GET', `${project.v1}/`)).estimate).toBeNull();
  });

  it('refuses bad input with 400 and the fields at fault', async () => {
    const p = (await newProject()).v1;
    const badType = await api('owner', 'POST', `${p}/estimates/`, { name: 'Sizes', type: 'sizes' });
    expect(badType.status).toBe(400);
    expect(badType.body.error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(badType.body.fields)).toContain('type');
    expect((await api('owner', 'POST', `${p}/estimates/`, { type: 'points' })).status).toBe(400);
    const onePoint = await api('owner', 'POST', `${p}/estimates/`, {
      name: 'Sizes',
      type: 'points',
      estimate_points: [{ value: '1' }],
    });
    expect(onePoint.status).toBe(400);
    expect(onePoint.body.fields).toHaveProperty('estimate_points');
    // Nothing was made by the refused calls.
    expect((await api('owner', 'GET', `${p}/estimates/`)).status).toBe(404);

    const estimate = ok(
      await api('owner', 'POST', `${p}/estimates/`, { name: 'Sizes', type: 'points' }),
      201,
    );
    const points = `${p}/estimates/${estimate.id}/estimate-points/`;
    const notDigits = await api('owner', 'POST', points, [{ value: '1' }, { value: 'big' }]);
    expect(notDigits.status).toBe(400);
    expect(notDigits.body.fields).toEqual({ 'estimate_points.1.value': 'Points must be a whole number' });
    expect((await api('owner', 'POST', points, [])).status).toBe(400);
    expect((await api('owner', 'POST', points, { estimate_points: [{ key: -1, value: '1' }] })).status).toBe(
      400,
    );
    const repeated = await api('owner', 'POST', points, [{ value: '2' }, { value: '02' }]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.fields).toEqual({ 'estimate_points.1.value': 'Duplicate value' });
    ok(
      await api('owner', 'POST', points, [{ value: '1' }, { value: '2' }, { value: '3' }, { value: '5' }]),
      201,
    );
    // Six at most, counting those stored.
    const tooMany = await api('owner', 'POST', points, [{ value: '8' }, { value: '13' }, { value: '21' }]);
    expect(tooMany.status).toBe(400);
    const stored = ok(await api('owner', 'GET', points));
    expect(stored).toHaveLength(4);
    const clash = await api('owner', 'PATCH', `${points}${stored[0].id}/`, { value: '2' });
    expect(clash.status).toBe(400);
    expect((await api('owner', 'PATCH', `${p}/estimates/`, { type: 'weird' })).status).toBe(400);
  });

  it('lets every member read and only project admins write, as the internal API', async () => {
    const p = (await newProject()).v1;
    for (const who of ['member', 'viewer', 'guest'] as const) {
      const res = await api(who, 'POST', `${p}/estimates/`, { name: 'Mine', type: 'points' });
      expect(res.status, `${who} ${res.text}`).toBe(403);
      expect(res.body.error_code).toBe('FORBIDDEN');
    }
    const estimate = ok(
      await api('owner', 'POST', `${p}/estimates/`, { name: 'Sizes', type: 'points' }),
      201,
    );
    const [point] = ok(
      await api('owner', 'POST', `${p}/estimates/${estimate.id}/estimate-points/`, [
        { value: '1' },
        { value: '2' },
      ]),
      201,
    );
    const writes: [string, string, unknown][] = [
      ['PATCH', `${p}/estimates/`, { name: 'Renamed' }],
      ['DELETE', `${p}/estimates/`, undefined],
      ['POST', `${p}/estimates/${estimate.id}/estimate-points/`, [{ value: '3' }]],
      ['PATCH', `${p}/estimates/${estimate.id}/estimate-points/${point.id}/`, { value: '4' }],
      ['DELETE', `${p}/estimates/${estimate.id}/estimate-points/${point.id}/`, undefined],
    ];
    for (const who of ['member', 'viewer', 'guest'] as const) {
      expect(ok(await api(who, 'GET', `${p}/estimates/`)).id).toBe(estimate.id);
      expect(ok(await api(who, 'GET', `${p}/estimates/${estimate.id}/estimate-points/`))).toHaveLength(2);
      for (const [method, path, body] of writes) {
        expect((await api(who, method, path, body)).status, `${who} ${method} ${path}`).toBe(403);
      }
    }
    // Nothing changed.
    const after = ok(await api('owner', 'GET', `${p}/estimates/`));
    expect(after).toMatchObject({ name: 'Sizes', points: [{ value: '1' }, { value: '2' }] });
  });

  it('is 401 without a key and 404 across workspaces and projects', async () => {
    const project = await newProject();
    const p = project.v1;
    const estimate = ok(
      await api('owner', 'POST', `${p}/estimates/`, { name: 'Sizes', type: 'points' }),
      201,
    );
    const [point] = ok(
      await api('owner', 'POST', `${p}/estimates/${estimate.id}/estimate-points/`, [
        { value: '1' },
        { value: '2' },
      ]),
      201,
    );
    const noKey = await api('nobody', 'GET', `${p}/estimates/`);
    expect(noKey.status).toBe(401);
    expect(noKey.body.error_code).toBe('AUTHENTICATION_REQUIRED');

    // Another workspace's key on this project, and this estimate under the outsider's own project.
    expect((await api('outsider', 'GET', `${p}/estimates/`)).status).toBe(404);
    expect((await api('outsider', 'POST', `${p}/estimates/`, { name: 'X', type: 'points' })).status).toBe(
      404,
    );
    const outsiderProjects = ok(await api('outsider', 'GET', `${outsiderV1}/projects/`)).results;
    const theirs = `${outsiderV1}/projects/${outsiderProjects[0].id}`;
    expect((await api('outsider', 'GET', `${theirs}/estimates/${estimate.id}/estimate-points/`)).status).toBe(
      404,
    );
    expect(
      (
        await api('outsider', 'PATCH', `${theirs}/estimates/${estimate.id}/estimate-points/${point.id}/`, {
          value: '9',
        })
      ).status,
    ).toBe(404);

    // This estimate under another project of the same workspace.
    const other = (await newProject()).v1;
    expect((await api('owner', 'GET', `${other}/estimates/${estimate.id}/estimate-points/`)).status).toBe(
      404,
    );
    expect(
      (await api('owner', 'POST', `${other}/estimates/${estimate.id}/estimate-points/`, [{ value: '3' }]))
        .status,
    ).toBe(404);
    expect(
      (await api('owner', 'DELETE', `${other}/estimates/${estimate.id}/estimate-points/${point.id}/`)).status,
    ).toBe(404);
    // A point of another estimate under this one.
    const otherEstimate = ok(
      await api('owner', 'POST', `${other}/estimates/`, { name: 'O', type: 'points' }),
      201,
    );
    expect(
      (
        await api('owner', 'PATCH', `${other}/estimates/${otherEstimate.id}/estimate-points/${point.id}/`, {
          value: '9',
        })
      ).status,
    ).toBe(404);
    expect(ok(await api('owner', 'GET', `${p}/estimates/`)).points.map((x: any) => x.value)).toEqual([
      '1',
      '2',
    ]);
  });
});

describe('public API: work-item search', () => {
  it('finds visible work items by name or key, in both path families', async () => {
    const project = await newProject();
    const other = await newProject();
    const p = project.v1;
    const mine = ok(await api('owner', 'POST', `${p}/work-items/`, { name: 'Checkout button broken' }), 201);
    ok(await api('owner', 'POST', `${other.v1}/work-items/`, { name: 'Checkout copy' }), 201);

    const v1 = `/api/v1/workspaces/${slug}`;
    for (const family of ['work-items', 'issues']) {
      const found = ok(await api('member', 'GET', `${v1}/${family}/search/?search=checkout`));
      expect(found.issues.map((i: any) => i.name).sort()).toEqual([
        'Checkout button broken',
        'Checkout copy',
      ]);
      expect(found.issues.find((i: any) => i.id === mine.id)).toEqual({
        id: mine.id,
        name: 'Checkout button broken',
        sequence_id: mine.sequence_id,
        project__identifier: project.identifier,
        project_id: project.id,
        workspace__slug: slug,
      });
    }
    const inProject = ok(
      await api('member', 'GET', `${v1}/work-items/search/?search=checkout&project=${project.id}`),
    );
    expect(inProject.issues.map((i: any) => i.id)).toEqual([mine.id]);
    const aliased = ok(
      await api('member', 'GET', `${v1}/issues/search/?search=checkout&project_id=${other.id}`),
    );
    expect(aliased.issues.map((i: any) => i.name)).toEqual(['Checkout copy']);
    const byKey = ok(
      await api('viewer', 'GET', `${v1}/work-items/search/?search=${project.identifier}-${mine.sequence_id}`),
    );
    expect(byKey.issues.map((i: any) => i.id)).toEqual([mine.id]);
    expect(
      ok(await api('member', 'GET', `${v1}/work-items/search/?search=checkout&limit=1`)).issues,
    ).toHaveLength(1);
    expect(ok(await api('member', 'GET', `${v1}/work-items/search/?search=`)).issues).toEqual([]);

    // The guest rule: a guest finds only what they made (here nothing).
    expect(ok(await api('guest', 'GET', `${v1}/work-items/search/?search=checkout`)).issues).toEqual([]);

    expect((await api('member', 'GET', `${v1}/work-items/search/?search=x&project=nope`)).status).toBe(400);
    expect((await api('member', 'GET', `${v1}/work-items/search/?search=x&limit=0`)).status).toBe(400);
    expect((await api('nobody', 'GET', `${v1}/work-items/search/?search=checkout`)).status).toBe(401);
    expect((await api('outsider', 'GET', `${v1}/work-items/search/?search=checkout`)).status).toBe(404);
    // Nothing of this workspace in the outsider's own.
    expect(
      ok(await api('outsider', 'GET', `${outsiderV1}/work-items/search/?search=checkout`)).issues,
    ).toEqual([]);
  });
});

describe('public API: OpenAPI document', () => {
  it('documents the estimate and search routes with the API key scheme', async () => {
    const doc = ok(await new Client(t.baseUrl).get('/api/openapi.json'));
    const points =
      doc.paths['/api/v1/workspaces/{slug}/projects/{project_id}/estimates/{estimate_id}/estimate-points/'];
    expect(Object.keys(points).sort()).toEqual(['get', 'post']);
    expect(points.post.security).toEqual([{ apiKey: [] }]);
    // The body is an array of points or `{estimate_points: [...]}`.
    const body = JSON.stringify(points.post.requestBody);
    expect(body).toContain('"array"');
    expect(body).toContain('estimate_points');
    expect(
      Object.keys(doc.paths['/api/v1/workspaces/{slug}/projects/{project_id}/estimates/']).sort(),
    ).toEqual(['delete', 'get', 'patch', 'post']);
    expect(doc.paths['/api/v1/workspaces/{slug}/work-items/search/'].get.security).toEqual([{ apiKey: [] }]);
  });
});
