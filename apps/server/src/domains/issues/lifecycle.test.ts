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
const stateId = (group: string) => states.find((s) => s.group === group)!.id;

describe('archive', () => {
  it('archives only completed or cancelled work items, hides them from lists and restores them', async () => {
    const open = await create({ name: 'Open' });
    const done = await create({ name: 'Done', state_id: stateId('completed') });
    const refused = await owner.client.post(`${base}/issues/${open.id}/archive/`);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('ARCHIVE_NOT_ALLOWED');
    const archived = await owner.client.post(`${base}/issues/${done.id}/archive/`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).toMatch(/Z$/);
    expect((await owner.client.get(`${base}/issues/`)).body.results.map((r: { id: string }) => r.id)).toEqual(
      [open.id],
    );
    const archivedList = await owner.client.get(`${base}/archived-issues/`);
    expect(archivedList.body.results.map((r: { id: string }) => r.id)).toEqual([done.id]);
    expect((await owner.client.get(`${base}/issues/${done.id}/archive/`)).body.id).toBe(done.id);
    expect((await owner.client.get(`${base}/issues/${open.id}/archive/`)).status).toBe(404);
    expect((await owner.client.patch(`${base}/issues/${done.id}/`, { name: 'x' })).status).toBe(400);
    expect((await owner.client.delete(`${base}/issues/${done.id}/archive/`)).status).toBe(204);
    expect((await owner.client.get(`${base}/issues/`)).body.total_count).toBe(2);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect((await viewer.client.post(`${base}/issues/${done.id}/archive/`)).status).toBe(403);
  });
});

describe('sub-issues', () => {
  it('adds children, reports the state distribution and refuses cycles', async () => {
    const parent = await create({ name: 'Parent' });
    const a = await create({ name: 'A', state_id: stateId('started') });
    const b = await create({ name: 'B', state_id: stateId('completed') });
    const added = await owner.client.post(`${base}/issues/${parent.id}/sub-issues/`, {
      sub_issue_ids: [a.id, b.id],
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.sub_issues.map((i: { name: string }) => i.name).sort()).toEqual(['A', 'B']);
    expect(added.body.state_distribution).toEqual({
      backlog: [],
      unstarted: [],
      started: [a.id],
      completed: [b.id],
      cancelled: [],
    });
    expect((await owner.client.get(`${base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(2);
    const cycle = await owner.client.post(`${base}/issues/${a.id}/sub-issues/`, {
      sub_issue_ids: [parent.id],
    });
    expect(cycle.status).toBe(400);
    expect(
      (await owner.client.post(`${base}/issues/${a.id}/sub-issues/`, { sub_issue_ids: [a.id] })).status,
    ).toBe(400);
    // Removing a sub-issue is a PATCH of the child.
    await owner.client.patch(`${base}/issues/${a.id}/`, { parent_id: null });
    const after = await owner.client.get(`${base}/issues/${parent.id}/sub-issues/`);
    expect(after.body.sub_issues.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const hidden = await owner.client.get(`${base}/issues/?sub_issue=false`);
    expect(hidden.body.results.map((r: { id: string }) => r.id).sort()).toEqual([parent.id, a.id].sort());
  });
});

describe('subscriptions', () => {
  it('subscribes creators and assignees, and lets users manage subscriptions', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const issue = await create({ name: 'Watched', assignee_ids: [member.user.id] });
    expect(issue.is_subscribed).toBe(true);
    const url = `${base}/issues/${issue.id}`;
    expect((await member.client.get(`${url}/subscribe/`)).body).toEqual({ subscribed: true });
    expect((await member.client.get(`${url}/`)).body.is_subscribed).toBe(true);
    expect((await member.client.delete(`${url}/subscribe/`)).status).toBe(204);
    expect((await member.client.get(`${url}/subscribe/`)).body).toEqual({ subscribed: false });
    expect((await member.client.post(`${url}/subscribe/`)).status).toBe(201);
    const subscribers = await owner.client.get(`${url}/issue-subscribers/`);
    expect(subscribers.body.map((u: { id: string }) => u.id).sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    const missing = await owner.client.post(`${url}/issue-subscribers/`, {});
    expect(missing.body.error).toBe('user id not available');
    expect((await member.client.delete(`${url}/issue-subscribers/${owner.user.id}/`)).status).toBe(403);
    expect((await owner.client.delete(`${url}/issue-subscribers/${member.user.id}/`)).status).toBe(204);
    expect((await member.client.get(`${url}/subscribe/`)).body).toEqual({ subscribed: false });
  });
});

describe('estimate points', () => {
  it('accepts only points of the active estimate and follows point deletion', async () => {
    const estimate = (
      await owner.client.post(`${base}/estimates/`, {
        estimate: { name: 'Points', type: 'points' },
        estimate_points: [
          { key: 0, value: '1' },
          { key: 1, value: '2' },
          { key: 2, value: '3' },
        ],
      })
    ).body;
    const [one, two] = estimate.points;
    const inactive = await owner.client.post(`${base}/issues/`, { name: 'x', estimate_point: one.id });
    expect(inactive.body.fields).toHaveProperty('estimate_point');
    expect((await owner.client.patch(`${base}/`, { estimate: estimate.id })).status).toBe(200);
    const issue = await create({ name: 'Estimated', estimate_point: one.id });
    expect(issue.estimate_point).toBe(one.id);
    const removed = await owner.client.request(
      'DELETE',
      `${base}/estimates/${estimate.id}/estimate-points/${one.id}/`,
      {
        json: { new_estimate_id: two.id },
      },
    );
    expect(removed.status, removed.text).toBe(204);
    expect((await owner.client.get(`${base}/issues/${issue.id}/`)).body.estimate_point).toBe(two.id);
  });
});
