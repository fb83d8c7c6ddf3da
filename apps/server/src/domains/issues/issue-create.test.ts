import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../platform/db/schema.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { addMember, addProjectMember, createProject, createWorkspace, signUp } from '../../test/factories.ts';
import { issueScene } from '../../test/issue-scene.ts';
import { projectAccessOf } from '../../test/service-access.ts';

const ROW_KEYS = [
  'id',
  'name',
  'sequence_id',
  'state_id',
  'state__group',
  'priority',
  'sort_order',
  'estimate_point',
  'start_date',
  'target_date',
  'completed_at',
  'archived_at',
  'project_id',
  'parent_id',
  'cycle_id',
  'module_ids',
  'label_ids',
  'assignee_ids',
  'sub_issues_count',
  'attachment_count',
  'link_count',
  'is_draft',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
];

const scene = issueScene();
const { create, state } = scene;

describe('creating work items', () => {
  it('creates with defaults: next sequence id, default state, sort order, sanitised description', async () => {
    const first = await create({ name: ' First ', description_html: '<p>hi<script>x()</script></p>' });
    expect(Object.keys(first)).toEqual(expect.arrayContaining(ROW_KEYS));
    expect(first).toMatchObject({
      name: 'First',
      sequence_id: 1,
      state_id: state('Backlog').id,
      state__group: 'backlog',
      priority: 'none',
      sort_order: 65535,
      description_html: '<p>hi</p>',
      label_ids: [],
      assignee_ids: [],
      is_draft: false,
      completed_at: null,
    });
    const second = await create({ name: 'Second', state_id: state('Done').id, priority: 'high' });
    expect(second).toMatchObject({ sequence_id: 2, state__group: 'completed', sort_order: 65535 });
    expect(second.completed_at).toMatch(/Z$/);
    const third = await create({ name: 'Third' });
    expect(third.sort_order).toBe(75535);
    const read = await scene.owner.client.get(`${scene.base}/issues/${first.id}/`);
    expect(read.body).toMatchObject({ id: first.id, description_html: '<p>hi</p>' });
  });

  it('refuses bad references and dates with field messages', async () => {
    const other = await signUp(scene.t);
    const otherSlug = (await createWorkspace(other)).slug;
    const otherProject = await createProject(other, otherSlug);
    const foreignState = (
      await other.client.get(`/api/workspaces/${otherSlug}/projects/${otherProject.id}/states/`)
    ).body[0];
    const viewer = await addMember(scene.t, scene.owner, scene.slug, 10);
    await addProjectMember(scene.owner, scene.slug, scene.projectId, viewer.user.id, 10);
    const bad = await scene.owner.client.post(`${scene.base}/issues/`, {
      name: 'x',
      state_id: foreignState.id,
      start_date: '2026-05-10',
      target_date: '2026-05-01',
      assignee_ids: [viewer.user.id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      state_id: 'Must be a state of this project',
      target_date: 'Start date cannot exceed target date',
      assignee_ids: 'Assignees must be project members with the member role or above',
    });
    expect((await scene.owner.client.post(`${scene.base}/issues/`, { name: '' })).body.fields).toHaveProperty(
      'name',
    );
    expect(
      (await scene.owner.client.post(`${scene.base}/issues/`, { name: 'x', priority: 'asap' })).status,
    ).toBe(400);
    expect(
      (
        await scene.owner.client.post(`${scene.base}/issues/`, {
          name: 'x',
          label_ids: ['00000000-0000-4000-8000-000000000000'],
        })
      ).body.fields,
    ).toHaveProperty('label_ids');
    const withTimestamp = await create({ name: 'dates', start_date: '2026-05-01T22:00:00.000Z' });
    expect(withTimestamp.start_date).toBe('2026-05-01');
  });

  it('gives 50 parallel creates 50 distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        scene.owner.client.post(`${scene.base}/issues/`, { name: `Parallel ${n}` }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => r.body.sequence_id).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
  });

  it('creates inside a caller’s write: kept or undone with it, the lists told once it commits', async () => {
    const { project, user } = await projectAccessOf(scene.t, scene.owner, scene.slug, scene.projectId);
    const told = vi.spyOn(scene.t.services.listChanges, 'itemChanged');
    const failed = withTransaction(scene.t.services.db, undefined, async (write) => {
      await scene.t.services.issues.create(project, user, { name: 'Undone' }, write);
      throw new Error('a later step failed');
    });
    await expect(failed).rejects.toThrow('a later step failed');
    expect(told).not.toHaveBeenCalled();
    // A cached page: only the announcement after the commit can make it show the new item.
    expect((await scene.owner.client.get(`${scene.base}/issues/`)).body.total_count).toBe(0);
    const kept = await withTransaction(scene.t.services.db, undefined, async (write) => {
      const item = await scene.t.services.issues.create(project, user, { name: 'Kept' }, write);
      expect(told).not.toHaveBeenCalled();
      return item;
    });
    expect(told).toHaveBeenCalledTimes(1);
    expect(told.mock.calls[0]![1]).toMatchObject({ id: kept.id, before: null });
    const list = await scene.owner.client.get(`${scene.base}/issues/`);
    expect(list.body.results.map((r: { name: string }) => r.name)).toEqual(['Kept']);
    // The undone create took no number and left no event.
    expect(kept.sequence_id).toBe(1);
    const events = (await scene.t.services.db.select().from(outbox)).filter((e) =>
      e.topic.startsWith('issue.'),
    );
    expect(events.map((e) => [e.topic, e.payload.issue_id])).toEqual([['issue.created', kept.id]]);
  });
});
