import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Saved views (api.md §8): project views, workspace views, their rules, favorites and items. */

let t: TestApp;
let owner: SignedIn; // the workspace's creator: workspace and project admin
let admin: SignedIn; // another workspace admin, project admin
let member: SignedIn;
let viewer: SignedIn;
let guest: SignedIn;
let nonProjectMember: SignedIn;
let outsider: SignedIn; // admin of another workspace
let slug: string;
let ws: string;
let projectId: string;
let pbase: string;
let views: string;
let otherPbase: string;
let outsiderWs: string;
let outsiderPbase: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  ws = `/api/workspaces/${slug}`;
  [admin, member, viewer, guest, nonProjectMember] = await Promise.all([
    addMember(t, owner, slug, 20),
    addMember(t, owner, slug, 15),
    addMember(t, owner, slug, 10),
    addMember(t, owner, slug, 5),
    addMember(t, owner, slug, 15),
  ]);
  projectId = (await createProject(owner, slug)).id;
  pbase = `${ws}/projects/${projectId}`;
  views = `${pbase}/views/`;
  for (const [account, role] of [
    [admin, 20],
    [member, 15],
    [viewer, 10],
    [guest, 5],
  ] as const) {
    await addProjectMember(owner, slug, projectId, account.user.id, role);
  }
  otherPbase = `${ws}/projects/${(await createProject(owner, slug)).id}`;
  outsider = await signUp(t);
  const outsiderSlug = (await createWorkspace(outsider)).slug;
  outsiderWs = `/api/workspaces/${outsiderSlug}`;
  outsiderPbase = `${outsiderWs}/projects/${(await createProject(outsider, outsiderSlug)).id}`;
}, 120_000);
afterAll(() => t?.close());

type View = { id: string; name: string; [key: string]: any };

