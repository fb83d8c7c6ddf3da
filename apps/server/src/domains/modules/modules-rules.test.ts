import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/** The rules around modules that modules.test.ts does not walk: figures, archive, roles, edges. */

let t: TestApp;
let owner: SignedIn;
let slug: string;
let projectId: string;
let pbase: string;
let modules: string;
let states: { id: string; group: string }[];

const stateOf = (group: string) => states.find((s) => s.group === group)!.id;

beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  pbase = `/api/workspaces/${slug}/projects/${projectId}`;
  modules = `${pbase}/modules/`;
  states = (await owner.client.get(`${pbase}/states/`)).body;
});
afterEach(() => t.close());

async function createModule(body: Record<string, unknown>, client = owner.client) {
  const res = await client.post(modules, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; [key: string]: any };
}

async function createIssue(body: Record<string, unknown> = {}) {
  const res = await owner.client.post(`${pbase}/issues/`, { name: 'Work', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; module_ids: string[] };
}

const ids = async (query: string) =>
  ((await owner.client.get(`${modules}${query}`)).body as { id: string }[]).map((m) => m.id);

/** Makes a points estimate (1, 2, 5) the project's active one and returns its points by value. */
async function activatePoints(): Promise<Record<string, string>> {
  const estimate = await owner.client.post(`${pbase}/estimates/`, {
    estimate: { name: 'Points', type: 'points' },
    estimate_points: ['1', '2', '5'].map((value, key) => ({ key, value })),
  });
  expect(estimate.status, estimate.text).toBe(201);
  expect((await owner.client.patch(`${pbase}/`, { estimate: estimate.body.id })).status).toBe(200);
  return Object.fromEntries(
    (estimate.body.points as { id: string; value: string }[]).map((p) => [p.value, p.id]),
  );
}

describe('module figures', () => {
  it('counts live items by state group and their points, leaving out drafts, archived and deleted items', async () => {
    const points = await activatePoints();
    const module = await createModule({ name: 'Release' });
    const inModule = (group: string, extra: Record<string, unknown> = {}) =>
      createIssue({ state_id: stateOf(group), module_ids: [module.id], ...extra });
    await inModule('backlog', { estimate_point: points['1'] });
    await inModule('unstarted');
    await inModule('started', { estimate_point: points['2'] });
    await inModule('completed', { estimate_point: points['5'] });
    await inModule('cancelled');
    await inModule('started', { is_draft: true, estimate_point: points['5'] });
    const archived = await inModule('completed', { estimate_point: points['5'] });
    expect((await owner.client.post(`${pbase}/issues/${archived.id}/archive/`)).status).toBe(200);
    const deleted = await inModule('started');
    expect((await owner.client.delete(`${pbase}/issues/${deleted.id}/`)).status).toBe(204);
    await createIssue({ state_id: stateOf('completed') }); // not in the module

    const figures = {
      total_issues: 5,
      backlog_issues: 1,
      unstarted_issues: 1,
      started_issues: 1,
      completed_issues: 1,
      cancelled_issues: 1,
      total_estimate_points: 8,
      completed_estimate_points: 5,
    };
    expect((await owner.client.get(`${modules}${module.id}/`)).body).toMatchObject(figures);
    const [listed] = (await owner.client.get(modules)).body;
    expect(listed).toMatchObject(figures);
  });

  it('orders by progress in points when the project has an active points estimate', async () => {
    const a = await createModule({ name: 'A' });
    const b = await createModule({ name: 'B' });
    const empty = await createModule({ name: 'C' });
    const points = await activatePoints();
    // A: half its items done but 1 of 6 points; B: a third of its items done but 5 of 7 points.
    await createIssue({ state_id: stateOf('completed'), module_ids: [a.id], estimate_point: points['1'] });
    await createIssue({ state_id: stateOf('backlog'), module_ids: [a.id], estimate_point: points['5'] });
    await createIssue({ state_id: stateOf('completed'), module_ids: [b.id], estimate_point: points['5'] });
    await createIssue({ state_id: stateOf('backlog'), module_ids: [b.id], estimate_point: points['1'] });
    await createIssue({ state_id: stateOf('backlog'), module_ids: [b.id], estimate_point: points['1'] });
    expect(await ids('?order_by=-progress')).toEqual([b.id, a.id, empty.id]);
    expect(await ids('?order_by=progress')).toEqual([empty.id, a.id, b.id]);
  });

  it('orders by counts without an estimate, and by dates, creation and the manual order', async () => {
    const a = await createModule({ name: 'A', start_date: '2026-03-01', target_date: '2026-06-01' });
    const b = await createModule({ name: 'B', start_date: '2026-01-01', target_date: '2026-02-01' });
    const c = await createModule({ name: 'C' });
    await createIssue({ state_id: stateOf('completed'), module_ids: [a.id] });
    await createIssue({ state_id: stateOf('backlog'), module_ids: [a.id] });
    await createIssue({ state_id: stateOf('completed'), module_ids: [b.id] });
    await createIssue({ state_id: stateOf('backlog'), module_ids: [b.id] });
    await createIssue({ state_id: stateOf('backlog'), module_ids: [b.id] });
    expect(await ids('?order_by=-progress')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?order_by=-target_date')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?order_by=created_at')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?order_by=-created_at')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?order_by=sort_order')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?start_date=2026-02-01;after')).toEqual([a.id]);
    expect(await ids('?start_date=2026-01-01')).toEqual([b.id]);
    expect(await ids('?target_date=2026-06-01;before,2026-01-15;after')).toEqual([a.id, b.id]);
    expect((await owner.client.get(`${modules}?start_date=soon`)).status).toBe(400);
  });
});

