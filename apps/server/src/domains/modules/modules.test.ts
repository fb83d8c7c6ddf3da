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

describe('module objects', () => {
  it('creates modules with every key and defaults, reads, edits (PATCH and PUT) and refuses bad input', async () => {
    const billing = await createModule({
      name: ' Billing ',
      description_html: '<p onclick="x()">Invoices <strong>and</strong> plans</p>',
      lead_id: owner.user.id,
      member_ids: [owner.user.id, owner.user.id],
      start_date: '2026-01-01',
      target_date: '2026-02-01',
    });
    expect(billing).toMatchObject({
      name: 'Billing',
      status: 'planned',
      description_html: '<p>Invoices <strong>and</strong> plans</p>',
      lead_id: owner.user.id,
      member_ids: [owner.user.id],
      sort_order: 65535,
      is_favorite: false,
      archived_at: null,
      link_module: [],
      total_issues: 0,
      completed_estimate_points: 0,
    });
    expect((await owner.client.get(`${modules}${billing.id}/`)).body).toEqual(billing);
    const search = await createModule({ name: 'Search' });
    expect(search.sort_order).toBe(55535);

    const patched = await owner.client.patch(`${modules}${billing.id}/`, { status: 'in-progress' });
    expect(patched.body).toMatchObject({ status: 'in-progress', name: 'Billing' });
    expect((await owner.client.put(`${modules}${billing.id}/`, { status: 'paused' })).status).toBe(400);
    const put = await owner.client.put(`${modules}${billing.id}/`, { name: 'Payments', status: 'paused' });
    expect(put.body).toMatchObject({ name: 'Payments', status: 'paused' });

    const taken = await owner.client.post(modules, { name: 'Search' });
    expect(taken.status).toBe(409);
    expect(taken.body.error_code).toBe('MODULE_NAME_TAKEN');
    expect((await owner.client.patch(`${modules}${billing.id}/`, { name: 'Search' })).body.error_code).toBe(
      'MODULE_NAME_TAKEN',
    );
    const dates = await owner.client.post(modules, {
      name: 'Back',
      start_date: '2026-03-02',
      target_date: '2026-03-01',
    });
    expect(dates.body.fields.target_date).toBe('Start date cannot exceed target date');
    const stranger = await signUp(t);
    const lead = await owner.client.post(modules, { name: 'Led', lead_id: stranger.user.id });
    expect(lead.body.fields.lead_id).toBeDefined();
    expect((await owner.client.post(modules, { name: 'Odd', status: 'done' })).status).toBe(400);
    expect((await owner.client.post(modules, { name: '   ' })).status).toBe(400);
  });

  it('lists with filters and every ordering, favorites and the workspace list', async () => {
    const a = await createModule({ name: 'Alpha', status: 'backlog', target_date: '2026-05-01' });
    const b = await createModule({ name: 'beta', status: 'completed', lead_id: owner.user.id });
    const c = await createModule({
      name: 'Gamma',
      status: 'planned',
      member_ids: [owner.user.id],
      target_date: '2026-04-01',
    });
    const done = await createIssue({ state_id: stateOf('completed'), module_ids: [b.id] });
    await createIssue({ module_ids: [b.id, c.id] });
    await createIssue({ module_ids: [c.id] });
    expect(done.module_ids).toEqual([b.id]);

    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?order_by=-name')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?order_by=issues_length')).toEqual([a.id, b.id, c.id]);
    // b and c hold two items each: the name breaks the tie.
    expect(await ids('?order_by=-issues_length')).toEqual([b.id, c.id, a.id]);
    expect(await ids('?order_by=-progress')).toEqual([b.id, c.id, a.id]);
    expect(await ids('?order_by=target_date')).toEqual([c.id, a.id, b.id]);
    expect(await ids('?order_by=sort_order')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?search=BET')).toEqual([b.id]);
    expect(await ids('?status=backlog,planned')).toEqual([a.id, c.id]);
    expect(await ids(`?lead=${owner.user.id}`)).toEqual([b.id]);
    expect(await ids(`?members=${owner.user.id}`)).toEqual([c.id]);
    expect(await ids('?target_date=2026-04-15;after')).toEqual([a.id]);
    expect((await owner.client.get(`${modules}?lead=nobody`)).status).toBe(400);
    expect((await owner.client.get(`${modules}?status=done`)).status).toBe(400);
    expect((await owner.client.get(`${modules}?order_by=size`)).status).toBe(400);

    const totals = (await owner.client.get(`${modules}${b.id}/`)).body;
    expect(totals).toMatchObject({ total_issues: 2, completed_issues: 1, backlog_issues: 1 });

    const favorite = await owner.client.post(`${pbase}/user-favorite-modules/`, { module: c.id });
    expect(favorite.status, favorite.text).toBe(201);
    expect(favorite.body).toMatchObject({ entity_type: 'module', entity_identifier: c.id, name: 'Gamma' });
    expect((await owner.client.post(`${pbase}/user-favorite-modules/`, { module: c.id })).status).toBe(409);
    expect(await ids('?favorites=true')).toEqual([c.id]);
    expect((await owner.client.get(`${pbase}/user-favorite-modules/`)).body).toEqual([favorite.body]);
    expect((await owner.client.delete(`${pbase}/user-favorite-modules/${c.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${modules}${c.id}/`)).body.is_favorite).toBe(false);

    const other = await createProject(owner, slug);
    const elsewhere = await owner.client.post(`/api/workspaces/${slug}/projects/${other.id}/modules/`, {
      name: 'Alpha',
    });
    expect(elsewhere.status).toBe(201);
    const workspace = await owner.client.get(`/api/workspaces/${slug}/modules/`);
    expect(workspace.body.map((m: { id: string }) => m.id).sort()).toEqual(
      [a.id, b.id, c.id, elsewhere.body.id].sort(),
    );
  });
});

