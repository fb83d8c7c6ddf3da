import { describe, expect, it, vi } from 'vitest';
import { activities, outbox } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import { addMember, addProjectMember } from '../../test/factories.ts';
import { issueScene } from '../../test/issue-scene.ts';
import { projectAccessOf } from '../../test/service-access.ts';

const scene = issueScene();
const { create, state } = scene;

describe('editing work items', () => {
  it('updates fields, replaces label and assignee sets, tracks parents and records activity', async () => {
    const label = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'bug' })).body;
    const parent = await create({ name: 'Parent' });
    const child = await create({ name: 'Child', parent_id: parent.id, label_ids: [label.id] });
    expect((await scene.owner.client.get(`${scene.base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(
      1,
    );
    const cycle = await scene.owner.client.patch(`${scene.base}/issues/${parent.id}/`, {
      parent_id: child.id,
    });
    expect(cycle.body.fields).toEqual({ parent_id: 'A work item cannot be its own ancestor' });
    const updated = await scene.owner.client.patch(`${scene.base}/issues/${child.id}/`, {
      name: 'Renamed',
      label_ids: [],
      assignee_ids: [scene.owner.user.id],
      parent_id: null,
      state_id: state('In Progress').id,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Renamed',
      label_ids: [],
      assignee_ids: [scene.owner.user.id],
      parent_id: null,
      state__group: 'started',
    });
    expect((await scene.owner.client.get(`${scene.base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(
      0,
    );
    const rows = await scene.t.services.db.select().from(activities);
    const fields = rows
      .filter((r) => r.issue_id === child.id && r.verb === 'updated')
      .map((r) => r.field)
      .sort();
    expect(fields).toEqual(['assignees', 'labels', 'name', 'parent', 'state']);
    // The same transactions queued events for notifications, webhooks and realtime.
    const events = (await scene.t.services.db.select().from(outbox)).filter(
      (e) => e.payload.issue_id === child.id,
    );
    expect(events.map((e) => e.topic)).toEqual(['issue.created', 'issue.updated']);
    expect(Object.keys(events[1]!.payload.changes as object).sort()).toEqual(fields);
  });

  it('lets the creator edit their own work item below member, not another’s (api.md §5.5: P15 +creator)', async () => {
    const author = await addMember(scene.t, scene.owner, scene.slug, 15);
    const membership = await addProjectMember(scene.owner, scene.slug, scene.projectId, author.user.id, 15);
    const own = await create({ name: 'Mine' }, author.client);
    const theirs = await create({ name: 'Theirs' });
    const demoted = await scene.owner.client.patch(`${scene.base}/members/${membership.id}/`, { role: 10 });
    expect(demoted.status, demoted.text).toBe(200);
    const edited = await author.client.patch(`${scene.base}/issues/${own.id}/`, { name: 'Still mine' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.name).toBe('Still mine');
    expect((await author.client.patch(`${scene.base}/issues/${theirs.id}/`, { name: 'No' })).status).toBe(
      403,
    );
  });

  it('edits inside a caller’s write on both paths, undone with it, the lists told once it commits', async () => {
    const item = await create({ name: 'Item' });
    const { project, user } = await projectAccessOf(scene.t, scene.owner, scene.slug, scene.projectId);
    const told = vi.spyOn(scene.t.services.listChanges, 'itemChanged');
    // A priority is one statement against the version read; new assignees take the locked path.
    const edit = (write: WriteTx) =>
      scene.t.services.issues
        .update(project, user, item.id, { priority: 'urgent' }, false, write)
        .then(() =>
          scene.t.services.issues.update(project, user, item.id, { assignee_ids: [user.id] }, false, write),
        );
    const failed = withTransaction(scene.t.services.db, undefined, async (write) => {
      await edit(write);
      throw new Error('a later step failed');
    });
    await expect(failed).rejects.toThrow('a later step failed');
    expect(told).not.toHaveBeenCalled();
    expect((await scene.owner.client.get(`${scene.base}/issues/${item.id}/`)).body).toMatchObject({
      priority: 'none',
      assignee_ids: [],
    });
    const updates = async () => {
      const rows = await scene.t.services.db.select().from(activities);
      return rows.filter((r) => r.issue_id === item.id && r.verb === 'updated').map((r) => r.field);
    };
    expect(await updates()).toEqual([]);
    await withTransaction(scene.t.services.db, undefined, async (write) => {
      await edit(write);
      expect(told).not.toHaveBeenCalled();
    });
    expect(told).toHaveBeenCalledTimes(2);
    expect((await scene.owner.client.get(`${scene.base}/issues/${item.id}/`)).body).toMatchObject({
      priority: 'urgent',
      assignee_ids: [user.id],
    });
    expect((await updates()).sort()).toEqual(['assignees', 'priority']);
  });
});
