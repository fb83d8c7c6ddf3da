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
import { startSecondNode, startTestApp, type TestApp } from '../../test/test-app.ts';

/** The public API `/api/v1/` (api.md §15) over real HTTP, with API keys of every role. */

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let viewer: SignedIn;
let guest: SignedIn;
let slug: string;
let projectId: string;
let identifier: string;
let v1: string; // /api/v1/workspaces/{slug}
let pv1: string; // …/projects/{id}
let keys: Record<'owner' | 'member' | 'viewer' | 'guest' | 'outsider', string>;
let outsiderProject: string; // a project URL (v1) of another workspace, with the outsider's own key

/** A caller with nothing but an API key (or nothing at all). */
class Api {
  private readonly client: Client;
  constructor(private readonly key?: string) {
    this.client = new Client(t.baseUrl);
  }
  private options(extra: Record<string, string> = {}) {
    return { headers: { ...(this.key ? { 'X-Api-Key': this.key } : {}), ...extra }, csrf: false };
  }
  request(method: string, path: string, body?: unknown) {
    return this.client.request(method, path, { json: body, ...this.options() });
  }
  get(path: string) {
    return this.client.get(path, this.options());
  }
  post(path: string, body?: unknown) {
    return this.client.post(path, body, this.options());
  }
  patch(path: string, body?: unknown) {
    return this.client.patch(path, body, this.options());
  }
  put(path: string, body?: unknown) {
    return this.client.put(path, body, this.options());
  }
  delete(path: string) {
    return this.client.delete(path, this.options());
  }
}

async function mint(account: SignedIn, workspace = slug): Promise<string> {
  const res = await account.client.post(`/api/workspaces/${workspace}/api-tokens/`, { label: 'test' });
  expect(res.status, res.text).toBe(201);
  return res.body.token;
}

