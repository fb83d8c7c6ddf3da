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

const LABEL_KEYS = [
  'id',
  'project_id',
  'workspace_id',
  'name',
  'description',
  'color',
  'parent',
  'sort_order',
  'external_source',
  'external_id',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
].sort();

let t: TestApp;
let owner: SignedIn;
let slug: string;
let project: { id: string; workspace: string };
let labels: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  const created = await createProject(owner, slug);
  project = { id: created.id, workspace: created.workspace as string };
  labels = `/api/workspaces/${slug}/projects/${project.id}/issue-labels/`;
});
afterEach(() => t.close());

async function createLabel(body: Record<string, unknown>, client = owner.client, url = labels) {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; parent: string | null; sort_order: number };
}

describe('creating and reading labels', () => {
  it('creates labels with default sort orders, reads them and lists them by sort_order', async () => {
    const bug = await owner.client.post(labels, {
      name: '  Bug ',
      color: '#ff0000',
      description: 'Broken things',
    });
    expect(bug.status, bug.text).toBe(201);
    expect(Object.keys(bug.body).sort()).toEqual(LABEL_KEYS);
    expect(bug.body).toMatchObject({
      name: 'Bug',
      color: '#ff0000',
      description: 'Broken things',
      parent: null,
      sort_order: 65535,
      project_id: project.id,
      workspace_id: project.workspace,
      external_source: null,
      external_id: null,
      created_by: owner.user.id,
      updated_by: owner.user.id,
    });
    expect(bug.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const feature = await createLabel({ name: 'Feature' });
    expect(feature.sort_order).toBe(75535);
    const child = await createLabel({ name: 'Crash', parent: bug.body.id, sort_order: 100 });
    expect(child).toMatchObject({ parent: bug.body.id, sort_order: 100 });
    const plain = await createLabel({ name: 'Plain' });
    expect(plain).toMatchObject({ sort_order: 85535 });
    expect((await owner.client.get(`${labels}${plain.id}/`)).body).toMatchObject({
      color: '',
      description: '',
    });

    const listed = await owner.client.get(labels);
    expect(listed.status).toBe(200);
    expect(listed.body.map((l: { name: string }) => l.name)).toEqual(['Crash', 'Bug', 'Feature', 'Plain']);
    const one = await owner.client.get(`${labels}${bug.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(bug.body);
  });

  it('lists the labels of the caller’s projects across the workspace', async () => {
    const mine = await createLabel({ name: 'Mine' });
    const second = await createProject(owner, slug);
    const theirs = await createLabel(
      { name: 'Second' },
      owner.client,
      `/api/workspaces/${slug}/projects/${second.id}/issue-labels/`,
    );
    // A project the owner is not a member of stays out of the owner's list.
    const member = await addMember(t, owner, slug, 15);
    const hidden = await createProject(member, slug, { network: 0 });
    await createLabel(
      { name: 'Hidden' },
      member.client,
      `/api/workspaces/${slug}/projects/${hidden.id}/issue-labels/`,
    );

    const listed = await owner.client.get(`/api/workspaces/${slug}/labels/`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((l: { id: string }) => l.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(Object.keys(listed.body[0]).sort()).toEqual(LABEL_KEYS);
    expect((await member.client.get(`/api/workspaces/${slug}/labels/`)).body).toHaveLength(1);
    expect((await new Client(t.baseUrl).get(`/api/workspaces/${slug}/labels/`)).status).toBe(401);
    const stranger = await signUp(t);
    expect((await stranger.client.get(`/api/workspaces/${slug}/labels/`)).status).toBe(404);
  });
});

describe('validation and conflicts', () => {
  it('refuses bad input and names taken in any case, but not in another project', async () => {
    const empty = await owner.client.post(labels, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { name: expect.any(String) },
    });
    expect((await owner.client.post(labels, { name: 'A', color: 'red' })).body.fields).toHaveProperty(
      'color',
    );
    expect((await owner.client.post(labels, { name: 'A', parent: 'nope' })).body.fields).toHaveProperty(
      'parent',
    );
    expect((await owner.client.post(labels, { name: 'A', sort_order: 'x' })).status).toBe(400);
    expect((await owner.client.post(labels, { name: 'x'.repeat(256) })).status).toBe(400);

    const bug = await createLabel({ name: 'Bug' });
    const taken = await owner.client.post(labels, { name: 'BUG' });
    expect(taken.status).toBe(409);
    expect(taken.body.error_code).toBe('LABEL_NAME_TAKEN');
    const other = await createLabel({ name: 'Other' });
    const renamed = await owner.client.patch(`${labels}${other.id}/`, { name: 'bug' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error_code).toBe('LABEL_NAME_TAKEN');
    // Renaming a label to a new casing of its own name is fine.
    expect((await owner.client.patch(`${labels}${bug.id}/`, { name: 'BUG' })).body.name).toBe('BUG');

    const second = await createProject(owner, slug);
    await createLabel(
      { name: 'bug' },
      owner.client,
      `/api/workspaces/${slug}/projects/${second.id}/issue-labels/`,
    );
  });

  it('keeps parents inside the project and refuses cycles', async () => {
    const second = await createProject(owner, slug);
    const foreign = await createLabel(
      { name: 'Foreign' },
      owner.client,
      `/api/workspaces/${slug}/projects/${second.id}/issue-labels/`,
    );
    const outside = await owner.client.post(labels, { name: 'A', parent: foreign.id });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { parent: expect.any(String) },
    });
    expect((await owner.client.post(labels, { name: 'A', parent: randomUUID() })).body.fields).toHaveProperty(
      'parent',
    );

    const root = await createLabel({ name: 'Root' });
    const child = await createLabel({ name: 'Child', parent: root.id });
    const grandchild = await createLabel({ name: 'Grandchild', parent: child.id });
    for (const parent of [root.id, child.id, grandchild.id]) {
      const cycle = await owner.client.patch(`${labels}${root.id}/`, { parent });
      expect(cycle.status, parent).toBe(400);
      expect(cycle.body.fields).toHaveProperty('parent');
    }
    expect((await owner.client.patch(`${labels}${root.id}/`, { parent: foreign.id })).status).toBe(400);
    // Moving a label elsewhere in its own tree, or to the top, is fine.
    const moved = await owner.client.patch(`${labels}${grandchild.id}/`, { parent: root.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.parent).toBe(root.id);
    expect((await owner.client.patch(`${labels}${child.id}/`, { parent: null })).body.parent).toBeNull();
  });
});

describe('updating and deleting', () => {
  it('patches some fields, puts with a name, and answers the full label', async () => {
    const label = await createLabel({ name: 'Bug', color: '#ff0000' });
    const url = `${labels}${label.id}/`;
    const patched = await owner.client.patch(url, { color: '#00ff00', sort_order: 12.5, unknown: 1 });
    expect(patched.status).toBe(200);
    expect(Object.keys(patched.body).sort()).toEqual(LABEL_KEYS);
    expect(patched.body).toMatchObject({ name: 'Bug', color: '#00ff00', sort_order: 12.5 });
    expect((await owner.client.put(url, { color: '#0000ff' })).body.fields).toHaveProperty('name');
    const put = await owner.client.put(url, { name: 'Defect', description: 'd' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Defect', description: 'd', color: '#00ff00' });
    expect((await owner.client.patch(url, { name: '' })).status).toBe(400);
  });

  it('soft deletes a label, moves its children to the top and frees its name', async () => {
    const parent = await createLabel({ name: 'Parent' });
    const child = await createLabel({ name: 'Child', parent: parent.id });
    const deleted = await owner.client.delete(`${labels}${parent.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await owner.client.get(`${labels}${parent.id}/`)).status).toBe(404);
    expect((await owner.client.delete(`${labels}${parent.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${labels}${child.id}/`)).body.parent).toBeNull();
    expect((await owner.client.get(labels)).body.map((l: { id: string }) => l.id)).toEqual([child.id]);
    await createLabel({ name: 'parent' });
  });
});

describe('access', () => {
  it('needs a session for every endpoint', async () => {
    const label = await createLabel({ name: 'Bug' });
    const anon = new Client(t.baseUrl);
    const url = `${labels}${label.id}/`;
    for (const res of [
      await anon.get(labels),
      await anon.post(labels, { name: 'X' }),
      await anon.get(url),
      await anon.patch(url, { name: 'X' }),
      await anon.put(url, { name: 'X' }),
      await anon.delete(url),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error_code).toBe('AUTHENTICATION_REQUIRED');
    }
  });

  it('lets viewers and guests read and keeps project viewers from writing', async () => {
    const label = await createLabel({ name: 'Bug' });
    const url = `${labels}${label.id}/`;
    // A workspace member who is only a project viewer: the strongest role still refused.
    const viewer = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, viewer.user.id, 10);
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, project.id, guest.user.id, 5);
    for (const reader of [viewer, guest]) {
      expect((await reader.client.get(labels)).body).toHaveLength(1);
      expect((await reader.client.get(url)).status).toBe(200);
    }
    for (const res of [
      await viewer.client.post(labels, { name: 'X' }),
      await viewer.client.post(labels, { name: '' }), // 403 comes before 400
      await viewer.client.patch(url, { name: 'X' }),
      await viewer.client.put(url, { name: 'X' }),
      await viewer.client.delete(url),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error_code).toBe('FORBIDDEN');
    }
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    expect((await member.client.post(labels, { name: 'By member' })).status).toBe(201);
    expect((await member.client.delete(url)).status).toBe(204);
  });

  it('answers 404 for other workspaces, other projects’ labels, unknown and malformed ids', async () => {
    const label = await createLabel({ name: 'Bug' });
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const viaOther = `/api/workspaces/${otherSlug}/projects/${project.id}/issue-labels/`;
    expect((await other.client.get(viaOther)).status).toBe(404);
    expect((await other.client.post(viaOther, { name: 'X' })).status).toBe(404);
    expect((await other.client.get(`${viaOther}${label.id}/`)).status).toBe(404);
    // A stranger to the workspace, and a workspace member who has not joined the (public) project.
    expect((await other.client.get(labels)).status).toBe(404);
    const outsider = await addMember(t, owner, slug, 15);
    expect((await outsider.client.get(labels)).status).toBe(404);

    const second = await createProject(owner, slug);
    const secondLabels = `/api/workspaces/${slug}/projects/${second.id}/issue-labels/`;
    const foreign = await createLabel({ name: 'Foreign' }, owner.client, secondLabels);
    expect((await owner.client.get(`${labels}${foreign.id}/`)).status).toBe(404);
    expect((await owner.client.patch(`${labels}${foreign.id}/`, { name: 'X' })).status).toBe(404);
    expect((await owner.client.put(`${labels}${foreign.id}/`, { name: 'X' })).status).toBe(404);
    expect((await owner.client.delete(`${labels}${foreign.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${secondLabels}${foreign.id}/`)).body.name).toBe('Foreign');

    expect((await owner.client.get(`${labels}${randomUUID()}/`)).status).toBe(404);
    expect((await owner.client.get(`${labels}not-a-uuid/`)).status).toBe(404);
    expect((await owner.client.patch(`${labels}not-a-uuid/`, { name: 'X' })).status).toBe(404);
    expect((await owner.client.get(`/api/workspaces/${slug}/projects/not-a-uuid/issue-labels/`)).status).toBe(
      404,
    );
  });

  it('keeps labels of an archived project read-only', async () => {
    const label = await createLabel({ name: 'Bug' });
    expect((await owner.client.post(`/api/workspaces/${slug}/projects/${project.id}/archive/`)).status).toBe(
      200,
    );
    expect((await owner.client.get(labels)).body).toHaveLength(1);
    const refused = await owner.client.patch(`${labels}${label.id}/`, { name: 'X' });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('PROJECT_ARCHIVED');
  });
});
