import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { claimQueuedExport, EXPORT_GAVE_UP, EXPORT_MAX_ATTEMPTS, finishExport } from './exports.repo.ts';

let t: TestApp;
let owner: SignedIn;
let slug: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

describe('issue exports', () => {
  it('queues, produces and serves CSV and JSON to their creator only', async () => {
    const project = await createProject(owner, slug, { identifier: 'WEB' });
    const base = `/api/workspaces/${slug}/projects/${project.id}`;
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'bug' })).body;
    await owner.client.post(`${base}/issues/`, {
      name: 'Fix, "quoted" =bad',
      label_ids: [label.id],
      priority: 'high',
    });
    await owner.client.post(`${base}/issues/`, { name: 'Second' });
    const url = `/api/workspaces/${slug}/export-issues/`;

    const queued = await owner.client.post(url, { provider: 'csv', project: [project.id] });
    expect(queued.status, queued.text).toBe(201);
    expect(queued.body).toMatchObject({
      status: 'queued',
      url: null,
      provider: 'csv',
      project: [project.id],
    });
    expect(await t.services.exports.processNext()).toBe(true);
    expect(await t.services.exports.processNext()).toBe(false);
    const listed = await owner.client.get(url);
    expect(listed.body.results[0]).toMatchObject({ status: 'completed' });
    const csv = await owner.client.get(listed.body.results[0].url);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.csv"$/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'key,name,state,state_group,priority,assignees,labels,start_date,target_date,parent,created_at,updated_at,completed_at',
    );
    expect(lines[1]).toMatch(/^WEB-1,"Fix, ""quoted"" =bad",Backlog,backlog,high,,bug,/);

    await owner.client.post(url, { provider: 'json', project: [project.id] });
    await t.services.exports.processNext();
    const latest = (await owner.client.get(url)).body.results[0];
    const json = JSON.parse((await owner.client.get(latest.url)).text);
    expect(json.map((r: { key: string }) => r.key)).toEqual(['WEB-1', 'WEB-2']);

    const member = await addMember(t, owner, slug, 15);
    expect((await member.client.get(url)).body.total_count).toBe(0);
    expect((await member.client.get(latest.url)).status).toBe(404);
    expect((await member.client.post(url, { provider: 'csv', project: [project.id] })).status).toBe(404);
    expect((await owner.client.post(url, { provider: 'xlsx', project: [project.id] })).status).toBe(400);
    const viewer = await addMember(t, owner, slug, 10);
    expect((await viewer.client.post(url, { provider: 'csv', project: [project.id] })).status).toBe(403);
  });

  it('takes again an export whose worker died mid-export once its claim lapses, and completes it', async () => {
    const project = await createProject(owner, slug, { identifier: 'WEB' });
    await owner.client.post(`/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: 'One' });
    const url = `/api/workspaces/${slug}/export-issues/`;
    const queued = (await owner.client.post(url, { provider: 'csv', project: [project.id] })).body;

    // A worker claims it and dies (kill -9): the row stays processing.
    const abandoned = await claimQueuedExport(t.services.db, 60);
    expect(abandoned?.id).toBe(queued.id);
    expect(await t.services.exports.processNext()).toBe(false);
    expect((await owner.client.get(url)).body.results[0].status).toBe('processing');

    await t.database.raw(
      `update issue_exports set claim_expires_at = now() - interval '1 second' where id = $1`,
      [queued.id],
    );
    expect(await t.services.exports.processNext()).toBe(true);
    const done = (await owner.client.get(url)).body.results[0];
    expect(done).toMatchObject({ id: queued.id, status: 'completed' });
    expect((await owner.client.get(done.url)).text).toContain('WEB-1,One,');

    // The first worker's late word (it was only slow) does not undo the newer claim's result.
    await finishExport(t.services.db, abandoned!, { status: 'failed', error: 'late' });
    expect((await owner.client.get(url)).body.results[0].status).toBe('completed');
    expect(await t.services.exports.processNext()).toBe(false);
  });

  it('fails an export whose worker died on each of its attempts instead of taking it for ever', async () => {
    const project = await createProject(owner, slug, { identifier: 'OOM' });
    const url = `/api/workspaces/${slug}/export-issues/`;
    const queued = (await owner.client.post(url, { provider: 'csv', project: [project.id] })).body;
    const lapse = () =>
      t.database.raw(
        `update issue_exports set claim_expires_at = now() - interval '1 second' where id = $1`,
        [queued.id],
      );
    for (let attempt = 1; attempt <= EXPORT_MAX_ATTEMPTS; attempt++) {
      // Claimed, then the worker dies and its claim lapses.
      expect((await claimQueuedExport(t.services.db, 60))?.id).toBe(queued.id);
      await lapse();
    }
    expect(await t.services.exports.processNext()).toBe(false);
    const failed = (await owner.client.get(url)).body.results.find((e: { id: string }) => e.id === queued.id);
    expect(failed.status).toBe('failed');
    const [row] = await t.database.raw<{ error: string; attempts: number }>(
      'select error, attempts from issue_exports where id = $1',
      [queued.id],
    );
    expect(row).toEqual({ error: EXPORT_GAVE_UP, attempts: EXPORT_MAX_ATTEMPTS });
  });
});