describe('work items in modules', () => {
  it('adds and removes items by the module and by the item, lists them through the issue list', async () => {
    const billing = await createModule({ name: 'Billing' });
    const search = await createModule({ name: 'Search' });
    const one = await createIssue();
    const two = await createIssue({ state_id: stateOf('started') });
    const added = await owner.client.post(`${modules}${billing.id}/issues/`, { issues: [one.id, two.id] });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toEqual([
      { id: one.id, module_id: billing.id, issue_id: one.id },
      { id: two.id, module_id: billing.id, issue_id: two.id },
    ]);
    const byItem = await owner.client.post(`${pbase}/issues/${one.id}/modules/`, {
      modules: [search.id],
      removed_modules: [billing.id],
    });
    expect(byItem.status, byItem.text).toBe(200);
    expect(byItem.body.module_ids).toEqual([search.id]);

    const grouped = await owner.client.get(`${modules}${billing.id}/issues/?group_by=state_id`);
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.total_count).toBe(1);
    expect(grouped.body.results[stateOf('started')].results.map((i: { id: string }) => i.id)).toEqual([
      two.id,
    ]);
    const board = await owner.client.get(`${pbase}/issues/?group_by=issue_module__module_id`);
    expect(Object.keys(board.body.results).sort()).toEqual([billing.id, search.id, 'None'].sort());
    expect(board.body.results[search.id].results.map((i: { id: string }) => i.id)).toEqual([one.id]);
    expect((await owner.client.get(`${pbase}/issues/?module=${search.id}`)).body.results).toHaveLength(1);

    const history = await owner.client.get(`${pbase}/issues/${one.id}/history/?activity_type=issue-property`);
    expect(history.body.filter((h: { field: string }) => h.field === 'modules')).toHaveLength(2);

    expect((await owner.client.delete(`${modules}${billing.id}/issues/${two.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${modules}${billing.id}/issues/${two.id}/`)).status).toBe(404);
    const unknown = await owner.client.post(`${pbase}/issues/${one.id}/modules/`, {
      modules: [crypto.randomUUID()],
    });
    expect(unknown.status).toBe(400);
  });

  it('deletes by the creator or an admin, and its items leave it', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const mine = await createModule({ name: 'Mine' }, member.client);
    const theirs = await createModule({ name: 'Theirs' });
    const issue = await createIssue({ module_ids: [theirs.id, mine.id] });
    expect((await member.client.delete(`${modules}${theirs.id}/`)).status).toBe(403);
    expect((await member.client.delete(`${modules}${mine.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${modules}${theirs.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${modules}${theirs.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${pbase}/issues/${issue.id}/`)).body.module_ids).toEqual([]);
    // A deleted name is free again.
    await createModule({ name: 'Theirs' });
  });
});

describe('progress', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('charts remaining and scope per day from the start to today, and splits the items by assignee and label', async () => {
    const module = await createModule({ name: 'Billing', start_date: day(-2), target_date: day(3) });
    const label = (await owner.client.post(`${pbase}/issue-labels/`, { name: 'Bug' })).body as { id: string };
    await createIssue({ module_ids: [module.id], state_id: stateOf('completed'), label_ids: [label.id] });
    await createIssue({ module_ids: [module.id], assignee_ids: [owner.user.id] });
    const outside = await createIssue();
    const analytics = `${modules}${module.id}/analytics/`;

    const first = await owner.client.get(analytics);
    expect(first.status, first.text).toBe(200);
    // Both items were born today: the days before count nothing; after today nothing is charted.
    expect(first.body.scope_chart).toEqual({ [day(-2)]: 0, [day(-1)]: 0, [day(0)]: 2 });
    expect(first.body.completion_chart).toEqual({ [day(-2)]: 0, [day(-1)]: 0, [day(0)]: 1 });
    expect(first.body.distribution.assignees).toEqual([
      expect.objectContaining({ assignee_id: owner.user.id, total_issues: 1, completed_issues: 0 }),
      expect.objectContaining({ assignee_id: null, total_issues: 1, completed_issues: 1 }),
    ]);
    expect(first.body.distribution.labels).toEqual([
      expect.objectContaining({ label_id: label.id, label_name: 'Bug', total_issues: 1, pending_issues: 0 }),
      expect.objectContaining({ label_id: null, total_issues: 1, pending_issues: 1 }),
    ]);

    // An item joining by its own modules counts from then on.
    expect(
      (await owner.client.post(`${pbase}/issues/${outside.id}/modules/`, { modules: [module.id] })).status,
    ).toBe(200);
    const second = (await owner.client.get(`${analytics}?type=issues`)).body;
    expect(second.scope_chart[day(0)]).toBe(3);
    expect(second.completion_chart[day(0)]).toBe(2);

    expect((await owner.client.get(`${analytics}?type=hours`)).status).toBe(400);
  });

  it('has no chart without both dates, or before the start', async () => {
    for (const dates of [{}, { start_date: day(-2) }, { start_date: day(2), target_date: day(9) }]) {
      const module = await createModule({ name: `M ${JSON.stringify(dates)}`, ...dates });
      await createIssue({ module_ids: [module.id] });
      const res = await owner.client.get(`${modules}${module.id}/analytics/`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ completion_chart: {}, scope_chart: {} });
      expect(res.body.distribution.assignees).toHaveLength(1);
    }
  });
});