async function createView(body: Record<string, unknown> = {}, client = owner.client, url = views) {
  const res = await client.post(url, { name: 'A view', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as View;
}

async function createIssue(body: Record<string, unknown> = {}, client = owner.client, base = pbase) {
  const res = await client.post(`${base}/issues/`, { name: 'Work', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

function expectError(res: { status: number; body: any; text: string }, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error_code, res.text).toBe(code);
}

const listIds = async (client: Client, url: string) =>
  ((await client.get(url)).body as View[]).map((v) => v.id);

describe('project views: create, read, update, delete', () => {
  it('creates a view with every object whole, reads, edits and deletes it', async () => {
    const created = await createView({
      name: '  Urgent bugs  ',
      description: 'What burns',
      filters: { priority: ['urgent'] },
      display_filters: { layout: 'kanban', group_by: 'state' },
      display_properties: { labels: false },
      logo_props: { in_use: 'emoji', emoji: { value: '128293' } },
    });
    expect(created).toMatchObject({
      name: 'Urgent bugs',
      description: 'What burns',
      project: projectId,
      access: 0,
      is_locked: false,
      is_favorite: false,
      owned_by: owner.user.id,
      created_by: owner.user.id,
      sort_order: 65535,
    });
    expect(created.filters).toMatchObject({
      priority: ['urgent'],
      state: null,
      labels: null,
      mentions: null,
    });
    expect(created.display_filters).toMatchObject({
      layout: 'kanban',
      group_by: 'state',
      order_by: 'sort_order',
      calendar: { show_weekends: false, layout: 'month' },
    });
    expect(created.display_properties).toMatchObject({ labels: false, assignee: true, cycle: true });

    expect((await owner.client.get(`${views}${created.id}/`)).body).toEqual(created);

    const patched = await owner.client.patch(`${views}${created.id}/`, {
      filters: { state_group: ['started'] },
      display_filters: { order_by: '-priority' },
    });
    expect(patched.status, patched.text).toBe(200);
    // Keys inside each object merge into the stored ones.
    expect(patched.body.filters).toMatchObject({ priority: ['urgent'], state_group: ['started'] });
    expect(patched.body.display_filters).toMatchObject({ layout: 'kanban', order_by: '-priority' });
    expect(patched.body.name).toBe('Urgent bugs');
    expect(patched.body.updated_by).toBe(owner.user.id);

    const put = await owner.client.put(`${views}${created.id}/`, { name: 'Renamed', sort_order: 10 });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'Renamed', sort_order: 10, description: 'What burns' });

    expect((await owner.client.delete(`${views}${created.id}/`)).status).toBe(204);
    expectError(await owner.client.get(`${views}${created.id}/`), 404, 'NOT_FOUND');
    expect(await listIds(owner.client, views)).not.toContain(created.id);
  });

  it("names a blank view 'Untitled', on creation and on edit", async () => {
    const bare = await owner.client.post(views, {});
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body.name).toBe('Untitled');
    expect((await createView({ name: '   ' })).name).toBe('Untitled');
    const edited = await owner.client.patch(`${views}${bare.body.id}/`, { name: '' });
    expect(edited.body.name).toBe('Untitled');
  });

  it('drops unknown keys and ignores read-only ones', async () => {
    const view = await createView({
      id: '00000000-0000-0000-0000-000000000000',
      owned_by: member.user.id,
      is_favorite: true,
      project: otherPbase,
      filters: { priority: ['high'], nonsense: ['x'] },
      colour: 'red',
    });
    expect(view.id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(view.owned_by).toBe(owner.user.id);
    expect(view.is_favorite).toBe(false);
    expect(view.project).toBe(projectId);
    expect(view.filters).not.toHaveProperty('nonsense');
    expect(view).not.toHaveProperty('colour');
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a filter that is not a list', { filters: { priority: 'high' } }, 'filters.priority'],
    ['an unknown layout', { display_filters: { layout: 'timeline' } }, 'display_filters.layout'],
    ['an unknown grouping', { display_filters: { group_by: 'mood' } }, 'display_filters.group_by'],
    [
      'the same grouping twice',
      { display_filters: { group_by: 'priority', sub_group_by: 'priority' } },
      'display_filters.sub_group_by',
    ],
    [
      'a display property that is not a flag',
      { display_properties: { labels: 'no' } },
      'display_properties.labels',
    ],
    ['a malformed state id', { filters: { state: ['not-a-uuid'] } }, 'filters.state'],
    ['an unknown priority', { filters: { priority: ['critical'] } }, 'filters.priority'],
    ['an unknown state group', { filters: { state_group: ['doing'] } }, 'filters.state_group'],
    ['a malformed date term', { filters: { target_date: ['tomorrow;after'] } }, 'filters.target_date'],
    ['an access other than 0 or 1', { access: 2 }, 'access'],
    ['a name over 255 characters', { name: 'x'.repeat(256) }, 'name'],
    ['filters that are not an object', { filters: ['priority'] }, 'filters'],
  ];

  it.each(cases)('refuses %s with VALIDATION_ERROR naming the field', async (_what, body, field) => {
    const view = await createView();
    for (const res of [
      await owner.client.post(views, body),
      await owner.client.patch(`${views}${view.id}/`, body),
      await owner.client.post(`${ws}/views/`, body),
    ]) {
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.body.fields), res.text).toContain(field);
    }
    // Nothing was stored.
    expect((await owner.client.get(`${views}${view.id}/`)).body.updated_at).toBe(view.updated_at);
  });

  it('refuses filters naming objects of another project or workspace, and accepts the project’s own', async () => {
    const ownLabel = (await owner.client.post(`${pbase}/issue-labels/`, { name: 'Own' })).body.id;
    const otherLabel = (await owner.client.post(`${otherPbase}/issue-labels/`, { name: 'Other' })).body.id;
    const foreignState = (await outsider.client.get(`${outsiderPbase}/states/`)).body[0].id;

    const foreignLabel = await owner.client.post(views, { filters: { labels: [otherLabel] } });
    expectError(foreignLabel, 400, 'VALIDATION_ERROR');
    expect(foreignLabel.body.fields).toHaveProperty(['filters.labels']);
    const stateElsewhere = await owner.client.post(views, { filters: { state: [foreignState] } });
    expect(stateElsewhere.body.fields).toHaveProperty(['filters.state']);
    const outsiderUser = await owner.client.post(views, { filters: { assignees: [outsider.user.id] } });
    expect(outsiderUser.body.fields).toHaveProperty(['filters.assignees']);
    expect(
      (await owner.client.post(`${ws}/views/`, { filters: { state: [foreignState] } })).body.fields,
    ).toHaveProperty(['filters.state']);

    // Its own label, `None`, workspace members (also those outside the project) are fine; a workspace
    // view takes labels of any of the workspace's projects.
    await createView({
      filters: {
        labels: [ownLabel, 'None'],
        assignees: [nonProjectMember.user.id],
        created_by: [guest.user.id],
      },
    });
    await createView({ filters: { labels: [ownLabel, otherLabel] } }, owner.client, `${ws}/views/`);
  });
});

describe('who may do what', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new Client(t.baseUrl);
    const view = await createView();
    for (const path of [views, `${views}${view.id}/`, `${views}${view.id}/issues/`, `${ws}/views/`]) {
      expectError(await anonymous.get(path), 401, 'AUTHENTICATION_REQUIRED');
    }
  });

  it('lets members create project views, and refuses viewers and guests', async () => {
    expectError(await viewer.client.post(views, { name: 'No' }), 403, 'FORBIDDEN');
    expectError(await guest.client.post(views, { name: 'No' }), 403, 'FORBIDDEN');
    const mine = await createView({ name: 'Member’s' }, member.client);
    expect(mine.owned_by).toBe(member.user.id);
    // Everyone in the project reads public views.
    for (const reader of [guest, viewer, member, admin]) {
      expect((await reader.client.get(`${views}${mine.id}/`)).status).toBe(200);
      expect(await listIds(reader.client, views)).toContain(mine.id);
      expect((await reader.client.get(`${views}${mine.id}/issues/`)).status).toBe(200);
    }
  });

  it('lets the owner and project admins edit a public view; others get 403', async () => {
    const view = await createView({ name: 'Shared' }, member.client);
    for (const other of [guest, viewer]) {
      expectError(await other.client.patch(`${views}${view.id}/`, { name: 'x' }), 403, 'FORBIDDEN');
    }
    const colleague = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, colleague.user.id, 15);
    expectError(await colleague.client.patch(`${views}${view.id}/`, { name: 'x' }), 403, 'FORBIDDEN');
    expectError(await colleague.client.put(`${views}${view.id}/`, { name: 'x' }), 403, 'FORBIDDEN');

    const byOwner = await member.client.patch(`${views}${view.id}/`, { description: 'mine' });
    expect(byOwner.status, byOwner.text).toBe(200);
    const byAdmin = await admin.client.patch(`${views}${view.id}/`, { name: 'Tidied', access: 0 });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.name).toBe('Tidied');
    expect(byAdmin.body.owned_by).toBe(member.user.id);
  });

  it('lets only the owner change access or the lock, admins included', async () => {
    for (const body of [{ access: 1 }, { is_locked: true }]) {
      const view = await createView({ name: 'Guarded' }, member.client);
      expectError(await admin.client.patch(`${views}${view.id}/`, body), 403, 'FORBIDDEN');
      expectError(await owner.client.patch(`${views}${view.id}/`, body), 403, 'FORBIDDEN');
      expect((await member.client.patch(`${views}${view.id}/`, body)).status).toBe(200);
    }
  });

  it('lets the owner or an admin delete a view; others get 403', async () => {
    const view = await createView({ name: 'Doomed' }, member.client);
    const colleague = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, colleague.user.id, 15);
    expectError(await colleague.client.delete(`${views}${view.id}/`), 403, 'FORBIDDEN');
    expectError(await viewer.client.delete(`${views}${view.id}/`), 403, 'FORBIDDEN');
    expect((await admin.client.delete(`${views}${view.id}/`)).status).toBe(204);
    const own = await createView({ name: 'Mine' }, member.client);
    expect((await member.client.delete(`${views}${own.id}/`)).status).toBe(204);
  });

  it('answers 404 outside the project and the workspace, and for a view under the wrong parent', async () => {
    const view = await createView();
    for (const path of [views, `${views}${view.id}/`, `${views}${view.id}/issues/`]) {
      expectError(await nonProjectMember.client.get(path), 404, 'NOT_FOUND');
      expectError(await outsider.client.get(path), 404, 'NOT_FOUND');
    }
    expectError(await outsider.client.patch(`${views}${view.id}/`, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await outsider.client.delete(`${views}${view.id}/`), 404, 'NOT_FOUND');
    // The id under the outsider's own workspace and project, under another project, as a global view.
    for (const path of [
      `${outsiderPbase}/views/${view.id}/`,
      `${outsiderWs}/views/${view.id}/`,
      `${otherPbase}/views/${view.id}/`,
      `${ws}/views/${view.id}/`,
      `${ws}/views/${view.id}/issues/`,
    ]) {
      const reader = path.startsWith(outsiderWs) ? outsider : owner;
      expectError(await reader.client.get(path), 404, 'NOT_FOUND');
    }
    expectError(
      await outsider.client.patch(`${outsiderWs}/views/${view.id}/`, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await owner.client.delete(`${otherPbase}/views/${view.id}/`), 404, 'NOT_FOUND');
    expectError(await owner.client.get(`${views}not-a-uuid/`), 404, 'NOT_FOUND');
    expectError(await outsider.client.get(`${ws}/views/`), 404, 'NOT_FOUND');
  });
});

