import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activities, outbox } from '../../platform/db/schema.ts';
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

const ROW_KEYS = [
  'id',
  'name',
  'sequence_id',
  'state_id',
  'state__group',
  'priority',
  'sort_order',
  'estimate_point',
  'start_date',
  'target_date',
  'completed_at',
  'archived_at',
  'project_id',
  'parent_id',
  'cycle_id',
  'module_ids',
  'label_ids',
  'assignee_ids',
  'sub_issues_count',
  'attachment_count',
  'link_count',
  'is_draft',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
];

let t: TestApp;
let owner: SignedIn;
let slug: string;
let projectId: string;
let base: string;
let states: { id: string; name: string; group: string }[];
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  states = (await owner.client.get(`${base}/states/`)).body;
});
afterEach(() => t.close());

const create = async (body: Record<string, unknown>, client = owner.client) => {
  const res = await client.post(`${base}/issues/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const state = (name: string) => states.find((s) => s.name === name)!;

describe('creating and editing work items', () => {
  it('creates with defaults: next sequence id, default state, sort order, sanitised description', async () => {
    const first = await create({ name: ' First ', description_html: '<p>hi<script>x()</script></p>' });
    expect(Object.keys(first)).toEqual(expect.arrayContaining(ROW_KEYS));
    expect(first).toMatchObject({
      name: 'First',
      sequence_id: 1,
      state_id: state('Backlog').id,
      state__group: 'backlog',
      priority: 'none',
      sort_order: 65535,
      description_html: '<p>hi</p>',
      label_ids: [],
      assignee_ids: [],
      is_draft: false,
      completed_at: null,
    });
    const second = await create({ name: 'Second', state_id: state('Done').id, priority: 'high' });
    expect(second).toMatchObject({ sequence_id: 2, state__group: 'completed', sort_order: 65535 });
    expect(second.completed_at).toMatch(/Z$/);
    const third = await create({ name: 'Third' });
    expect(third.sort_order).toBe(75535);
    const read = await owner.client.get(`${base}/issues/${first.id}/`);
    expect(read.body).toMatchObject({ id: first.id, description_html: '<p>hi</p>' });
  });

  it('refuses bad references and dates with field messages', async () => {
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const otherProject = await createProject(other, otherSlug);
    const foreignState = (
      await other.client.get(`/api/workspaces/${otherSlug}/projects/${otherProject.id}/states/`)
    ).body[0];
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    const bad = await owner.client.post(`${base}/issues/`, {
      name: 'x',
      state_id: foreignState.id,
      start_date: '2026-05-10',
      target_date: '2026-05-01',
      assignee_ids: [viewer.user.id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      state_id: 'Must be a state of this project',
      target_date: 'Start date cannot exceed target date',
      assignee_ids: 'Assignees must be project members with the member role or above',
    });
    expect((await owner.client.post(`${base}/issues/`, { name: '' })).body.fields).toHaveProperty('name');
    expect((await owner.client.post(`${base}/issues/`, { name: 'x', priority: 'asap' })).status).toBe(400);
    expect(
      (
        await owner.client.post(`${base}/issues/`, {
          name: 'x',
          label_ids: ['00000000-0000-4000-8000-000000000000'],
        })
      ).body.fields,
    ).toHaveProperty('label_ids');
    const withTimestamp = await create({ name: 'dates', start_date: '2026-05-01T22:00:00.000Z' });
    expect(withTimestamp.start_date).toBe('2026-05-01');
  });

  it('updates fields, replaces label and assignee sets, tracks parents and records activity', async () => {
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'bug' })).body;
    const parent = await create({ name: 'Parent' });
    const child = await create({ name: 'Child', parent_id: parent.id, label_ids: [label.id] });
    expect((await owner.client.get(`${base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(1);
    const cycle = await owner.client.patch(`${base}/issues/${parent.id}/`, { parent_id: child.id });
    expect(cycle.body.fields).toEqual({ parent_id: 'A work item cannot be its own ancestor' });
    const updated = await owner.client.patch(`${base}/issues/${child.id}/`, {
      name: 'Renamed',
      label_ids: [],
      assignee_ids: [owner.user.id],
      parent_id: null,
      state_id: state('In Progress').id,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Renamed',
      label_ids: [],
      assignee_ids: [owner.user.id],
      parent_id: null,
      state__group: 'started',
    });
    expect((await owner.client.get(`${base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(0);
    const rows = await t.services.db.select().from(activities);
    const fields = rows
      .filter((r) => r.issue_id === child.id && r.verb === 'updated')
      .map((r) => r.field)
      .sort();
    expect(fields).toEqual(['assignees', 'labels', 'name', 'parent', 'state']);
    // The same transactions queued events for notifications, webhooks and realtime.
    const events = (await t.services.db.select().from(outbox)).filter((e) => e.payload.issue_id === child.id);
    expect(events.map((e) => e.topic)).toEqual(['issue.created', 'issue.updated']);
    expect(Object.keys(events[1]!.payload.changes as object).sort()).toEqual(fields);
    // A label in use is detached from issues when deleted.
    const labelled = await create({ name: 'Labelled', label_ids: [label.id] });
    expect((await owner.client.delete(`${base}/issue-labels/${label.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${base}/issues/${labelled.id}/`)).body.label_ids).toEqual([]);
  });

  it('gives 50 parallel creates 50 distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => owner.client.post(`${base}/issues/`, { name: `Parallel ${n}` })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => r.body.sequence_id).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
  });

  it('refuses deleting a state that still has work items', async () => {
    await create({ name: 'In todo', state_id: state('Todo').id });
    const refused = await owner.client.delete(`${base}/states/${state('Todo').id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('STATE_NOT_EMPTY');
  });
});

describe('roles and visibility', () => {
  it('enforces sessions, roles, the guest rule and workspace boundaries', async () => {
    const issue = await create({ name: 'Owner issue' });
    expect((await new Client(t.baseUrl).get(`${base}/issues/`)).status).toBe(401);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect((await viewer.client.post(`${base}/issues/`, { name: 'v' })).status).toBe(403);
    expect((await viewer.client.patch(`${base}/issues/${issue.id}/`, { name: 'v' })).status).toBe(403);
    expect((await viewer.client.get(`${base}/issues/${issue.id}/`)).status).toBe(200);
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, projectId, guest.user.id, 5);
    expect((await guest.client.get(`${base}/issues/${issue.id}/`)).body.error).toBe('Issue not found');
    expect((await guest.client.get(`${base}/issues/`)).body.total_count).toBe(0);
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const own = await create({ name: 'Member issue' }, member.client);
    expect((await member.client.delete(`${base}/issues/${issue.id}/`)).status).toBe(403);
    expect((await member.client.delete(`${base}/issues/${own.id}/`)).status).toBe(204);
    expect((await member.client.get(`${base}/issues/${own.id}/`)).status).toBe(404);
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const otherProject = await createProject(other, otherSlug);
    expect(
      (await other.client.get(`/api/workspaces/${otherSlug}/projects/${projectId}/issues/${issue.id}/`))
        .status,
    ).toBe(404);
    expect(
      (await owner.client.get(`/api/workspaces/${slug}/projects/${otherProject.id}/issues/`)).status,
    ).toBe(404);
  });

  it('lets the creator edit their own work item below member, not another’s (api.md §5.5: P15 +creator)', async () => {
    const author = await addMember(t, owner, slug, 15);
    const membership = await addProjectMember(owner, slug, projectId, author.user.id, 15);
    const own = await create({ name: 'Mine' }, author.client);
    const theirs = await create({ name: 'Theirs' });
    const demoted = await owner.client.patch(`${base}/members/${membership.id}/`, { role: 10 });
    expect(demoted.status, demoted.text).toBe(200);
    const edited = await author.client.patch(`${base}/issues/${own.id}/`, { name: 'Still mine' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.name).toBe('Still mine');
    expect((await author.client.patch(`${base}/issues/${theirs.id}/`, { name: 'No' })).status).toBe(403);
  });
});

describe('listing', () => {
  it('pages flat lists with the envelope and filters', async () => {
    for (const [n, priority] of ['urgent', 'low', 'none', 'urgent', 'high'].entries()) {
      await create({ name: `Issue ${n}`, priority, target_date: `2026-05-0${n + 1}` });
    }
    const page = await owner.client.get(`${base}/issues/?per_page=2`);
    expect(page.body).toMatchObject({
      grouped_by: null,
      total_count: 5,
      count: 2,
      total_pages: 3,
      next_cursor: '2:1:0',
      next_page_results: true,
      prev_page_results: false,
    });
    expect(page.body.results.map((r: { name: string }) => r.name)).toEqual(['Issue 4', 'Issue 3']);
    const last = await owner.client.get(`${base}/issues/?cursor=2:2:0`);
    expect(last.body.results.map((r: { name: string }) => r.name)).toEqual(['Issue 0']);
    expect(last.body.next_page_results).toBe(false);
    const urgent = await owner.client.get(`${base}/issues/?priority=urgent`);
    expect(urgent.body.total_count).toBe(2);
    const byPriority = await owner.client.get(`${base}/issues/?order_by=-priority`);
    expect(byPriority.body.results.map((r: { priority: string }) => r.priority)).toEqual([
      'urgent',
      'urgent',
      'high',
      'low',
      'none',
    ]);
    const dated = await owner.client.get(`${base}/issues/?target_date=2026-05-02;after,2026-05-03;before`);
    expect(dated.body.results.map((r: { name: string }) => r.name).sort()).toEqual(['Issue 1', 'Issue 2']);
    expect((await owner.client.get(`${base}/issues/?order_by=colour`)).body.error_code).toBe(
      'INVALID_ORDER_BY',
    );
    expect((await owner.client.get(`${base}/issues/?cursor=bad`)).body.error_code).toBe('INVALID_CURSOR');
    expect((await owner.client.get(`${base}/issues/?target_date=soon`)).body.error_code).toBe(
      'INVALID_FILTER',
    );
  });

  it('groups by state with every group present and pages each group', async () => {
    for (let n = 0; n < 3; n++) await create({ name: `Todo ${n}`, state_id: state('Todo').id });
    await create({ name: 'Done 0', state_id: state('Done').id });
    const first = await owner.client.get(`${base}/issues/?group_by=state_id&per_page=2&order_by=sort_order`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.grouped_by).toBe('state_id');
    expect(Object.keys(first.body.results).sort()).toEqual(states.map((s) => s.id).sort());
    const todo = first.body.results[state('Todo').id];
    expect(todo.total_results).toBe(3);
    expect(todo.results.map((r: { name: string }) => r.name)).toEqual(['Todo 0', 'Todo 1']);
    expect(first.body.results[state('Backlog').id]).toEqual({ results: [], total_results: 0 });
    expect(first.body).toMatchObject({ total_count: 4, next_page_results: true, total_pages: 2 });
    const second = await owner.client.get(
      `${base}/issues/?group_by=state_id&per_page=2&order_by=sort_order&cursor=2:1:0`,
    );
    expect(second.body.results[state('Todo').id].results.map((r: { name: string }) => r.name)).toEqual([
      'Todo 2',
    ]);
    expect(second.body.next_page_results).toBe(false);
    const bad = await owner.client.get(`${base}/issues/?group_by=priority&sub_group_by=priority`);
    expect(bad.body).toEqual({
      error: 'Group by and sub group by cannot have same parameters',
      error_code: 'INVALID_GROUP_BY',
    });
    expect((await owner.client.get(`${base}/issues/?sub_group_by=priority`)).body.error_code).toBe(
      'INVALID_GROUP_BY',
    );
  });

  it('puts multi-label issues in each label group, unlabelled ones in None, and sub-groups by priority', async () => {
    const a = (await owner.client.post(`${base}/issue-labels/`, { name: 'a' })).body;
    const b = (await owner.client.post(`${base}/issue-labels/`, { name: 'b' })).body;
    await create({ name: 'both', label_ids: [a.id, b.id], priority: 'high' });
    await create({ name: 'none', priority: 'low' });
    const grouped = await owner.client.get(`${base}/issues/?group_by=labels__id`);
    expect(grouped.body.results[a.id].results[0].name).toBe('both');
    expect(grouped.body.results[b.id].results[0].name).toBe('both');
    expect(grouped.body.results.None.results[0].name).toBe('none');
    expect(grouped.body.total_count).toBe(2);
    const sub = await owner.client.get(`${base}/issues/?group_by=labels__id&sub_group_by=priority`);
    expect(sub.body.results[a.id].results.high.results[0].name).toBe('both');
    expect(sub.body.results[a.id].results.low).toEqual({ results: [], total_results: 0 });
    expect(sub.body.results.None.total_results).toBe(1);
    const byIds = await owner.client.get(
      `${base}/issues/list/?issues=${grouped.body.results.None.results[0].id},nope`,
    );
    expect(byIds.body.map((r: { name: string }) => r.name)).toEqual(['none']);
  });
});

describe('JSON filter tree', () => {
  it('combines and/or/not conditions with legacy params and refuses malformed trees', async () => {
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'bug' })).body;
    await create({ name: 'urgent todo', priority: 'urgent', state_id: state('Todo').id });
    await create({ name: 'labelled', label_ids: [label.id], target_date: '2026-05-10' });
    await create({ name: 'plain low', priority: 'low', assignee_ids: [owner.user.id] });
    const query = async (tree: unknown, extra = '') =>
      owner.client.get(`${base}/issues/?filters=${encodeURIComponent(JSON.stringify(tree))}${extra}`);
    const names = (res: { body: { results: { name: string }[] } }) =>
      res.body.results.map((r) => r.name).sort();
    const either = await query({ or: [{ priority: 'urgent' }, { label_id__in: [label.id] }] });
    expect(either.status, either.text).toBe(200);
    expect(names(either)).toEqual(['labelled', 'urgent todo']);
    const negated = await query({
      and: [{ not: { assignee_id__in: owner.user.id } }, { state_group__in: 'backlog,unstarted' }],
    });
    expect(names(negated)).toEqual(['labelled', 'urgent todo']);
    const ranged = await query({ target_date__range: '2026-05-01,2026-05-31' });
    expect(names(ranged)).toEqual(['labelled']);
    const withLegacy = await query({ or: [{ priority: 'urgent' }, { priority: 'low' }] }, '&priority=low');
    expect(names(withLegacy)).toEqual(['plain low']);
    let deep: unknown = { priority: 'low' };
    for (let n = 0; n < 5; n++) deep = { not: deep };
    for (const bad of [{ colour: 'red' }, { priority__gt: 'low' }, { state_id: 'nope' }, deep, []]) {
      const res = await query(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error_code).toBe('INVALID_FILTER');
    }
    expect((await owner.client.get(`${base}/issues/?filters=%7Bnot-json`)).body.error_code).toBe(
      'INVALID_FILTER',
    );
  });
});

describe('more list parameters', () => {
  it('orders by assignee and label names, and filters by dates and estimate points', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    await owner.client.patch('/api/users/me/', { first_name: 'Zed' });
    await member.client.patch('/api/users/me/', { first_name: 'Amy' });
    const a = (await owner.client.post(`${base}/issue-labels/`, { name: 'alpha' })).body;
    const z = (await owner.client.post(`${base}/issue-labels/`, { name: 'zulu' })).body;
    await create({
      name: 'zed + zulu',
      assignee_ids: [owner.user.id],
      label_ids: [z.id],
      start_date: '2026-01-01',
      target_date: '2026-01-05',
    });
    await create({ name: 'amy + alpha', assignee_ids: [member.user.id], label_ids: [a.id] });
    await create({ name: 'nobody' });
    const order = async (key: string) =>
      (await owner.client.get(`${base}/issues/?order_by=${key}`)).body.results.map(
        (r: { name: string }) => r.name,
      );
    expect(await order('assignee')).toEqual(['amy + alpha', 'zed + zulu', 'nobody']);
    expect(await order('-labels__name')).toEqual(['zed + zulu', 'amy + alpha', 'nobody']);
    expect((await owner.client.get(`${base}/issues/?order_by=module`)).status).toBe(200);
    const gantt = await owner.client.get(`${base}/issues/?start_target_date=true`);
    expect(gantt.body.results.map((r: { name: string }) => r.name)).toEqual(['zed + zulu']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await owner.client.get(`${base}/issues/?created_at=${today};after`)).body.total_count).toBe(3);
    expect((await owner.client.get(`${base}/issues/?estimate_point=None`)).body.total_count).toBe(3);
  });
});
