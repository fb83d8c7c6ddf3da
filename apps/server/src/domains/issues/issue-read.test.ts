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
  projectId = (await createProject(owner, slug, { identifier: 'WEB' })).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
});
afterEach(() => t.close());

const create = async (body: Record<string, unknown>, client = owner.client) => {
  const res = await client.post(`${base}/issues/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('reading work items', () => {
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

  it('finds a work item by IDENTIFIER-number for project members only', async () => {
    const issue = await create({ name: 'Keyed' });
    const found = await owner.client.get(`/api/workspaces/${slug}/work-items/web-1/`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.id).toBe(issue.id);
    expect((await owner.client.get(`/api/workspaces/${slug}/work-items/WEB-2/`)).body.error).toBe(
      'Issue not found',
    );
    expect((await owner.client.get(`/api/workspaces/${slug}/work-items/nonsense/`)).status).toBe(404);
    const outsider = await addMember(t, owner, slug, 15);
    expect((await outsider.client.get(`/api/workspaces/${slug}/work-items/WEB-1/`)).status).toBe(404);
  });
});