describe('private views', () => {
  it('exist for their owner alone: 404 to everyone else, admins included, and absent from lists', async () => {
    const view = await createView({ name: 'Secret plans' }, member.client);
    const colleague = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, colleague.user.id, 15);
    // Someone favorites it while it is public.
    expect((await colleague.client.post(`${pbase}/user-favorite-views/`, { view: view.id })).status).toBe(
      201,
    );

    const made = await member.client.patch(`${views}${view.id}/`, { access: 1 });
    expect(made.status, made.text).toBe(200);
    expect(made.body.access).toBe(1);

    for (const other of [owner, admin, colleague, viewer, guest]) {
      expectError(await other.client.get(`${views}${view.id}/`), 404, 'NOT_FOUND');
      expectError(await other.client.get(`${views}${view.id}/issues/`), 404, 'NOT_FOUND');
      expectError(await other.client.patch(`${views}${view.id}/`, { name: 'x' }), 404, 'NOT_FOUND');
      expectError(await other.client.delete(`${views}${view.id}/`), 404, 'NOT_FOUND');
      expectError(
        await other.client.post(`${pbase}/user-favorite-views/`, { view: view.id }),
        404,
        'NOT_FOUND',
      );
      expect(await listIds(other.client, views)).not.toContain(view.id);
      expect(await listIds(other.client, `${views}?search=Secret`)).toEqual([]);
    }
    // The others' favorites of it went when it turned private.
    expect((await colleague.client.get(`${pbase}/user-favorite-views/`)).body).toEqual([]);
    expect((await colleague.client.get(`${ws}/user-favorites/`)).body).toEqual([]);

    expect(await listIds(member.client, views)).toContain(view.id);
    expect((await member.client.get(`${views}${view.id}/`)).status).toBe(200);
    expect((await member.client.get(`${views}${view.id}/issues/`)).status).toBe(200);
    expect((await member.client.post(`${pbase}/user-favorite-views/`, { view: view.id })).status).toBe(201);

    // Made public again, it shows up for the others.
    expect((await member.client.patch(`${views}${view.id}/`, { access: 0 })).status).toBe(200);
    expect(await listIds(admin.client, views)).toContain(view.id);
  });

  it('can be created private straight away', async () => {
    const view = await createView({ name: 'Mine only', access: 1 }, member.client);
    expect(view.access).toBe(1);
    expectError(await owner.client.get(`${views}${view.id}/`), 404, 'NOT_FOUND');
  });
});

