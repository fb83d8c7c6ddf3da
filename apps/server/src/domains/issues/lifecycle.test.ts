import { describe, expect, it } from 'vitest';
import { addMember, addProjectMember } from '../../test/factories.ts';
import { issueScene } from '../../test/issue-scene.ts';

const scene = issueScene();
const { create } = scene;
const stateId = (group: string) => scene.states.find((s) => s.group === group)!.id;

describe('archive', () => {
  it('archives only completed or cancelled work items, hides them from lists and restores them', async () => {
    const open = await create({ name: 'Open' });
    const done = await create({ name: 'Done', state_id: stateId('completed') });
    const refused = await scene.owner.client.post(`${scene.base}/issues/${open.id}/archive/`);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('ARCHIVE_NOT_ALLOWED');
    const archived = await scene.owner.client.post(`${scene.base}/issues/${done.id}/archive/`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).toMatch(/Z$/);
    expect(
      (await scene.owner.client.get(`${scene.base}/issues/`)).body.results.map((r: { id: string }) => r.id),
    ).toEqual([open.id]);
    const archivedList = await scene.owner.client.get(`${scene.base}/archived-issues/`);
    expect(archivedList.body.results.map((r: { id: string }) => r.id)).toEqual([done.id]);
    expect((await scene.owner.client.get(`${scene.base}/issues/${done.id}/archive/`)).body.id).toBe(done.id);
    expect((await scene.owner.client.get(`${scene.base}/issues/${open.id}/archive/`)).status).toBe(404);
    expect((await scene.owner.client.patch(`${scene.base}/issues/${done.id}/`, { name: 'x' })).status).toBe(
      400,
    );
    expect((await scene.owner.client.delete(`${scene.base}/issues/${done.id}/archive/`)).status).toBe(204);
    expect((await scene.owner.client.get(`${scene.base}/issues/`)).body.total_count).toBe(2);
    const viewer = await addMember(scene.t, scene.owner, scene.slug, 10);
    await addProjectMember(scene.owner, scene.slug, scene.projectId, viewer.user.id, 10);
    expect((await viewer.client.post(`${scene.base}/issues/${done.id}/archive/`)).status).toBe(403);
  });
});

describe('sub-issues', () => {
  it('adds children, reports the state distribution and refuses cycles', async () => {
    const parent = await create({ name: 'Parent' });
    const a = await create({ name: 'A', state_id: stateId('started') });
    const b = await create({ name: 'B', state_id: stateId('completed') });
    const added = await scene.owner.client.post(`${scene.base}/issues/${parent.id}/sub-issues/`, {
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
    expect((await scene.owner.client.get(`${scene.base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(
      2,
    );
    const cycle = await scene.owner.client.post(`${scene.base}/issues/${a.id}/sub-issues/`, {
      sub_issue_ids: [parent.id],
    });
    expect(cycle.status).toBe(400);
    expect(
      (await scene.owner.client.post(`${scene.base}/issues/${a.id}/sub-issues/`, { sub_issue_ids: [a.id] }))
        .status,
    ).toBe(400);
    // Removing a sub-issue is a PATCH of the child.
    await scene.owner.client.patch(`${scene.base}/issues/${a.id}/`, { parent_id: null });
    const after = await scene.owner.client.get(`${scene.base}/issues/${parent.id}/sub-issues/`);
    expect(after.body.sub_issues.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const hidden = await scene.owner.client.get(`${scene.base}/issues/?sub_issue=false`);
    expect(hidden.body.results.map((r: { id: string }) => r.id).sort()).toEqual([parent.id, a.id].sort());
  });
});

describe('subscriptions', () => {
  it('subscribes creators and assignees, and lets users manage subscriptions', async () => {
    const member = await addMember(scene.t, scene.owner, scene.slug, 15);
    await addProjectMember(scene.owner, scene.slug, scene.projectId, member.user.id, 15);
    const issue = await create({ name: 'Watched', assignee_ids: [member.user.id] });
    expect(issue.is_subscribed).toBe(true);
    const url = `${scene.base}/issues/${issue.id}`;
    expect((await member.client.get(`${url}/subscribe/`)).body).toEqual({ subscribed: true });
    expect((await member.client.get(`${url}/`)).body.is_subscribed).toBe(true);
    expect((await member.client.delete(`${url}/subscribe/`)).status).toBe(204);
    expect((await member.client.get(`${url}/subscribe/`)).body).toEqual({ subscribed: false });
    expect((await member.client.post(`${url}/subscribe/`)).status).toBe(201);
    const subscribers = await scene.owner.client.get(`${url}/issue-subscribers/`);
    expect(subscribers.body.map((u: { id: string }) => u.id).sort()).toEqual(
      [scene.owner.user.id, member.user.id].sort(),
    );
    const missing = await scene.owner.client.post(`${url}/issue-subscribers/`, {});
    expect(missing.body.error).toBe('user id not available');
    expect((await member.client.delete(`${url}/issue-subscribers/${scene.owner.user.id}/`)).status).toBe(403);
    expect((await scene.owner.client.delete(`${url}/issue-subscribers/${member.user.id}/`)).status).toBe(204);
    expect((await member.client.get(`${url}/subscribe/`)).body).toEqual({ subscribed: false });
  });
});

describe('estimate points', () => {
  it('accepts only points of the active estimate and follows point deletion', async () => {
    const estimate = (
      await scene.owner.client.post(`${scene.base}/estimates/`, {
        estimate: { name: 'Points', type: 'points' },
        estimate_points: [
          { key: 0, value: '1' },
          { key: 1, value: '2' },
          { key: 2, value: '3' },
        ],
      })
    ).body;
    const [one, two] = estimate.points;
    const inactive = await scene.owner.client.post(`${scene.base}/issues/`, {
      name: 'x',
      estimate_point: one.id,
    });
    expect(inactive.body.fields).toHaveProperty('estimate_point');
    expect((await scene.owner.client.patch(`${scene.base}/`, { estimate: estimate.id })).status).toBe(200);
    const issue = await create({ name: 'Estimated', estimate_point: one.id });
    expect(issue.estimate_point).toBe(one.id);
    const removed = await scene.owner.client.request(
      'DELETE',
      `${scene.base}/estimates/${estimate.id}/estimate-points/${one.id}/`,
      {
        json: { new_estimate_id: two.id },
      },
    );
    expect(removed.status, removed.text).toBe(204);
    expect((await scene.owner.client.get(`${scene.base}/issues/${issue.id}/`)).body.estimate_point).toBe(
      two.id,
    );
  });
});
