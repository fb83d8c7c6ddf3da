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
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

type Named = { name: string };
const names = (body: { results: Named[] }) => body.results.map((r) => r.name).sort();

/**
 * A member (role 15) in the public project WEB; the owner alone in the private project OPS.
 * WEB: "Mine" (owner creates, assigned to member, urgent), "Done" (member creates, assigned
 * to member, completed), "Watched" (owner's, member subscribes). OPS: "Secret" assigned to member.
 */
async function seed() {
  const web = await createProject(owner, slug, { identifier: 'WEB' });
  const ops = await createProject(owner, slug, { identifier: 'OPS', network: 0 });
  const member = await addMember(t, owner, slug, 15);
  await addProjectMember(owner, slug, web.id, member.user.id, 15);
  await addProjectMember(owner, slug, ops.id, member.user.id, 15);
  const issues = (projectId: string) => `/api/workspaces/${slug}/projects/${projectId}/issues/`;
  const states = await owner.client.get(`/api/workspaces/${slug}/projects/${web.id}/states/`);
  const completed = states.body.find((s: { group: string }) => s.group === 'completed').id;
  const mine = await owner.client.post(issues(web.id), {
    name: 'Mine',
    priority: 'urgent',
    assignee_ids: [member.user.id],
  });
  expect(mine.status, mine.text).toBe(201);
  const done = await member.client.post(issues(web.id), {
    name: 'Done',
    assignee_ids: [member.user.id],
    state_id: completed,
  });
  expect(done.status, done.text).toBe(201);
  const watched = await owner.client.post(issues(web.id), { name: 'Watched' });
  const sub = await member.client.post(`${issues(web.id)}${watched.body.id}/subscribe/`);
  expect(sub.status, sub.text).toBeLessThan(300);
  await owner.client.post(issues(ops.id), { name: 'Secret', assignee_ids: [member.user.id] });
  return { web, ops, member };
}

describe('GET user-profile', () => {
  it('answers who the member is and their numbers per project the caller sees', async () => {
    const { web, ops, member } = await seed();
    const res = await owner.client.get(`/api/workspaces/${slug}/user-profile/${member.user.id}/`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user_data).toMatchObject({
      email: member.user.email,
      first_name: 'Test',
      last_name: 'User',
      display_name: member.user.display_name,
      avatar_url: null,
      user_timezone: 'UTC',
    });
    expect(Number.isNaN(Date.parse(res.body.user_data.date_joined))).toBe(false);
    const byId = Object.fromEntries(res.body.project_data.map((p: { id: string }) => [p.id, p]));
    expect(byId[web.id]).toMatchObject({
      identifier: 'WEB',
      created_issues: 1,
      assigned_issues: 2,
      completed_issues: 1,
      pending_issues: 1,
    });
    expect(byId[ops.id]).toMatchObject({ identifier: 'OPS', assigned_issues: 1, pending_issues: 1 });
  });

  it('hides the email from other non-admin members and leaves out projects the caller cannot see', async () => {
    const { web, ops, member } = await seed();
    const viewer = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, web.id, viewer.user.id, 10);
    const res = await viewer.client.get(`/api/workspaces/${slug}/user-profile/${member.user.id}/`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user_data.email).toBeUndefined();
    expect(res.body.project_data.map((p: { id: string }) => p.id)).toEqual([web.id]);
    expect(res.body.project_data.map((p: { id: string }) => p.id)).not.toContain(ops.id);
    const own = await member.client.get(`/api/workspaces/${slug}/user-profile/${member.user.id}/`);
    expect(own.body.user_data.email).toBe(member.user.email);
  });
});