describe('locked views', () => {
  it('refuse every change but their owner unlocking them', async () => {
    const view = await createView({ name: 'Frozen', filters: { priority: ['high'] } }, member.client);
    const locked = await member.client.patch(`${views}${view.id}/`, { is_locked: true });
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body.is_locked).toBe(true);

    for (const body of [
      { name: 'Thawed' },
      { filters: { priority: ['low'] } },
      { display_filters: { layout: 'list' } },
      { display_properties: { labels: false } },
      { access: 1 },
      { is_locked: false, name: 'Thawed' },
    ]) {
      const res = await member.client.patch(`${views}${view.id}/`, body);
      expectError(res, 400, 'VIEW_LOCKED');
      expect(res.body.error).toBe('View is locked');
    }
    expectError(await admin.client.patch(`${views}${view.id}/`, { name: 'x' }), 400, 'VIEW_LOCKED');
    expectError(await admin.client.put(`${views}${view.id}/`, { name: 'x' }), 400, 'VIEW_LOCKED');
    expectError(await admin.client.patch(`${views}${view.id}/`, { is_locked: false }), 403, 'FORBIDDEN');
    expectError(await admin.client.delete(`${views}${view.id}/`), 400, 'VIEW_LOCKED');
    expectError(await member.client.delete(`${views}${view.id}/`), 400, 'VIEW_LOCKED');
    const unchanged = (await member.client.get(`${views}${view.id}/`)).body;
    expect(unchanged).toMatchObject({ name: 'Frozen', is_locked: true, filters: { priority: ['high'] } });
    // Favoriting changes the caller's list, not the view.
    expect((await admin.client.post(`${pbase}/user-favorite-views/`, { view: view.id })).status).toBe(201);

    const unlocked = await member.client.patch(`${views}${view.id}/`, { is_locked: false });
    expect(unlocked.status, unlocked.text).toBe(200);
    expect(unlocked.body.is_locked).toBe(false);
    expect((await member.client.patch(`${views}${view.id}/`, { name: 'Thawed' })).body.name).toBe('Thawed');
    expect((await admin.client.delete(`${views}${view.id}/`)).status).toBe(204);
  });
});