describe('links and archive', () => {
  it('keeps links with checked URLs, shown on the module oldest first', async () => {
    const module = await createModule({ name: 'Docs' });
    const links = `${modules}${module.id}/module-links/`;
    const spec = await owner.client.post(links, { url: 'https://example.com/spec', title: 'Spec' });
    expect(spec.status, spec.text).toBe(201);
    await owner.client.post(links, { url: 'http://example.com/design' });
    const bad = await owner.client.post(links, { url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('INVALID_URL');
    const renamed = await owner.client.patch(`${links}${spec.body.id}/`, { title: 'The spec' });
    expect(renamed.body).toMatchObject({ title: 'The spec', url: 'https://example.com/spec' });
    expect((await owner.client.patch(`${links}${spec.body.id}/`, { url: 'ftp://x' })).status).toBe(400);
    const read = (await owner.client.get(`${modules}${module.id}/`)).body;
    expect(read.link_module.map((l: { title: string }) => l.title)).toEqual(['The spec', '']);
    expect((await owner.client.delete(`${links}${spec.body.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${links}${spec.body.id}/`)).status).toBe(404);
    expect((await owner.client.get(links)).body).toHaveLength(1);
  });

  it('archives only completed or cancelled modules, lists them apart, refuses edits, restores', async () => {
    const open = await createModule({ name: 'Open' });
    const refused = await owner.client.post(`${modules}${open.id}/archive/`);
    expect(refused.body.error_code).toBe('ARCHIVE_NOT_ALLOWED');
    const done = await createModule({ name: 'Done', status: 'cancelled' });
    const archived = await owner.client.post(`${modules}${done.id}/archive/`);
    expect(archived.status, archived.text).toBe(200);
    expect(await ids('')).toEqual([open.id]);
    expect(
      (await owner.client.get(`${pbase}/archived-modules/`)).body.map((m: { id: string }) => m.id),
    ).toEqual([done.id]);
    expect((await owner.client.get(`${pbase}/archived-modules/${done.id}/`)).body.archived_at).toBe(
      archived.body.archived_at,
    );
    expect((await owner.client.get(`${pbase}/archived-modules/${open.id}/`)).status).toBe(404);
    expect((await owner.client.patch(`${modules}${done.id}/`, { name: 'Again' })).status).toBe(400);
    const item = await createIssue();
    expect((await owner.client.patch(`${pbase}/issues/${item.id}/`, { module_ids: [done.id] })).status).toBe(
      400,
    );
    expect((await owner.client.delete(`${modules}${done.id}/archive/`)).status).toBe(204);
    expect(await ids('')).toEqual([done.id, open.id]);
  });
});

describe('access', () => {
  it('answers 401 signed out, 403 to viewers writing and 404 across workspaces', async () => {
    const module = await createModule({ name: 'Guarded' });
    expect((await new Client(t.baseUrl).get(modules)).status).toBe(401);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect((await viewer.client.get(`${modules}${module.id}/`)).status).toBe(200);
    expect((await viewer.client.post(modules, { name: 'No' })).status).toBe(403);
    expect(
      (await viewer.client.post(`${modules}${module.id}/module-links/`, { url: 'https://x.dev' })).status,
    ).toBe(403);

    const stranger = await signUp(t);
    const otherSlug = (await createWorkspace(stranger)).slug;
    const otherProject = (await createProject(stranger, otherSlug)).id;
    const foreign = `/api/workspaces/${otherSlug}/projects/${otherProject}/modules/`;
    const theirs = await stranger.client.post(foreign, { name: 'Theirs' });
    expect((await owner.client.get(foreign)).status).toBe(404);
    expect((await owner.client.get(`${modules}${theirs.body.id}/`)).status).toBe(404);
    const issue = await createIssue();
    expect(
      (await owner.client.patch(`${pbase}/issues/${issue.id}/`, { module_ids: [theirs.body.id] })).status,
    ).toBe(400);
    expect(
      (await owner.client.post(`${modules}${theirs.body.id}/issues/`, { issues: [issue.id] })).status,
    ).toBe(404);
  });
});
