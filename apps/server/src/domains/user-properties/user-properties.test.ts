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

const DEFAULT_FILTERS = {
  priority: null,
  state: null,
  state_group: null,
  assignees: null,
  mentions: null,
  created_by: null,
  labels: null,
  cycle: null,
  module: null,
  start_date: null,
  target_date: null,
  project: null,
  subscriber: null,
};
const DEFAULT_DISPLAY_FILTERS = {
  layout: 'list',
  group_by: null,
  sub_group_by: null,
  order_by: 'sort_order',
  type: null,
  sub_issue: false,
  show_empty_groups: false,
  calendar: { show_weekends: false, layout: 'month' },
};
const DEFAULT_DISPLAY_PROPERTIES = {
  assignee: true,
  start_date: true,
  due_date: true,
  labels: true,
  priority: true,
  state: true,
  sub_issue_count: true,
  attachment_count: true,
  link: true,
  estimate: true,
  key: true,
  created_on: true,
  updated_on: true,
  modules: true,
  cycle: true,
};
const KEYS = [
  'id',
  'user',
  'project',
  'filters',
  'display_filters',
  'display_properties',
  'created_at',
  'updated_at',
].sort();

let t: TestApp;
let owner: SignedIn;
let slug: string;
let project: { id: string };
let props: string;
let display: string;
let wsProps: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug);
  props = `/api/workspaces/${slug}/projects/${project.id}/user-properties/`;
  display = `/api/workspaces/${slug}/projects/${project.id}/issue-display-properties/`;
  wsProps = `/api/workspaces/${slug}/user-properties/`;
});
afterEach(() => t.close());

describe('reading', () => {
  it('creates each user’s project and workspace properties lazily with the defaults', async () => {
    const first = await owner.client.get(props);
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(KEYS);
    expect(first.body).toMatchObject({
      user: owner.user.id,
      project: project.id,
      filters: DEFAULT_FILTERS,
      display_filters: DEFAULT_DISPLAY_FILTERS,
      display_properties: DEFAULT_DISPLAY_PROPERTIES,
    });
    expect(first.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await owner.client.get(props)).body).toEqual(first.body);

    const shown = await owner.client.get(display);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      id: first.body.id,
      user: owner.user.id,
      project: project.id,
      properties: DEFAULT_DISPLAY_PROPERTIES,
    });

    const workspace = await owner.client.get(wsProps);
    expect(workspace.status).toBe(200);
    expect(Object.keys(workspace.body).sort()).toEqual(KEYS);
    expect(workspace.body).toMatchObject({ user: owner.user.id, project: null, filters: DEFAULT_FILTERS });
    expect(workspace.body.id).not.toBe(first.body.id);

    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    const theirs = await member.client.get(props);
    expect(theirs.body).toMatchObject({ user: member.user.id, display_filters: DEFAULT_DISPLAY_FILTERS });
    expect(theirs.body.id).not.toBe(first.body.id);
  });
});