describe('favorites', () => {
  it('favorites a view per user, once, and forgets it with the view', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const view = await createView({ name: 'Loved' });
    const favorites = `${pbase}/user-favorite-views/`;
    const added = await member.client.post(favorites, { view: view.id });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      entity_type: 'view',
      entity_identifier: view.id,
      project_id: projectId,
      name: 'Loved',
    });
    expectError(await member.client.post(favorites, { view: view.id }), 409, 'ALREADY_EXISTS');
    expect((await member.client.get(`${views}${view.id}/`)).body.is_favorite).toBe(true);
    expect((await owner.client.get(`${views}${view.id}/`)).body.is_favorite).toBe(false);
    const listed = (await member.client.get(views)).body.find((v: View) => v.id === view.id);
    expect(listed.is_favorite).toBe(true);
    expect((await member.client.get(favorites)).body.map((f: { id: string }) => f.id)).toEqual([
      added.body.id,
    ]);

    expect((await member.client.delete(`${favorites}${view.id}/`)).status).toBe(204);
    expect((await member.client.get(favorites)).body).toEqual([]);
    expect((await member.client.post(favorites, { view: view.id })).status).toBe(201);
    expect((await owner.client.delete(`${views}${view.id}/`)).status).toBe(204);
    expect((await member.client.get(favorites)).body).toEqual([]);
    expectError(await member.client.post(favorites, { view: view.id }), 404, 'NOT_FOUND');
    expectError(
      await member.client.post(`${otherPbase}/user-favorite-views/`, { view: view.id }),
      404,
      'NOT_FOUND',
    );
  });

  it('lists every kind of favorite of the workspace in one place, the caller’s own only', async () => {
    const fan = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, fan.user.id, 15);
    const projectView = await createView({ name: 'Project view' });
    const globalView = await createView({ name: 'Global view' }, owner.client, `${ws}/views/`);
    const cycle = (await owner.client.post(`${pbase}/cycles/`, { name: 'Sprint' })).body;
    const favorites = `${ws}/user-favorites/`;

    const added = [];
    for (const body of [
      { entity_type: 'project', entity_identifier: projectId },
      { entity_type: 'view', entity_identifier: projectView.id, project_id: projectId },
      { entity_type: 'view', entity_identifier: globalView.id },
      { entity_type: 'cycle', entity_identifier: cycle.id, project_id: projectId },
    ]) {
      const res = await fan.client.post(favorites, body);
      expect(res.status, res.text).toBe(201);
      added.push(res.body);
    }
    expect(added[2]).toMatchObject({ entity_type: 'view', project_id: null, name: 'Global view' });
    expectError(
      await fan.client.post(favorites, { entity_type: 'view', entity_identifier: globalView.id }),
      409,
      'ALREADY_EXISTS',
    );
    const missingProject = await fan.client.post(favorites, {
      entity_type: 'cycle',
      entity_identifier: cycle.id,
    });
    expectError(missingProject, 400, 'VALIDATION_ERROR');
    expect(missingProject.body.fields).toHaveProperty('project_id');
    expectError(
      await fan.client.post(favorites, { entity_type: 'page', entity_identifier: cycle.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await fan.client.post(favorites, { entity_type: 'view', entity_identifier: projectView.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await fan.client.post(favorites, { entity_type: 'bookmark', entity_identifier: cycle.id }),
      400,
      'VALIDATION_ERROR',
    );

    const listed = (await fan.client.get(favorites)).body as { id: string; name: string }[];
    expect(listed.map((f) => f.id).sort()).toEqual(added.map((f) => f.id).sort());
    expect((await owner.client.get(favorites)).body).toEqual([]);
    expect((await fan.client.get(`${views}${projectView.id}/`)).body.is_favorite).toBe(true);
    expect((await fan.client.get(`${ws}/views/${globalView.id}/`)).body.is_favorite).toBe(true);

    // Another user's favorite is not found, nor is one of another workspace.
    expectError(await owner.client.delete(`${favorites}${added[0].id}/`), 404, 'NOT_FOUND');
    expectError(
      await outsider.client.delete(`${outsiderWs}/user-favorites/${added[0].id}/`),
      404,
      'NOT_FOUND',
    );
    expect((await fan.client.delete(`${favorites}${added[0].id}/`)).status).toBe(204);
    expectError(await fan.client.delete(`${favorites}${added[0].id}/`), 404, 'NOT_FOUND');

    // Leaving the project hides its favorites.
    expect((await fan.client.post(`${pbase}/members/leave/`)).status).toBeLessThan(300);
    const left = (await fan.client.get(favorites)).body as { entity_type: string }[];
    expect(left.map((f) => f.entity_type)).toEqual(['view']);
  });
});

describe('list order and search', () => {
  it('lists the newest change first, searches names case-insensitively and sorts on request', async () => {
    const project = await createProject(owner, slug);
    const base = `${ws}/projects/${project.id}/views/`;
    const alpha = await createView({ name: 'Alpha bugs' }, owner.client, base);
    const beta = await createView({ name: 'beta 100%' }, owner.client, base);
    const gamma = await createView({ name: 'Gamma' }, owner.client, base);
    expect(await listIds(owner.client, base)).toEqual([gamma.id, beta.id, alpha.id]);
    await owner.client.patch(`${base}${alpha.id}/`, { description: 'touched' });
    expect(await listIds(owner.client, base)).toEqual([alpha.id, gamma.id, beta.id]);

    expect(await listIds(owner.client, `${base}?search=ALPHA`)).toEqual([alpha.id]);
    expect(await listIds(owner.client, `${base}?search=${encodeURIComponent('100%')}`)).toEqual([beta.id]);
    expect(await listIds(owner.client, `${base}?search=${encodeURIComponent('%')}`)).toEqual([beta.id]);
    expect(await listIds(owner.client, `${base}?search=zzz`)).toEqual([]);
    expect(await listIds(owner.client, `${base}?order_by=name`)).toEqual([alpha.id, beta.id, gamma.id]);
    expect(await listIds(owner.client, `${base}?order_by=-name`)).toEqual([gamma.id, beta.id, alpha.id]);
    expect(await listIds(owner.client, `${base}?order_by=created_at`)).toEqual([alpha.id, beta.id, gamma.id]);
    expectError(await owner.client.get(`${base}?order_by=mood`), 400, 'VALIDATION_ERROR');
  });
});

describe("a view's work items", () => {
  it('are the issue list for its filters, with the request’s display and further filters', async () => {
    const project = await createProject(owner, slug);
    const base = `${ws}/projects/${project.id}`;
    const high1 = await createIssue({ priority: 'high' }, owner.client, base);
    const high2 = await createIssue({ priority: 'high' }, owner.client, base);
    const low = await createIssue({ priority: 'low' }, owner.client, base);
    const view = await createView(
      { filters: { priority: ['high'] }, display_filters: { order_by: 'created_at' } },
      owner.client,
      `${base}/views/`,
    );
    const items = `${base}/views/${view.id}/issues/`;

    // The view's order when the request names none; the request's otherwise.
    const flat = await owner.client.get(items);
    expect(flat.status, flat.text).toBe(200);
    expect(flat.body.results.map((r: { id: string }) => r.id)).toEqual([high1.id, high2.id]);
    expect(flat.body.total_count).toBe(2);
    const reversed = await owner.client.get(`${items}?order_by=-created_at`);
    expect(reversed.body.results.map((r: { id: string }) => r.id)).toEqual([high2.id, high1.id]);

    const grouped = await owner.client.get(`${items}?group_by=priority&order_by=created_at`);
    expect(grouped.body.grouped_by).toBe('priority');
    expect(grouped.body.results.high.total_results).toBe(2);
    expect(grouped.body.results.low.total_results).toBe(0);
    expect(grouped.body.total_count).toBe(2);

    // A request's own filter narrows the view further, never widens it.
    expect((await owner.client.get(`${items}?priority=low`)).body.results).toEqual([]);
    expect((await owner.client.get(`${items}?priority=high,low`)).body.total_count).toBe(2);
    const all = await owner.client.get(`${base}/issues/`);
    expect(all.body.results.map((r: { id: string }) => r.id)).toContain(low.id);
    expectError(await owner.client.get(`${items}?group_by=mood`), 400, 'INVALID_GROUP_BY');
  });

  it('still load when a label, state or member the filters name is gone', async () => {
    const project = await createProject(owner, slug);
    const base = `${ws}/projects/${project.id}`;
    const colleague = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, colleague.user.id, 15);
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'Short-lived' })).body;
    const state = (
      await owner.client.post(`${base}/states/`, { name: 'Limbo', color: '#123456', group: 'started' })
    ).body;
    const labelled = await createIssue(
      { label_ids: [label.id], assignee_ids: [colleague.user.id] },
      owner.client,
      base,
    );
    const view = await createView(
      { filters: { labels: [label.id, 'None'], state: [state.id], assignees: [colleague.user.id] } },
      owner.client,
      `${base}/views/`,
    );
    const labelsOnly = await createView({ filters: { labels: [label.id] } }, owner.client, `${base}/views/`);
    expect((await owner.client.get(`${base}/views/${labelsOnly.id}/issues/`)).body.results[0].id).toBe(
      labelled.id,
    );

    expect((await owner.client.delete(`${base}/issue-labels/${label.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${base}/states/${state.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${ws}/members/${colleague.memberId}/`)).status).toBe(204);

    for (const id of [view.id, labelsOnly.id]) {
      const res = await owner.client.get(`${base}/views/${id}/issues/?group_by=labels__id`);
      expect(res.status, res.text).toBe(200);
      const flat = await owner.client.get(`${base}/views/${id}/issues/`);
      expect(flat.status, flat.text).toBe(200);
    }
    // The view keeps naming them, and may still be edited with its filters sent back whole.
    const stored = (await owner.client.get(`${base}/views/${view.id}/`)).body;
    expect(stored.filters.labels).toEqual([label.id, 'None']);
    const resent = await owner.client.patch(`${base}/views/${view.id}/`, {
      filters: stored.filters,
      name: 'Kept',
    });
    expect(resent.status, resent.text).toBe(200);
  });

  it('of a workspace view span the caller’s projects, the guest rule included', async () => {
    const first = await createProject(owner, slug);
    const second = await createProject(owner, slug);
    await addProjectMember(owner, slug, first.id, guest.user.id, 5);
    const a = await createIssue({ priority: 'urgent' }, owner.client, `${ws}/projects/${first.id}`);
    const b = await createIssue({ priority: 'urgent' }, owner.client, `${ws}/projects/${second.id}`);
    await createIssue({ priority: 'none' }, owner.client, `${ws}/projects/${second.id}`);
    const view = await createView(
      { name: 'Everything urgent', filters: { priority: ['urgent'], project: [first.id, second.id] } },
      member.client,
      `${ws}/views/`,
    );
    expect(view.project).toBeNull();
    const items = `${ws}/views/${view.id}/issues/`;
    const ownerItems = await owner.client.get(`${items}?order_by=created_at`);
    expect(ownerItems.status, ownerItems.text).toBe(200);
    expect(ownerItems.body.results.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    const perProject = await owner.client.get(`${items}?group_by=project_id`);
    expect(perProject.body.results[first.id].total_results).toBe(1);
    expect(perProject.body.results[second.id].total_results).toBe(1);
    // The member is in neither project; the guest sees only what they made (nothing here).
    expect((await member.client.get(items)).body.total_count).toBe(0);
    expect((await guest.client.get(items)).body.total_count).toBe(0);
    const guestList = await guest.client.get(
      `${ws}/issues/?priority=urgent&project=${first.id},${second.id}`,
    );
    expect((await guest.client.get(items)).body).toEqual(guestList.body);
  });
});

