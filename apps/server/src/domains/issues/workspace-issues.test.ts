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

let t: TestApp;
let owner: SignedIn;
let slug: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

describe('workspace issue lists', () => {
  it('spans the caller’s projects only, with filters, grouping by project and my-issues', async () => {
    const web = await createProject(owner, slug, { identifier: 'WEB' });
    const api = await createProject(owner, slug, { identifier: 'API', network: 0 });
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, web.id, member.user.id, 15);
    const post = (projectId: string, body: Record<string, unknown>) =>
      owner.client.post(`/api/workspaces/${slug}/projects/${projectId}/issues/`, body);
    await post(web.id, { name: 'Web mine', assignee_ids: [member.user.id] });
    await post(web.id, { name: 'Web other' });
    await post(api.id, { name: 'Api hidden' });

    const all = await owner.client.get(`/api/workspaces/${slug}/issues/`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.total_count).toBe(3);
    const seenByMember = await member.client.get(`/api/workspaces/${slug}/issues/`);
    expect(seenByMember.body.results.map((r: { name: string }) => r.name).sort()).toEqual([
      'Web mine',
      'Web other',
    ]);
    const byProject = await owner.client.get(`/api/workspaces/${slug}/issues/?group_by=project_id`);
    expect(byProject.body.results[web.id].total_results).toBe(2);
    expect(byProject.body.results[api.id].total_results).toBe(1);
    const byState = await owner.client.get(`/api/workspaces/${slug}/issues/?group_by=state__group`);
    expect(byState.body.results.backlog.total_results).toBe(3);
    const mine = await member.client.get(`/api/workspaces/${slug}/my-issues/`);
    expect(mine.body.results.map((r: { name: string }) => r.name)).toEqual(['Web mine']);
    const created = await owner.client.get(
      `/api/workspaces/${slug}/user-issues/${owner.user.id}/?created_by=${owner.user.id}`,
    );
    expect(created.body.total_count).toBe(3);
    const subscribed = await member.client.get(
      `/api/workspaces/${slug}/issues/?subscriber=${member.user.id}`,
    );
    expect(subscribed.body.total_count).toBe(1);
    const outsider = await signUp(t);
    expect((await outsider.client.get(`/api/workspaces/${slug}/issues/`)).status).toBe(404);
    const newcomer = await addMember(t, owner, slug, 10);
    expect((await newcomer.client.get(`/api/workspaces/${slug}/issues/`)).body.total_count).toBe(0);
  });

  it('shows a guest their own items, or all of a project that lets guests see everything (api.md §0.5)', async () => {
    const open = await createProject(owner, slug, { identifier: 'OPN' });
    const closed = await createProject(owner, slug, { identifier: 'CLS' });
    await owner.client.patch(`/api/workspaces/${slug}/projects/${open.id}/`, {
      guest_view_all_features: true,
    });
    const guest = await addMember(t, owner, slug, 5);
    for (const project of [open, closed]) {
      await addProjectMember(owner, slug, project.id, guest.user.id, 5);
      await owner.client.post(`/api/workspaces/${slug}/projects/${project.id}/issues/`, {
        name: `${project.identifier} by the owner`,
      });
    }
    const names = async (path: string) =>
      ((await guest.client.get(path)).body.results as { name: string }[]).map((r) => r.name).sort();
    expect(await names(`/api/workspaces/${slug}/issues/`)).toEqual(['OPN by the owner']);
    const search = await guest.client.get(
      `/api/workspaces/${slug}/search/?search=by%20the%20owner&entities=issue`,
    );
    expect(search.body.results.issue.map((r: { name: string }) => r.name)).toEqual(['OPN by the owner']);
  });
});