describe('module input', () => {
  it('refuses members from outside the project, malformed filters, and escapes search', async () => {
    const outsider = await addMember(t, owner, slug, 15); // in the workspace, not in the project
    const refused = await owner.client.post(modules, { name: 'Team', member_ids: [outsider.user.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('VALIDATION_ERROR');
    expect(refused.body.fields.member_ids).toBeDefined();
    const module = await createModule({ name: '100% done' });
    const lead = await owner.client.patch(`${modules}${module.id}/`, { lead_id: outsider.user.id });
    expect(lead.body.fields.lead_id).toBeDefined();
    await addProjectMember(owner, slug, projectId, outsider.user.id, 15);
    const joined = await owner.client.patch(`${modules}${module.id}/`, {
      lead_id: outsider.user.id,
      member_ids: [outsider.user.id, owner.user.id],
    });
    expect(joined.body).toMatchObject({
      lead_id: outsider.user.id,
      member_ids: [outsider.user.id, owner.user.id],
    });
    // Clearing the lead needs no member check.
    expect((await owner.client.patch(`${modules}${module.id}/`, { lead_id: null })).body.lead_id).toBeNull();

    await createModule({ name: '1000 done' });
    expect(await ids('?search=0%25')).toEqual([module.id]);
    expect(await ids('?search=_')).toEqual([]);
    expect((await owner.client.get(`${modules}?members=${owner.user.id},x`)).status).toBe(400);
    // A date edit is checked against the stored other date.
    await owner.client.patch(`${modules}${module.id}/`, { target_date: '2026-02-01' });
    const late = await owner.client.patch(`${modules}${module.id}/`, { start_date: '2026-03-01' });
    expect(late.body.fields.target_date).toBe('Start date cannot exceed target date');
  });

  it('adds items by the item only to open modules of the project, naming the body key', async () => {
    const item = await createIssue();
    const done = await createModule({ name: 'Done', status: 'completed' });
    await owner.client.post(`${modules}${done.id}/archive/`);
    const archived = await owner.client.post(`${pbase}/issues/${item.id}/modules/`, { modules: [done.id] });
    expect(archived.status).toBe(400);
    expect(archived.body.error_code).toBe('VALIDATION_ERROR');
    expect(archived.body.fields.modules).toBeDefined();
    const otherProject = await createProject(owner, slug);
    const elsewhere = await owner.client.post(
      `/api/workspaces/${slug}/projects/${otherProject.id}/modules/`,
      { name: 'Elsewhere' },
    );
    const foreign = await owner.client.post(`${pbase}/issues/${item.id}/modules/`, {
      modules: [elsewhere.body.id],
    });
    expect(foreign.body.fields.modules).toBeDefined();
    // Another project's module is unknown here; its work item too.
    expect((await owner.client.get(`${modules}${elsewhere.body.id}/`)).status).toBe(404);
    const theirItem = await owner.client.post(`/api/workspaces/${slug}/projects/${otherProject.id}/issues/`, {
      name: 'Theirs',
    });
    const open = await createModule({ name: 'Open' });
    const wrong = await owner.client.post(`${modules}${open.id}/issues/`, {
      issues: [item.id, theirItem.body.id],
    });
    expect(wrong.status).toBe(404);
    // All or nothing: the valid item did not join either.
    expect((await owner.client.get(`${pbase}/issues/${item.id}/`)).body.module_ids).toEqual([]);
    expect(
      (await owner.client.post(`${pbase}/issues/${crypto.randomUUID()}/modules/`, { modules: [] })).status,
    ).toBe(404);
  });
});

describe('archived modules', () => {
  it('are read in full, take no writes but their restore, and keep their items', async () => {
    const module = await createModule({ name: 'Shipped', status: 'completed' });
    const item = await createIssue({ module_ids: [module.id] });
    const links = `${modules}${module.id}/module-links/`;
    const link = await owner.client.post(links, { url: 'https://example.com/notes' });
    const archived = await owner.client.post(`${modules}${module.id}/archive/`);
    expect(archived.body.archived_at).toEqual(expect.any(String));

    const read = await owner.client.get(`${modules}${module.id}/`);
    expect(read.body).toMatchObject({ archived_at: archived.body.archived_at, total_issues: 1 });
    expect(read.body.link_module).toHaveLength(1);
    expect((await owner.client.get(`${modules}${module.id}/issues/`)).body.total_count).toBe(1);

    const other = await createIssue();
    const refusals = [
      await owner.client.patch(`${modules}${module.id}/`, { status: 'cancelled' }),
      await owner.client.post(`${modules}${module.id}/issues/`, { issues: [other.id] }),
      await owner.client.delete(`${modules}${module.id}/issues/${item.id}/`),
      await owner.client.post(links, { url: 'https://example.com/more' }),
      await owner.client.patch(`${links}${link.body.id}/`, { title: 'Notes' }),
      await owner.client.delete(`${links}${link.body.id}/`),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    // A favorite is the caller's, not a write to the module.
    expect((await owner.client.post(`${pbase}/user-favorite-modules/`, { module: module.id })).status).toBe(
      201,
    );

    expect((await owner.client.delete(`${modules}${module.id}/archive/`)).status).toBe(204);
    const restored = (await owner.client.get(`${modules}${module.id}/`)).body;
    expect(restored).toMatchObject({ archived_at: null, total_issues: 1, is_favorite: true });
    expect((await owner.client.get(`${pbase}/archived-modules/${module.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${pbase}/archived-modules/`)).body).toEqual([]);
  });
});

describe('module roles and scope', () => {
  it('lets guests read and favorite, viewers read, members write but delete only their own', async () => {
    const module = await createModule({ name: 'Shared' });
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, projectId, guest.user.id, 5);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);

    expect((await guest.client.get(modules)).body.map((m: { id: string }) => m.id)).toEqual([module.id]);
    expect((await guest.client.post(modules, { name: 'No' })).status).toBe(403);
    expect((await guest.client.post(`${pbase}/user-favorite-modules/`, { module: module.id })).status).toBe(
      201,
    );
    // is_favorite is the caller's own.
    expect((await guest.client.get(`${modules}${module.id}/`)).body.is_favorite).toBe(true);
    expect((await owner.client.get(`${modules}${module.id}/`)).body.is_favorite).toBe(false);
    expect((await guest.client.get(`/api/workspaces/${slug}/modules/`)).body).toHaveLength(1);

    expect((await viewer.client.patch(`${modules}${module.id}/`, { name: 'Mine' })).status).toBe(403);
    expect((await viewer.client.post(`${modules}${module.id}/archive/`)).status).toBe(403);
    expect((await viewer.client.delete(`${modules}${module.id}/`)).status).toBe(403);

    const edited = await member.client.patch(`${modules}${module.id}/`, { name: 'Shared work' });
    expect(edited.body).toMatchObject({
      name: 'Shared work',
      updated_by: member.user.id,
      created_by: owner.user.id,
    });
    const link = await member.client.post(`${modules}${module.id}/module-links/`, { url: 'https://x.dev' });
    expect(link.status).toBe(201);
    expect((await member.client.delete(`${modules}${module.id}/`)).status).toBe(403);
    expect((await owner.client.delete(`${modules}${module.id}/`)).status).toBe(204);
    // The deleted module's favorites and links go with it.
    expect((await guest.client.get(`${pbase}/user-favorite-modules/`)).body).toEqual([]);
    expect((await owner.client.get(`${modules}${module.id}/module-links/`)).status).toBe(404);
  });

  it('keeps links under their module and the workspace list to the caller’s projects', async () => {
    const one = await createModule({ name: 'One' });
    const two = await createModule({ name: 'Two' });
    const link = await owner.client.post(`${modules}${one.id}/module-links/`, { url: 'https://x.dev' });
    const underTwo = `${modules}${two.id}/module-links/${link.body.id}/`;
    expect((await owner.client.patch(underTwo, { title: 'x' })).status).toBe(404);
    expect((await owner.client.delete(underTwo)).status).toBe(404);

    const member = await addMember(t, owner, slug, 15);
    const hidden = await createProject(owner, slug);
    await owner.client.post(`/api/workspaces/${slug}/projects/${hidden.id}/modules/`, { name: 'Hidden' });
    expect((await member.client.get(`/api/workspaces/${slug}/modules/`)).body).toEqual([]);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const listed = (await member.client.get(`/api/workspaces/${slug}/modules/`)).body;
    expect(listed.map((m: { id: string }) => m.id).sort()).toEqual([one.id, two.id].sort());
    expect((await member.client.get(`${pbase}/user-favorite-modules/`)).body).toEqual([]);
  });
});