describe('workspace views', () => {
  it('follow the same rules at workspace level', async () => {
    const base = `${ws}/views/`;
    expectError(await viewer.client.post(base, { name: 'No' }), 403, 'FORBIDDEN');
    expectError(await guest.client.post(base, { name: 'No' }), 403, 'FORBIDDEN');
    const view = await createView({ name: 'Team board' }, member.client, base);
    expect(view).toMatchObject({ project: null, owned_by: member.user.id, access: 0 });
    expect(await listIds(guest.client, base)).toContain(view.id);
    expect(await listIds(owner.client, views)).not.toContain(view.id);

    const colleague = await addMember(t, owner, slug, 15);
    expectError(await colleague.client.patch(`${base}${view.id}/`, { name: 'x' }), 403, 'FORBIDDEN');
    expect((await admin.client.patch(`${base}${view.id}/`, { name: 'Renamed' })).status).toBe(200);
    expectError(await admin.client.patch(`${base}${view.id}/`, { is_locked: true }), 403, 'FORBIDDEN');

    expect((await member.client.patch(`${base}${view.id}/`, { access: 1 })).status).toBe(200);
    expectError(await admin.client.get(`${base}${view.id}/`), 404, 'NOT_FOUND');
    expect(await listIds(admin.client, base)).not.toContain(view.id);
    expect((await member.client.patch(`${base}${view.id}/`, { access: 0, is_locked: true })).status).toBe(
      200,
    );
    expectError(await admin.client.delete(`${base}${view.id}/`), 400, 'VIEW_LOCKED');
    expect((await member.client.patch(`${base}${view.id}/`, { is_locked: false })).status).toBe(200);
    expectError(await colleague.client.delete(`${base}${view.id}/`), 403, 'FORBIDDEN');
    expect((await admin.client.delete(`${base}${view.id}/`)).status).toBe(204);
    expectError(await member.client.get(`${base}${view.id}/`), 404, 'NOT_FOUND');
  });
});
