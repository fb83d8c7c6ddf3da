import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activities } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { projectAccessOf } from '../../test/service-access.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: SignedIn;
let slug: string;
let project: { id: string; identifier: string };
let base: string;
let states: { id: string; group: string }[];
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug, { identifier: 'WEB' });
  base = `/api/workspaces/${slug}/projects/${project.id}`;
  states = (await owner.client.get(`${base}/states/`)).body;
});
afterEach(() => t.close());

const create = async (body: Record<string, unknown>) =>
  (await owner.client.post(`${base}/issues/`, body)).body;
const stateOf = (group: string) => states.find((s) => s.group === group)!.id;

describe('bulk operations', () => {
  it('updates many work items in one transaction, all or nothing', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const updated = await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { priority: 'urgent', state_id: stateOf('started'), assignee_ids: [owner.user.id] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(
      updated.body.map((r: { priority: string; state__group: string }) => [r.priority, r.state__group]),
    ).toEqual([
      ['urgent', 'started'],
      ['urgent', 'started'],
    ]);
    const missing = await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id, '00000000-0000-4000-8000-000000000000'],
      properties: { priority: 'low' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Issue not found');
    expect((await owner.client.get(`${base}/issues/${a.id}/`)).body.priority).toBe('urgent');
    const badDates = await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id],
      properties: { start_date: '2026-06-02', target_date: '2026-06-01' },
    });
    expect(badDates.status).toBe(400);
  });

  it('archives only when every work item is closed, and deletes for admins', async () => {
    const done = await create({ name: 'Done', state_id: stateOf('completed') });
    const open = await create({ name: 'Open' });
    const refused = await owner.client.post(`${base}/bulk-archive-issues/`, {
      issue_ids: [done.id, open.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('ARCHIVE_NOT_ALLOWED');
    expect(Object.keys(refused.body.fields)).toEqual([open.id]);
    expect((await owner.client.get(`${base}/issues/${done.id}/`)).body.archived_at).toBeNull();
    const archived = await owner.client.post(`${base}/bulk-archive-issues/`, { issue_ids: [done.id] });
    expect(archived.body.archived_at).toMatch(/Z$/);

    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    expect(
      (
        await member.client.request('DELETE', `${base}/bulk-delete-issues/`, {
          json: { issue_ids: [open.id] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await owner.client.request('DELETE', `${base}/bulk-delete-issues/`, {
          json: { issue_ids: [open.id] },
        })
      ).status,
    ).toBe(204);
    expect((await owner.client.get(`${base}/issues/${open.id}/`)).status).toBe(404);
  });
});

describe('issue dates', () => {
  it('moves gantt bars in one transaction and refuses inverted dates for all', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const moved = await owner.client.post(`${base}/issue-dates/`, {
      updates: [
        { id: a.id, start_date: '2026-06-01', target_date: '2026-06-05' },
        { id: b.id, target_date: '2026-06-10' },
      ],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(
      moved.body.map((r: { start_date: string; target_date: string }) => [r.start_date, r.target_date]),
    ).toEqual([
      ['2026-06-01', '2026-06-05'],
      [null, '2026-06-10'],
    ]);
    const refused = await owner.client.post(`${base}/issue-dates/`, {
      updates: [
        { id: b.id, start_date: '2026-07-01' },
        { id: a.id, start_date: '2026-06-09' },
      ],
    });
    expect(refused.status).toBe(400);
    expect((await owner.client.get(`${base}/issues/${b.id}/`)).body.start_date).toBeNull();
  });
});

describe('bulk writes inside a caller’s write', () => {
  it('put items into a cycle and a module together with the caller’s other steps, or not at all', async () => {
    const cycle = (await owner.client.post(`${base}/cycles/`, { name: 'Now' })).body;
    const module = (await owner.client.post(`${base}/modules/`, { name: 'Theme' })).body;
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const { project: access, user } = await projectAccessOf(t, owner, slug, project.id);
    const plan = async (write: WriteTx) => {
      await t.services.issues.setCycle(access, user, [a.id, b.id], cycle.id, write);
      await t.services.issues.changeModules(access, user, [a.id], { add: [module.id] }, write);
    };
    const planning = async () =>
      Promise.all(
        [a, b].map(async (item) => {
          const { cycle_id, module_ids } = (await owner.client.get(`${base}/issues/${item.id}/`)).body;
          return { cycle_id, module_ids };
        }),
      );
    const failed = withTransaction(t.services.db, undefined, async (write) => {
      await plan(write);
      throw new Error('a later step failed');
    });
    await expect(failed).rejects.toThrow('a later step failed');
    expect(await planning()).toEqual([
      { cycle_id: null, module_ids: [] },
      { cycle_id: null, module_ids: [] },
    ]);
    const recorded = async () =>
      (await t.services.db.select().from(activities)).filter(
        (r) => r.field === 'cycle' || r.field === 'modules',
      );
    expect(await recorded()).toEqual([]);
    await withTransaction(t.services.db, undefined, plan);
    expect(await planning()).toEqual([
      { cycle_id: cycle.id, module_ids: [module.id] },
      { cycle_id: cycle.id, module_ids: [] },
    ]);
    expect(await recorded()).toHaveLength(3);
  });
});