function ok<T = any>(res: HttpResult<T>, status = 200): T {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

const ENVELOPE_KEYS = [
  'count',
  'extra_stats',
  'grouped_by',
  'next_cursor',
  'next_page_results',
  'prev_cursor',
  'prev_page_results',
  'results',
  'sub_grouped_by',
  'total_count',
  'total_pages',
  'total_results',
];

beforeAll(async () => {
  // The default 60 a minute per key is tested on its own below.
  t = await startTestApp({ API_RATE_LIMIT: '100000' });
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  [member, viewer, guest] = await Promise.all([
    addMember(t, owner, slug, 15),
    addMember(t, owner, slug, 10),
    addMember(t, owner, slug, 5),
  ]);
  const project = await createProject(owner, slug, { intake_view: true });
  projectId = project.id;
  identifier = project.identifier;
  for (const [account, role] of [
    [member, 15],
    [viewer, 10],
    [guest, 5],
  ] as const) {
    await addProjectMember(owner, slug, projectId, account.user.id, role);
  }
  v1 = `/api/v1/workspaces/${slug}`;
  pv1 = `${v1}/projects/${projectId}`;
  const outsider = await signUp(t);
  const outsiderSlug = (await createWorkspace(outsider)).slug;
  const outsiderProjectId = (await createProject(outsider, outsiderSlug)).id;
  outsiderProject = `/api/v1/workspaces/${outsiderSlug}/projects/${outsiderProjectId}`;
  keys = {
    owner: await mint(owner),
    member: await mint(member),
    viewer: await mint(viewer),
    guest: await mint(guest),
    outsider: await mint(outsider, outsiderSlug),
  };
}, 120_000);
afterAll(() => t?.close());

describe('public API: work items', () => {
  it('creates, reads, lists, updates and deletes with the v1 keys', async () => {
    const api = new Api(keys.owner);
    const states = ok(await api.get(`${pv1}/states/`));
    const started = states.results.find((s: { group: string }) => s.group === 'started');
    const label = ok(await api.post(`${pv1}/labels/`, { name: 'api', color: '#112233' }), 201);
    const created = ok(
      await api.post(`${pv1}/work-items/`, {
        name: 'From a script',
        description_html: '<p>Hello <strong>world</strong></p><script>x()</script>',
        priority: 'high',
        state: started.id,
        assignees: [member.user.id],
        labels: [label.id],
        start_date: '2026-06-01',
        target_date: '2026-06-10',
        type: 'ignored',
        module: 'ignored',
        state_id: 'also-ignored',
      }),
      201,
    );
    expect(Object.keys(created).sort()).toEqual(
      [
        'archived_at',
        'assignees',
        'completed_at',
        'created_at',
        'created_by',
        'description_html',
        'description_stripped',
        'estimate_point',
        'external_id',
        'external_source',
        'id',
        'is_draft',
        'labels',
        'name',
        'parent',
        'priority',
        'project',
        'sequence_id',
        'sort_order',
        'start_date',
        'state',
        'target_date',
        'type',
        'updated_at',
        'updated_by',
        'workspace',
      ].sort(),
    );
    expect(created).toMatchObject({
      name: 'From a script',
      description_html: '<p>Hello <strong>world</strong></p>',
      description_stripped: 'Hello world',
      priority: 'high',
      state: started.id,
      assignees: [member.user.id],
      labels: [label.id],
      project: projectId,
      type: null,
      parent: null,
      created_by: owner.user.id,
    });

    const one = ok(await api.get(`${pv1}/work-items/${created.id}/`));
    expect(one).toEqual(created);
    const alias = ok(await api.get(`${pv1}/issues/${created.id}/`));
    expect(alias.id).toBe(created.id);

    const expanded = ok(
      await api.get(`${pv1}/work-items/${created.id}/?expand=state,labels,assignees,project`),
    );
    expect(expanded.state).toMatchObject({ id: started.id, group: 'started', project: projectId });
    expect(expanded.labels).toEqual([
      expect.objectContaining({ id: label.id, name: 'api', project: projectId }),
    ]);
    expect(expanded.assignees).toEqual([expect.objectContaining({ id: member.user.id })]);
    expect(expanded.project).toMatchObject({ id: projectId, identifier });

    const picked = ok(await api.get(`${pv1}/work-items/${created.id}/?fields=name,priority`));
    expect(picked).toEqual({ id: created.id, name: 'From a script', priority: 'high' });

    const byKey = ok(await api.get(`${v1}/work-items/${identifier}-${created.sequence_id}/`));
    expect(byKey.id).toBe(created.id);
    expect(ok(await api.get(`${v1}/issues/${identifier.toLowerCase()}-${created.sequence_id}/`)).id).toBe(
      created.id,
    );
    expect((await api.get(`${v1}/work-items/${identifier}-99999/`)).status).toBe(404);
    expect((await api.get(`${v1}/work-items/nonsense/`)).status).toBe(404);

    const patched = ok(await api.patch(`${pv1}/work-items/${created.id}/`, { priority: 'low', labels: [] }));
    expect(patched).toMatchObject({
      priority: 'low',
      labels: [],
      name: 'From a script',
      updated_by: owner.user.id,
    });
    const put = ok(await api.put(`${pv1}/work-items/${created.id}/`, { name: 'Renamed by PUT' }));
    expect(put.name).toBe('Renamed by PUT');
    expect((await api.put(`${pv1}/work-items/${created.id}/`, { priority: 'low' })).status).toBe(400);

    expect((await api.delete(`${pv1}/work-items/${created.id}/`)).status).toBe(204);
    expect((await api.get(`${pv1}/work-items/${created.id}/`)).status).toBe(404);
  });

  it('lists in the §0.6 envelope, 100 a page by default, newest first, with cursors', async () => {
    const api = new Api(keys.owner);
    const project = await createProject(owner, slug);
    const base = `${v1}/projects/${project.id}/work-items/`;
    for (let i = 1; i <= 5; i++) ok(await api.post(base, { name: `Item ${i}` }), 201);
    const page = ok(await api.get(base));
    expect(Object.keys(page).sort()).toEqual(ENVELOPE_KEYS);
    expect(page).toMatchObject({
      total_count: 5,
      count: 5,
      next_cursor: '100:1:0',
      next_page_results: false,
    });
    expect(page.results.map((item: { name: string }) => item.name)).toEqual([
      'Item 5',
      'Item 4',
      'Item 3',
      'Item 2',
      'Item 1',
    ]);
    expect(page.results[0].description_html).toBe('<p></p>');
    const first = ok(await api.get(`${base}?per_page=2&order_by=created_at`));
    expect(first.results.map((item: { name: string }) => item.name)).toEqual(['Item 1', 'Item 2']);
    expect(first).toMatchObject({ next_cursor: '2:1:0', next_page_results: true, total_pages: 3 });
    const second = ok(await api.get(`${base}?cursor=2:1:0&order_by=created_at`));
    expect(second.results.map((item: { name: string }) => item.name)).toEqual(['Item 3', 'Item 4']);
    const expanded = ok(await api.get(`${base}?per_page=1&expand=state`));
    expect(expanded.results[0].state).toMatchObject({ name: expect.any(String), group: expect.any(String) });
    expect((await api.get(`${base}?per_page=1001`)).body.error_code).toBe('INVALID_PER_PAGE');
    expect((await api.get(`${base}?cursor=bad`)).body.error_code).toBe('INVALID_CURSOR');
  });

  it('finds an import by external_source + external_id, and refuses a duplicate with its id (409)', async () => {
    const api = new Api(keys.owner);
    const created = ok(
      await api.post(`${pv1}/work-items/`, { name: 'Imported', external_source: 'jira', external_id: 'J-1' }),
      201,
    );
    const found = ok(await api.get(`${pv1}/work-items/?external_source=jira&external_id=J-1`));
    expect(found.id).toBe(created.id);
    expect((await api.get(`${pv1}/work-items/?external_source=jira&external_id=J-2`)).status).toBe(404);
    const again = await api.post(`${pv1}/work-items/`, {
      name: 'Again',
      external_source: 'jira',
      external_id: 'J-1',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'EXTERNAL_ID_EXISTS', id: created.id });
  });

  it('validates bodies (400) and answers 401 without a key', async () => {
    const api = new Api(keys.owner);
    const missing = await api.post(`${pv1}/work-items/`, { priority: 'high' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.name).toBeDefined();
    const badState = await api.post(`${pv1}/work-items/`, { name: 'x', state: 'not-a-uuid' });
    expect(badState.status).toBe(400);
    expect(badState.body.fields.state).toBeDefined();
    expect((await api.post(`${pv1}/work-items/`, { name: 'x', priority: 'huge' })).status).toBe(400);
    const anonymous = await new Api().get(`${pv1}/work-items/`);
    expect(anonymous.status).toBe(401);
    // The contract's error body, with `message` too (what Plane's SDK reports).
    expect(anonymous.body).toEqual({
      error: 'Invalid or expired API token',
      error_code: 'AUTHENTICATION_REQUIRED',
      message: 'Invalid or expired API token',
    });
    expect(missing.body.message).toBe('Invalid request');
    expect((await new Api().post(`${pv1}/work-items/`, { name: 'x' })).status).toBe(401);
  });
});

describe('public API: roles and tenancy', () => {
  it("gives each role's token the answers its user gets from the internal API", async () => {
    const issue = ok(
      await new Api(keys.owner).post(`${pv1}/work-items/`, { name: 'Owned by the admin' }),
      201,
    );
    const internal = `/api/workspaces/${slug}/projects/${projectId}`;
    const cases: [string, string, unknown?][] = [
      ['GET', 'work-items/'],
      ['POST', 'work-items/', { name: 'Role check' }],
      ['GET', `work-items/${issue.id}/`],
      ['PATCH', `work-items/${issue.id}/`, { priority: 'low' }],
      ['POST', 'states/', { name: 'Review', color: '#123456', group: 'started' }],
      ['POST', 'labels/', { name: 'role-check' }],
      ['POST', `work-items/${issue.id}/comments/`, { comment_html: '<p>hi</p>' }],
      ['DELETE', `work-items/${issue.id}/`],
    ];
    const internalPath = (path: string) =>
      path.replace('work-items/', 'issues/').replace('labels/', 'issue-labels/');
    for (const [role, account] of [
      ['guest', guest],
      ['viewer', viewer],
      ['member', member],
    ] as const) {
      const api = new Api(keys[role]);
      for (const [method, path, body] of cases) {
        const fromKey = await api.request(method, `${pv1}/${path}`, body);
        const fromUser = await account.client.request(method, `${internal}/${internalPath(path)}`, {
          json: body,
        });
        const refusal = (status: number) => ([401, 403, 404].includes(status) ? status : 'allowed');
        expect(refusal(fromKey.status), `${role} ${method} ${path}: ${fromKey.text}`).toBe(
          refusal(fromUser.status),
        );
      }
    }
  });

  it("answers 404 for another workspace's objects, with either workspace's key", async () => {
    const api = new Api(keys.owner);
    expect((await api.get(`${outsiderProject}/work-items/`)).status).toBe(404);
    expect((await api.get(`${outsiderProject}/`)).status).toBe(404);
    const outsider = new Api(keys.outsider);
    expect((await outsider.get(`${pv1}/work-items/`)).status).toBe(404);
    expect((await outsider.get(`${v1}/projects/`)).status).toBe(404);
    expect((await outsider.get(`${v1}/members/`)).status).toBe(404);
    // Their own workspace works.
    expect((await outsider.get(`${outsiderProject}/work-items/`)).status).toBe(200);
    // An object of the outsider's project named under this project is not found.
    const theirs = ok(await outsider.post(`${outsiderProject}/work-items/`, { name: 'Theirs' }), 201);
    expect((await api.get(`${pv1}/work-items/${theirs.id}/`)).status).toBe(404);
    expect((await api.get(`${pv1}/work-items/${theirs.id}/comments/`)).status).toBe(404);
  });

  it('lets a guest see only their own work items', async () => {
    const guestApi = new Api(keys.guest);
    const admins = ok(await new Api(keys.owner).post(`${pv1}/work-items/`, { name: 'Not for guests' }), 201);
    expect((await guestApi.get(`${pv1}/work-items/${admins.id}/`)).status).toBe(404);
    const list = ok(await guestApi.get(`${pv1}/work-items/?per_page=1000`));
    expect(list.results.every((item: { created_by: string }) => item.created_by === guest.user.id)).toBe(
      true,
    );
  });
});

describe('public API: projects, members, states, labels', () => {
  it('covers the workspace, its projects and their members', async () => {
    const api = new Api(keys.owner);
    const members = ok(await api.get(`${v1}/members/`));
    expect(members.map((m: { id: string }) => m.id)).toEqual(
      expect.arrayContaining([owner.user.id, member.user.id, viewer.user.id, guest.user.id]),
    );
    expect(members.find((m: { id: string }) => m.id === viewer.user.id)).toMatchObject({
      role: 10,
      email: viewer.user.email,
      display_name: expect.any(String),
    });

    const projects = ok(await api.get(`${v1}/projects/`));
    expect(Object.keys(projects).sort()).toEqual(ENVELOPE_KEYS);
    expect(projects.results.map((p: { id: string }) => p.id)).toContain(projectId);
    const created = ok(await api.post(`${v1}/projects/`, { name: 'Via API', identifier: 'VAPI' }), 201);
    expect(created).toMatchObject({ name: 'Via API', identifier: 'VAPI', workspace: expect.any(String) });
    expect(ok(await api.patch(`${v1}/projects/${created.id}/`, { name: 'Via API 2' })).name).toBe(
      'Via API 2',
    );
    expect((await api.post(`${v1}/projects/${created.id}/archive/`)).status).toBe(204);
    expect(ok(await api.get(`${v1}/projects/${created.id}/`)).archived_at).not.toBeNull();
    expect((await api.delete(`${v1}/projects/${created.id}/archive/`)).status).toBe(204);
    expect(
      (await new Api(keys.viewer).post(`${v1}/projects/`, { name: 'No', identifier: 'NO' })).status,
    ).toBe(403);

    const roster = ok(await api.get(`${v1}/projects/${created.id}/project-members/`));
    expect(roster).toEqual([expect.objectContaining({ id: owner.user.id, role: 20 })]);
    const added = ok(
      await api.post(`${v1}/projects/${created.id}/members/`, { member: viewer.user.id, role: 10 }),
      201,
    );
    expect(added).toMatchObject({ member: viewer.user.id, role: 10, project: created.id });
    const aliased = ok(await api.get(`${v1}/projects/${created.id}/members/`));
    expect(aliased.map((m: { id: string }) => m.id).sort()).toEqual([owner.user.id, viewer.user.id].sort());
    const tooHigh = await api.patch(`${v1}/projects/${created.id}/members/${added.id}/`, { role: 20 });
    expect(tooHigh.body.error_code).toBe('ROLE_TOO_HIGH');
    expect((await api.delete(`${v1}/projects/${created.id}/members/${added.id}/`)).status).toBe(204);
    expect((await api.delete(`${v1}/projects/${created.id}/`)).status).toBe(204);
  });

  it('covers states and labels with project and workspace keys', async () => {
    const api = new Api(keys.member);
    const state = ok(
      await api.post(`${pv1}/states/`, { name: 'QA', color: '#aabbcc', group: 'started' }),
      201,
    );
    expect(state).toMatchObject({
      name: 'QA',
      group: 'started',
      project: projectId,
      workspace: expect.any(String),
    });
    expect(state.project_id).toBeUndefined();
    expect(ok(await api.get(`${pv1}/states/${state.id}/`)).name).toBe('QA');
    expect(ok(await api.patch(`${pv1}/states/${state.id}/`, { name: 'QA 2' })).name).toBe('QA 2');
    expect(
      (await api.post(`${pv1}/states/`, { name: 'QA 2', color: '#aabbcc', group: 'started' })).status,
    ).toBe(409);
    expect((await api.delete(`${pv1}/states/${state.id}/`)).status).toBe(204);

    const label = ok(await api.post(`${pv1}/labels/`, { name: 'bug', color: '#ff0000' }), 201);
    expect(label).toMatchObject({ name: 'bug', project: projectId });
    const labels = ok(await api.get(`${pv1}/labels/?order_by=name`));
    expect(labels.results.map((l: { id: string }) => l.id)).toContain(label.id);
    expect(ok(await api.patch(`${pv1}/labels/${label.id}/`, { color: '#00ff00' })).color).toBe('#00ff00');
    expect((await api.delete(`${pv1}/labels/${label.id}/`)).status).toBe(204);
    expect((await api.get(`${pv1}/labels/${label.id}/`)).status).toBe(404);
    expect((await new Api(keys.viewer).post(`${pv1}/labels/`, { name: 'nope' })).status).toBe(403);
    expect((await api.get(`${pv1}/labels/?order_by=nonsense`)).body.error_code).toBe('INVALID_ORDER_BY');
  });
});

describe('public API: comments, links, activities, relations, attachments', () => {
  it('covers what hangs off a work item', async () => {
    const api = new Api(keys.owner);
    const issue = ok(await api.post(`${pv1}/work-items/`, { name: 'With parts' }), 201);
    const ibase = `${pv1}/work-items/${issue.id}`;

    const comment = ok(
      await api.post(`${ibase}/comments/`, { comment_html: '<p>First <em>note</em></p>' }),
      201,
    );
    expect(comment).toMatchObject({
      comment_html: '<p>First <em>note</em></p>',
      comment_stripped: 'First note',
      access: 'INTERNAL',
      actor: owner.user.id,
      issue: issue.id,
      project: projectId,
    });
    expect(comment.actor_detail).toBeUndefined();
    const comments = ok(await api.get(`${ibase}/comments/`));
    expect(comments.results.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    expect(ok(await api.get(`${ibase}/comments/${comment.id}/`)).id).toBe(comment.id);
    expect(
      ok(await api.patch(`${ibase}/comments/${comment.id}/`, { comment_html: '<p>Edited</p>' })).comment_html,
    ).toBe('<p>Edited</p>');
    // Another member may not edit it.
    expect(
      (await new Api(keys.member).patch(`${ibase}/comments/${comment.id}/`, { comment_html: 'x' })).status,
    ).toBe(403);
    expect((await api.delete(`${ibase}/comments/${comment.id}/`)).status).toBe(204);

    const link = ok(
      await api.post(`${ibase}/links/`, { url: 'https://example.com/spec', title: 'Spec' }),
      201,
    );
    expect(link).toMatchObject({
      url: 'https://example.com/spec',
      title: 'Spec',
      issue: issue.id,
      project: projectId,
    });
    expect(ok(await api.get(`${ibase}/links/`)).results).toHaveLength(1);
    expect(ok(await api.get(`${ibase}/links/${link.id}/`)).title).toBe('Spec');
    expect(ok(await api.patch(`${ibase}/links/${link.id}/`, { title: 'Spec v2' })).title).toBe('Spec v2');
    expect((await api.post(`${ibase}/links/`, { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await api.delete(`${ibase}/links/${link.id}/`)).status).toBe(204);
    expect((await api.get(`${ibase}/links/${link.id}/`)).status).toBe(404);

    ok(await api.patch(`${ibase}/`, { priority: 'urgent' }));
    const activities = ok(await api.get(`${ibase}/activities/`));
    expect(activities.results.length).toBeGreaterThanOrEqual(2);
    const change = activities.results.find((a: { field: string | null }) => a.field === 'priority');
    expect(change).toMatchObject({
      verb: 'updated',
      old_value: 'none',
      new_value: 'urgent',
      issue: issue.id,
    });
    expect(ok(await api.get(`${ibase}/activities/${change.id}/`)).id).toBe(change.id);

    const blocker = ok(await api.post(`${pv1}/work-items/`, { name: 'Blocker' }), 201);
    const related = ok(
      await api.post(`${ibase}/relations/`, { relation_type: 'blocked_by', issues: [blocker.id] }),
      201,
    );
    expect(related).toEqual([{ id: blocker.id, relation_type: 'blocked_by' }]);
    const relations = ok(await api.get(`${ibase}/relations/`));
    expect(relations).toMatchObject({ blocked_by: [blocker.id], blocking: [], relates_to: [] });
    expect(ok(await api.get(`${pv1}/work-items/${blocker.id}/relations/`)).blocking).toEqual([issue.id]);
    expect(
      (await new Api(keys.viewer).post(`${ibase}/relations/remove/`, { related_issue: blocker.id })).status,
    ).toBe(403);
    expect((await api.post(`${ibase}/relations/remove/`, { related_issue: blocker.id })).status).toBe(204);
    expect(ok(await api.get(`${ibase}/relations/`)).blocked_by).toEqual([]);

    const form = new FormData();
    form.append('asset', new Blob(['hello'], { type: 'text/plain' }), 'note.txt');
    const uploaded = await owner.client.request(
      'POST',
      `/api/workspaces/${slug}/projects/${projectId}/issues/${issue.id}/issue-attachments/`,
      { multipart: form },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const attachments = ok(await api.get(`${ibase}/attachments/`));
    expect(attachments).toEqual([
      expect.objectContaining({ id: uploaded.body.id, issue: issue.id, size: 5, is_uploaded: true }),
    ]);
    expect(ok(await api.get(`${ibase}/attachments/${uploaded.body.id}/`)).attributes.name).toBe('note.txt');
    expect((await api.delete(`${ibase}/attachments/${uploaded.body.id}/`)).status).toBe(204);
  });
});

describe('public API: cycles, modules, intake', () => {
  it('covers cycles and their work items', async () => {
    const api = new Api(keys.member);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const cycle = ok(
      await api.post(`${pv1}/cycles/`, {
        name: 'Sprint 1',
        start_date: day(-1),
        end_date: day(6),
        owned_by: member.user.id,
        project_id: projectId,
      }),
      201,
    );
    expect(cycle).toMatchObject({
      name: 'Sprint 1',
      owned_by: member.user.id,
      status: 'current',
      project: projectId,
    });
    const next = ok(
      await api.post(`${pv1}/cycles/`, { name: 'Sprint 2', start_date: day(20), end_date: day(27) }),
      201,
    );
    expect(
      ok(await api.get(`${pv1}/cycles/?cycle_view=upcoming`)).results.map((c: { id: string }) => c.id),
    ).toEqual([next.id]);
    const issue = ok(await api.post(`${pv1}/work-items/`, { name: 'In a cycle' }), 201);
    const added = ok(await api.post(`${pv1}/cycles/${cycle.id}/cycle-issues/`, { issues: [issue.id] }), 201);
    expect(added).toEqual([{ id: issue.id, cycle: cycle.id, issue: issue.id }]);
    const inCycle = ok(await api.get(`${pv1}/cycles/${cycle.id}/cycle-issues/`));
    expect(inCycle.results.map((i: { id: string }) => i.id)).toEqual([issue.id]);
    expect(inCycle.results[0]).toHaveProperty('description_html');
    expect(ok(await api.get(`${pv1}/cycles/${cycle.id}/`)).total_issues).toBe(1);
    expect(ok(await api.patch(`${pv1}/cycles/${cycle.id}/`, { name: 'Sprint 1b' })).name).toBe('Sprint 1b');
    expect((await api.delete(`${pv1}/cycles/${cycle.id}/cycle-issues/${issue.id}/`)).status).toBe(204);
    expect(ok(await api.get(`${pv1}/cycles/${cycle.id}/cycle-issues/`)).total_count).toBe(0);
    expect((await api.post(`${pv1}/cycles/`, { start_date: day(1) })).status).toBe(400);
    expect((await new Api(keys.viewer).post(`${pv1}/cycles/`, { name: 'No' })).status).toBe(403);
    expect((await api.delete(`${pv1}/cycles/${next.id}/`)).status).toBe(204);
  });

  it('covers modules and their work items', async () => {
    const api = new Api(keys.member);
    const module = ok(
      await api.post(`${pv1}/modules/`, {
        name: 'Payments',
        status: 'planned',
        lead: member.user.id,
        members: [member.user.id, owner.user.id],
      }),
      201,
    );
    expect(module).toMatchObject({ name: 'Payments', lead: member.user.id, project: projectId });
    expect(module.members.sort()).toEqual([member.user.id, owner.user.id].sort());
    expect(module.lead_id).toBeUndefined();
    const issue = ok(await api.post(`${pv1}/work-items/`, { name: 'In a module' }), 201);
    ok(await api.post(`${pv1}/modules/${module.id}/module-issues/`, { issues: [issue.id] }), 201);
    const inModule = ok(await api.get(`${pv1}/modules/${module.id}/module-issues/`));
    expect(inModule.results.map((i: { id: string }) => i.id)).toEqual([issue.id]);
    expect(ok(await api.patch(`${pv1}/modules/${module.id}/`, { status: 'completed' })).status).toBe(
      'completed',
    );
    expect((await api.delete(`${pv1}/modules/${module.id}/module-issues/${issue.id}/`)).status).toBe(204);
    expect((await api.post(`${pv1}/modules/${module.id}/archive/`)).status).toBe(204);
    const archived = ok(await api.get(`${pv1}/archived-modules/`));
    expect(archived.results.map((m: { id: string }) => m.id)).toContain(module.id);
    expect(ok(await api.get(`${pv1}/modules/archived/`)).total_count).toBe(archived.total_count);
    expect((await api.delete(`${pv1}/archived-modules/${module.id}/unarchive/`)).status).toBe(204);
    expect(ok(await api.get(`${pv1}/modules/`)).results.map((m: { id: string }) => m.id)).toContain(
      module.id,
    );
  });

  it('covers the intake', async () => {
    const guestApi = new Api(keys.guest);
    const submitted = ok(
      await guestApi.post(`${pv1}/intake-issues/`, {
        issue: { name: 'Found a bug', description_html: '<p>Steps</p>', priority: 'high' },
        source: 'EMAIL',
      }),
      201,
    );
    expect(submitted).toMatchObject({
      status: -2,
      source: 'IN_APP',
      project: projectId,
      issue_detail: { name: 'Found a bug', priority: 'high', description_stripped: 'Steps' },
    });
    expect(submitted.issue).toBe(submitted.issue_detail.id);
    const admin = new Api(keys.owner);
    const list = ok(await admin.get(`${pv1}/intake-issues/`));
    expect(Object.keys(list).sort()).toEqual(ENVELOPE_KEYS);
    expect(list.results.map((i: { id: string }) => i.id)).toContain(submitted.id);
    expect(ok(await admin.get(`${pv1}/intake-issues/${submitted.issue}/`)).id).toBe(submitted.id);
    // Triage is an admin's: the guest who submitted it may not accept it.
    expect((await guestApi.patch(`${pv1}/intake-issues/${submitted.issue}/`, { status: 1 })).status).toBe(
      403,
    );
    const accepted = ok(await admin.patch(`${pv1}/intake-issues/${submitted.issue}/`, { status: 1 }));
    expect(accepted.status).toBe(1);
    expect(ok(await admin.get(`${pv1}/work-items/${submitted.issue}/`)).name).toBe('Found a bug');
    const other = ok(await guestApi.post(`${pv1}/intake-issues/`, { issue: { name: 'Another' } }), 201);
    expect((await admin.delete(`${pv1}/intake-issues/${other.issue}/`)).status).toBe(204);
  });
});

describe('public API: documentation', () => {
  it('is published in the OpenAPI document', async () => {
    const doc = ok(await new Client(t.baseUrl).get('/api/openapi.json'));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/users/me/',
        '/api/v1/workspaces/{slug}/projects/{project_id}/work-items/',
        '/api/v1/workspaces/{slug}/work-items/{key}/',
        '/api/v1/workspaces/{slug}/projects/{project_id}/cycles/{cycle_id}/cycle-issues/',
        '/api/v1/workspaces/{slug}/projects/{project_id}/intake-issues/',
        '/api/workspaces/{slug}/api-tokens/',
      ]),
    );
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    expect(doc.paths['/api/v1/workspaces/{slug}/projects/'].get.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/workspaces/{slug}/projects/'].get.security).toBeUndefined();
  });
});

describe('public API: rate limit', () => {
  it('allows API_RATE_LIMIT requests a minute per token, then 429 with Retry-After', async () => {
    const limited = await startTestApp({ API_RATE_LIMIT: '3' });
    try {
      const user = await signUp(limited);
      const ws = (await createWorkspace(user)).slug;
      const token = async () =>
        (await user.client.post(`/api/workspaces/${ws}/api-tokens/`, { label: 'rate' })).body.token as string;
      const [first, second] = [await token(), await token()];
      const call = (key: string) =>
        new Client(limited.baseUrl).get('/api/v1/users/me/', { headers: { 'X-Api-Key': key } });
      const answers = [await call(first), await call(first), await call(first)];
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
      expect(answers.map((res) => res.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
      const reset = Number(answers[0]!.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
      const refused = await call(first);
      expect(refused.status).toBe(429);
      expect(refused.body.error_code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      // Another token has its own window.
      expect((await call(second)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts a token across every app node on one PostgreSQL', async () => {
    const nodeA = await startTestApp({ API_RATE_LIMIT: '4' });
    const nodeB = await startSecondNode(nodeA, { API_RATE_LIMIT: '4' });
    try {
      if (!nodeB) return; // the embedded database has one node
      const user = await signUp(nodeA);
      const ws = (await createWorkspace(user)).slug;
      const key = (await user.client.post(`/api/workspaces/${ws}/api-tokens/`, { label: 'nodes' })).body
        .token as string;
      const call = (node: TestApp) =>
        new Client(node.baseUrl).get('/api/v1/users/me/', { headers: { 'X-Api-Key': key } });
      const answers = [await call(nodeA), await call(nodeB), await call(nodeA), await call(nodeB)];
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(answers.map((res) => res.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1', '0']);
      // Both nodes refuse the fifth, wherever it lands.
      expect((await call(nodeB)).status).toBe(429);
      expect((await call(nodeA)).status).toBe(429);
    } finally {
      await nodeB?.close();
      await nodeA.close();
    }
  });
});