describe('GET user-stats', () => {
  it('counts assigned, created, subscribed, completed and pending with every group and priority', async () => {
    const { member } = await seed();
    const res = await owner.client.get(`/api/workspaces/${slug}/user-stats/${member.user.id}/`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      assigned_issues: 3,
      created_issues: 1,
      completed_issues: 1,
      pending_issues: 2,
      // Created and assigned items subscribe the member; "Watched" by hand.
      subscribed_issues: 4,
      present_cycles: [],
      upcoming_cycles: [],
    });
    expect(res.body.state_distribution).toEqual([
      { state_group: 'backlog', state_count: 2 },
      { state_group: 'unstarted', state_count: 0 },
      { state_group: 'started', state_count: 0 },
      { state_group: 'completed', state_count: 1 },
      { state_group: 'cancelled', state_count: 0 },
    ]);
    expect(res.body.priority_distribution).toEqual([
      { priority: 'urgent', priority_count: 1 },
      { priority: 'high', priority_count: 0 },
      { priority: 'medium', priority_count: 0 },
      { priority: 'low', priority_count: 0 },
      { priority: 'none', priority_count: 2 },
    ]);
  });

  it('counts only what the caller can see', async () => {
    const { web, member } = await seed();
    const viewer = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, web.id, viewer.user.id, 15);
    const res = await viewer.client.get(`/api/workspaces/${slug}/user-stats/${member.user.id}/`);
    expect(res.body).toMatchObject({ assigned_issues: 2, pending_issues: 1, subscribed_issues: 3 });
    const outsiderView = await (await addMember(t, owner, slug, 10)).client.get(
      `/api/workspaces/${slug}/user-stats/${member.user.id}/`,
    );
    expect(outsiderView.status).toBe(200);
    expect(outsiderView.body).toMatchObject({ assigned_issues: 0, created_issues: 0, subscribed_issues: 0 });
  });
});

describe('GET user-issues', () => {
  it('lists the member’s assigned (the default), created and subscribed items across projects', async () => {
    const { member } = await seed();
    const base = `/api/workspaces/${slug}/user-issues/${member.user.id}/`;
    const assigned = await owner.client.get(`${base}?assignees=${member.user.id}`);
    expect(assigned.status, assigned.text).toBe(200);
    expect(names(assigned.body)).toEqual(['Done', 'Mine', 'Secret']);
    expect(names((await owner.client.get(base)).body)).toEqual(['Done', 'Mine', 'Secret']);
    const created = await owner.client.get(`${base}?created_by=${member.user.id}`);
    expect(names(created.body)).toEqual(['Done']);
    const subscribed = await owner.client.get(`${base}?subscriber=${member.user.id}`);
    expect(names(subscribed.body)).toEqual(['Done', 'Mine', 'Secret', 'Watched']);
    const byPriority = await owner.client.get(`${base}?assignees=${member.user.id}&group_by=priority`);
    expect(byPriority.body.results.urgent.total_results).toBe(1);
    expect(byPriority.body.results.none.total_results).toBe(2);
  });

  it('refuses a bad grouping with 400', async () => {
    const { member } = await seed();
    const res = await owner.client.get(
      `/api/workspaces/${slug}/user-issues/${member.user.id}/?group_by=priority&sub_group_by=priority`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_GROUP_BY');
  });
});

describe('profile pages: who may ask about whom', () => {
  const paths = (ws: string, userId: string) => [
    `/api/workspaces/${ws}/user-profile/${userId}/`,
    `/api/workspaces/${ws}/user-stats/${userId}/`,
    `/api/workspaces/${ws}/user-issues/${userId}/`,
  ];

  it('needs a session (401)', async () => {
    for (const path of paths(slug, owner.user.id)) {
      const res = await new Client(t.baseUrl).get(path);
      expect(res.status, path).toBe(401);
    }
  });

  it('lets every role in, down to guest (200)', async () => {
    const guest = await addMember(t, owner, slug, 5);
    for (const path of paths(slug, owner.user.id)) {
      const res = await guest.client.get(path);
      expect(res.status, `${path} ${res.text}`).toBe(200);
    }
  });

  it('is 404 for a user who is not a member, a former member, another workspace or a bad id', async () => {
    const stranger = await signUp(t);
    const otherOwner = await signUp(t);
    const other = await createWorkspace(otherOwner);
    const former = await addMember(t, owner, slug, 15);
    const removed = await owner.client.delete(`/api/workspaces/${slug}/members/${former.memberId}/`);
    expect(removed.status, removed.text).toBe(204);
    const cases: [SignedIn, string][] = [
      ...paths(slug, stranger.user.id).map((p) => [owner, p] as [SignedIn, string]),
      ...paths(slug, former.user.id).map((p) => [owner, p] as [SignedIn, string]),
      // A member of the other workspace, asked about through this one.
      ...paths(slug, otherOwner.user.id).map((p) => [owner, p] as [SignedIn, string]),
      // This workspace's member, asked about through a workspace the caller is not in.
      ...paths(other.slug, owner.user.id).map((p) => [owner, p] as [SignedIn, string]),
      ...paths(slug, 'not-a-uuid').map((p) => [owner, p] as [SignedIn, string]),
    ];
    for (const [who, path] of cases) {
      const res = await who.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
  });
});
