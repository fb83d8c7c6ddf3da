import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

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

/** What the issues service registers with other domains when it is made (services.ts wires them). */
describe('the issues service in other domains', () => {
  it('refuses deleting a state that still has work items', async () => {
    await create({ name: 'In todo', state_id: state('Todo').id });
    const refused = await owner.client.delete(`${base}/states/${state('Todo').id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('STATE_NOT_EMPTY');
  });

  it('detaches a deleted label from the work items that had it', async () => {
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'bug' })).body;
    const labelled = await create({ name: 'Labelled', label_ids: [label.id] });
    expect((await owner.client.delete(`${base}/issue-labels/${label.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${base}/issues/${labelled.id}/`)).body.label_ids).toEqual([]);
  });
});
