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
let base: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}/states`;
});
afterEach(() => t.close());

type State = { id: string; name: string; group: string; sequence: number; default: boolean };
const list = async (client = owner.client) => (await client.get(`${base}/`)).body as State[];

describe('states', () => {
  it('creates states after the last one, lists them grouped, and refuses duplicates and bad input', async () => {
    const created = await owner.client.post(`${base}/`, {
      name: 'Review',
      color: '#123abc',
      group: 'started',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Review', group: 'started', sequence: 90000, default: false });
    expect((await list()).map((s) => s.name)).toEqual([
      'Backlog',
      'Todo',
      'In Progress',
      'Review',
      'Done',
      'Cancelled',
    ]);
    const grouped = (await owner.client.get(`${base}/?grouped=true`)).body;
    expect(Object.keys(grouped)).toEqual(['backlog', 'unstarted', 'started', 'completed', 'cancelled']);
    expect(grouped.started.map((s: State) => s.name)).toEqual(['In Progress', 'Review']);
    const duplicate = await owner.client.post(`${base}/`, {
      name: 'Review',
      color: '#123abc',
      group: 'started',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error_code).toBe('STATE_NAME_TAKEN');
    const bad = await owner.client.post(`${base}/`, { name: 'X', color: 'red', group: 'doing' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['color', 'group']);
  });

  it('renames, reorders with PATCH, replaces with PUT, and deletes non-default states', async () => {
    const [backlog, todo] = await list();
    const renamed = await owner.client.patch(`${base}/${todo!.id}/`, { name: 'To do', sequence: 20000 });
    expect(renamed.body).toMatchObject({ name: 'To do', sequence: 20000 });
    expect((await owner.client.put(`${base}/${todo!.id}/`, { name: 'Only name' })).status).toBe(400);
    const put = await owner.client.put(`${base}/${todo!.id}/`, {
      name: 'Ready',
      color: '#000000',
      group: 'unstarted',
    });
    expect(put.body).toMatchObject({ name: 'Ready', color: '#000000' });
    expect((await owner.client.patch(`${base}/${todo!.id}/`, { name: 'Backlog' })).status).toBe(409);
    const defaultDelete = await owner.client.delete(`${base}/${backlog!.id}/`);
    expect(defaultDelete.status).toBe(400);
    expect(defaultDelete.body).toEqual({
      error: 'Default state cannot be deleted',
      error_code: 'DEFAULT_STATE',
    });
    expect((await owner.client.delete(`${base}/${todo!.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${base}/${todo!.id}/`)).status).toBe(404);
    // The name of a deleted state can be used again.
    expect(
      (await owner.client.post(`${base}/`, { name: 'Ready', color: '#111111', group: 'unstarted' })).status,
    ).toBe(201);
  });

  it('keeps exactly one default, even when two mark-default calls race', async () => {
    const states = await list();
    const todo = states[1]!;
    const done = states[3]!;
    const marked = await owner.client.post(`${base}/${todo.id}/mark-default/`);
    expect(marked.body).toMatchObject({ id: todo.id, default: true });
    const results = await Promise.all([
      owner.client.post(`${base}/${done.id}/mark-default/`),
      owner.client.post(`${base}/${states[4]!.id}/mark-default/`),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const defaults = (await list()).filter((s) => s.default);
    expect(defaults).toHaveLength(1);
    expect([done.id, states[4]!.id]).toContain(defaults[0]!.id);
  });

  it('enforces roles, sessions and workspace boundaries', async () => {
    const [state] = await list();
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect((await list(viewer.client)).length).toBe(5);
    expect(
      (await viewer.client.post(`${base}/`, { name: 'V', color: '#000000', group: 'backlog' })).status,
    ).toBe(403);
    expect((await viewer.client.patch(`${base}/${state!.id}/`, { name: 'V' })).status).toBe(403);
    expect((await viewer.client.post(`${base}/${state!.id}/mark-default/`)).status).toBe(403);
    expect((await new Client(t.baseUrl).get(`${base}/`)).status).toBe(401);
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const otherProject = await createProject(other, otherSlug);
    // A state of another project under this project's path is not found.
    const foreign = (
      await other.client.get(`/api/workspaces/${otherSlug}/projects/${otherProject.id}/states/`)
    ).body[0];
    expect((await owner.client.get(`${base}/${foreign.id}/`)).status).toBe(404);
    expect(
      (await other.client.get(`/api/workspaces/${otherSlug}/projects/${projectId}/states/`)).status,
    ).toBe(404);
    expect((await owner.client.get(`${base}/nope/`)).status).toBe(404);
    const all = await owner.client.get(`/api/workspaces/${slug}/states/`);
    expect(all.body).toHaveLength(5);
  });
});