describe('updating', () => {
  it('merges key by key inside each object and drops unknown keys', async () => {
    const res = await owner.client.patch(props, {
      display_filters: {
        layout: 'kanban',
        group_by: 'state',
        calendar: { show_weekends: true, layout: 'week' },
        x: 1,
      },
      filters: { priority: ['high', 'urgent'] },
      display_properties: { labels: false },
      ignored: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(KEYS);
    expect(res.body.display_filters).toEqual({
      ...DEFAULT_DISPLAY_FILTERS,
      layout: 'kanban',
      group_by: 'state',
      calendar: { show_weekends: true, layout: 'week' },
    });
    expect(res.body.filters).toEqual({ ...DEFAULT_FILTERS, priority: ['high', 'urgent'] });
    expect(res.body.display_properties).toEqual({ ...DEFAULT_DISPLAY_PROPERTIES, labels: false });

    const next = await owner.client.patch(props, {
      display_filters: { sub_group_by: 'priority', order_by: '-created_at' },
      filters: { state_group: ['started'], priority: null },
    });
    expect(next.body.display_filters).toMatchObject({
      layout: 'kanban',
      group_by: 'state',
      sub_group_by: 'priority',
      order_by: '-created_at',
    });
    expect(next.body.filters).toEqual({ ...DEFAULT_FILTERS, state_group: ['started'] });
    expect(next.body.display_properties.labels).toBe(false);
    expect((await owner.client.get(props)).body).toEqual(next.body);
    // The project and workspace rows are separate.
    expect((await owner.client.get(wsProps)).body.display_filters).toEqual(DEFAULT_DISPLAY_FILTERS);
  });

  it('validates the merged result and refuses the same grouping twice', async () => {
    await owner.client.patch(props, { display_filters: { group_by: 'labels' } });
    const cases: [Record<string, unknown>, string][] = [
      [{ display_filters: { layout: 'board' } }, 'display_filters.layout'],
      [{ display_filters: { group_by: 'colour' } }, 'display_filters.group_by'],
      [{ display_filters: { sub_group_by: 'labels' } }, 'display_filters.sub_group_by'],
      [{ display_filters: { group_by: 'state', sub_group_by: 'state' } }, 'display_filters.sub_group_by'],
      [{ display_filters: { type: 'all' } }, 'display_filters.type'],
      [{ display_filters: { sub_issue: 'yes' } }, 'display_filters.sub_issue'],
      [{ display_filters: { calendar: { layout: 'week' } } }, 'display_filters.calendar.show_weekends'],
      [{ display_filters: { order_by: 'name; drop table' } }, 'display_filters.order_by'],
      [{ filters: { priority: 'high' } }, 'filters.priority'],
      [{ filters: { labels: [1] } }, 'filters.labels.0'],
      [{ display_properties: { key: 'yes' } }, 'display_properties.key'],
      [{ display_properties: { key: null } }, 'display_properties.key'],
      [{ display_filters: 'list' }, 'display_filters'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.patch(props, body);
      expect(res.status, field).toBe(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(res.body.fields, JSON.stringify(res.body)).toHaveProperty([field]);
    }
    const after = await owner.client.get(props);
    expect(after.body.display_filters).toEqual({ ...DEFAULT_DISPLAY_FILTERS, group_by: 'labels' });
    expect(after.body.filters).toEqual(DEFAULT_FILTERS);
    // Clearing group_by makes room for the same value as sub_group_by.
    const swapped = await owner.client.patch(props, {
      display_filters: { group_by: null, sub_group_by: 'labels' },
    });
    expect(swapped.status).toBe(200);
    expect((await owner.client.patch(wsProps, { display_filters: { layout: 'nope' } })).status).toBe(400);
  });

  it('updates the workspace properties on their own', async () => {
    const res = await owner.client.patch(wsProps, {
      display_filters: { layout: 'spreadsheet', group_by: 'project' },
      display_properties: { cycle: false },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      project: null,
      display_filters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'spreadsheet', group_by: 'project' },
      display_properties: { ...DEFAULT_DISPLAY_PROPERTIES, cycle: false },
    });
    expect((await owner.client.get(wsProps)).body).toEqual(res.body);
    expect((await owner.client.get(props)).body.display_properties).toEqual(DEFAULT_DISPLAY_PROPERTIES);
  });

  it('upserts issue display properties as the project row’s display_properties', async () => {
    const res = await owner.client.post(display, {
      properties: { labels: false, key: false, unknown: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      user: owner.user.id,
      project: project.id,
      properties: { ...DEFAULT_DISPLAY_PROPERTIES, labels: false, key: false },
    });
    const again = await owner.client.post(display, { properties: { labels: true } });
    expect(again.body.id).toBe(res.body.id);
    expect(again.body.properties).toEqual({ ...DEFAULT_DISPLAY_PROPERTIES, key: false });
    expect((await owner.client.get(props)).body).toMatchObject({
      id: res.body.id,
      display_properties: again.body.properties,
    });
    expect((await owner.client.get(display)).body).toEqual(again.body);

    const bad = await owner.client.post(display, { properties: { labels: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty(['properties.labels']);
    expect((await owner.client.post(display, {})).body.fields).toHaveProperty('properties');
  });
});

describe('access', () => {
  it('needs a session for every endpoint', async () => {
    const anon = new Client(t.baseUrl);
    for (const res of [
      await anon.get(props),
      await anon.patch(props, {}),
      await anon.get(wsProps),
      await anon.patch(wsProps, {}),
      await anon.get(display),
      await anon.post(display, { properties: {} }),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('lets guests keep their own settings, also on archived projects', async () => {
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, project.id, guest.user.id, 5);
    expect((await guest.client.patch(props, { display_filters: { layout: 'calendar' } })).status).toBe(200);
    expect((await guest.client.post(display, { properties: { link: false } })).status).toBe(200);
    expect((await guest.client.patch(wsProps, { filters: { priority: ['low'] } })).status).toBe(200);

    expect((await owner.client.post(`/api/workspaces/${slug}/projects/${project.id}/archive/`)).status).toBe(
      200,
    );
    const archived = await owner.client.patch(props, { display_filters: { layout: 'gantt_chart' } });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body.display_filters.layout).toBe('gantt_chart');
    expect((await owner.client.post(display, { properties: { link: false } })).status).toBe(200);
    expect((await guest.client.get(props)).body.display_filters.layout).toBe('calendar');
  });

  it('answers 404 outside the workspace or project and for malformed ids', async () => {
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const viaOther = `/api/workspaces/${otherSlug}/projects/${project.id}`;
    expect((await other.client.get(`${viaOther}/user-properties/`)).status).toBe(404);
    expect((await other.client.patch(`${viaOther}/user-properties/`, {})).status).toBe(404);
    expect((await other.client.get(`${viaOther}/issue-display-properties/`)).status).toBe(404);
    expect(
      (await other.client.post(`${viaOther}/issue-display-properties/`, { properties: {} })).status,
    ).toBe(404);
    expect((await other.client.get(wsProps)).status).toBe(404);
    expect((await other.client.patch(wsProps, {})).status).toBe(404);

    // A workspace member who has not joined the project.
    const outsider = await addMember(t, owner, slug, 15);
    expect((await outsider.client.get(props)).status).toBe(404);
    expect((await outsider.client.post(display, { properties: {} })).status).toBe(404);
    expect((await outsider.client.get(wsProps)).status).toBe(200);
    expect(
      (await owner.client.get(`/api/workspaces/${slug}/projects/not-a-uuid/user-properties/`)).status,
    ).toBe(404);
  });
});

describe('a cycle’s and a module’s own settings', () => {
  it('are kept apart from the project’s and from each other, per user, and 404 for what is not the project’s', async () => {
    const p = `/api/workspaces/${slug}/projects/${project.id}`;
    const cycle = (await owner.client.post(`${p}/cycles/`, { name: 'Sprint 1' })).body;
    const module = (await owner.client.post(`${p}/modules/`, { name: 'Billing' })).body;
    const cycleProps = `${p}/cycles/${cycle.id}/user-properties/`;
    const moduleProps = `${p}/modules/${module.id}/user-properties/`;

    const first = await owner.client.get(cycleProps);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ project: project.id, display_filters: DEFAULT_DISPLAY_FILTERS });
    const changed = await owner.client.patch(cycleProps, {
      display_filters: { layout: 'kanban', group_by: 'state' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.display_filters).toMatchObject({ layout: 'kanban', group_by: 'state' });
    expect((await owner.client.patch(moduleProps, { display_properties: { labels: false } })).status).toBe(
      200,
    );

    expect((await owner.client.get(cycleProps)).body.display_filters.layout).toBe('kanban');
    expect((await owner.client.get(cycleProps)).body.display_properties.labels).toBe(true);
    expect((await owner.client.get(moduleProps)).body.display_properties.labels).toBe(false);
    expect((await owner.client.get(moduleProps)).body.display_filters.layout).toBe('list');
    expect((await owner.client.get(props)).body.display_filters.layout).toBe('list');
    const ids = new Set(
      await Promise.all(
        [cycleProps, moduleProps, props].map(async (u) => (await owner.client.get(u)).body.id),
      ),
    );
    expect(ids.size).toBe(3);

    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    expect((await member.client.get(cycleProps)).body.display_filters.layout).toBe('list');

    const other = await createProject(owner, slug);
    const elsewhere = `/api/workspaces/${slug}/projects/${other.id}/cycles/${cycle.id}/user-properties/`;
    const missing = await owner.client.get(elsewhere);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Cycle not found');
    expect((await owner.client.patch(`${p}/modules/${cycle.id}/user-properties/`, {})).body.error).toBe(
      'Module not found',
    );

    // Deleting the cycle deletes its settings with it.
    expect((await owner.client.delete(`${p}/cycles/${cycle.id}/`)).status).toBe(204);
    expect((await owner.client.get(cycleProps)).status).toBe(404);
  });
});
