import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
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
import { createIssueImportWrites } from '../issues/import-writes.ts';
import { claimImport } from './imports.repo.ts';
import { createImportsService } from './imports.service.ts';
import { createImportRunner } from './run-import.ts';

/**
 * CSV imports through HTTP into a real database: each preset with a sample of its tool's export
 * (fixtures/), a file with bad rows, a second import of the same file, an import stopped and
 * resumed, and the refusals of the routes.
 */

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

let t: TestApp;
let owner: SignedIn;
let ana: SignedIn;
let ben: SignedIn;
let slug: string;
let project: { id: string; identifier: string };
let base: string;

beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug, { identifier: 'MIG', name: 'Migration' });
  base = `/api/workspaces/${slug}/projects/${project.id}`;
  ana = await addMember(t, owner, slug, 15, 'ana.lima@example.com');
  ben = await addMember(t, owner, slug, 15, 'ben.okafor@example.com');
  await addProjectMember(owner, slug, project.id, ana.user.id, 15);
  await addProjectMember(owner, slug, project.id, ben.user.id, 15);
});
afterEach(() => t.close());

async function upload(client: Client, bytes: Buffer | string, name = 'export.csv', query = '') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
  return client.request('POST', `${base}/imports/${query}`, { multipart: form });
}

/** Runs the import worker until the queue is empty (its timer does this in the server). */
async function drain() {
  while (await t.services.imports.processNext()) {}
}

/** Uploads, sets the options, dry-runs, starts and runs an import; answers the finished import. */
async function importFile(file: Buffer | string, body: Record<string, unknown> = {}, query = '') {
  const created = await upload(owner.client, file, 'export.csv', query);
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  if (Object.keys(body).length > 0) {
    const patched = await owner.client.patch(`${base}/imports/${id}/`, body);
    expect(patched.status, patched.text).toBe(200);
  }
  const dry = await owner.client.post(`${base}/imports/${id}/dry-run/`);
  expect(dry.status, dry.text).toBe(200);
  const started = await owner.client.post(`${base}/imports/${id}/start/`);
  expect(started.status, started.text).toBe(200);
  expect(started.body.status).toBe('queued');
  await drain();
  const done = await owner.client.get(`${base}/imports/${id}/`);
  expect(done.body.status, done.body.error).toBe('completed');
  return { created: created.body, dry: dry.body, done: done.body };
}

const CREATE_ALL = {
  options: { create_missing_states: true, create_missing_labels: true, create_missing_cycles: true },
};

interface ItemRow {
  id: string;
  sequence_id: number;
  name: string;
  description_html: string;
  priority: string;
  state: string;
  state_group: string;
  labels: string[];
  assignees: string[];
  cycle: string | null;
  estimate: string | null;
  start_date: string | null;
  target_date: string | null;
  created_at: Date;
  parent: string | null;
  sub_issues_count: number;
  external_source: string | null;
  external_id: string | null;
  updated_at: Date;
}

/** The project's work items as names (states, labels, emails, cycles, points, the parent's name). */
async function items(): Promise<Map<string, ItemRow>> {
  const rows = await t.database.raw<ItemRow>(
    `select i.id, i.sequence_id, i.name, i.description_html, i.priority, s.name as state, s."group" as state_group,
       coalesce((select array_agg(l.name order by l.name) from labels l where l.id = any(i.label_ids)), '{}') as labels,
       coalesce((select array_agg(u.email order by u.email) from users u where u.id = any(i.assignee_ids)), '{}') as assignees,
       (select c.name from cycles c where c.id = i.cycle_id) as cycle,
       (select p.value from estimate_points p where p.id = i.estimate_point_id) as estimate,
       to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.target_date, 'YYYY-MM-DD') as target_date,
       i.created_at, (select pi.name from issues pi where pi.id = i.parent_id) as parent, i.sub_issues_count,
       i.external_source, i.external_id, i.updated_at
     from issues i join states s on s.id = i.state_id
     where i.project_id = $1 and i.deleted_at is null order by i.sequence_id`,
    [project.id],
  );
  return new Map(rows.map((r) => [r.name, r]));
}

async function activityCount(): Promise<number> {
  const [row] = await t.database.raw<{ n: number }>(
    'select count(*)::int as n from activities where project_id = $1',
    [project.id],
  );
  return row!.n;
}

async function useEstimate(values: string[]) {
  const created = await owner.client.post(`${base}/estimates/`, {
    estimate: { name: 'Story points', type: 'points' },
    estimate_points: values.map((value, key) => ({ key, value })),
  });
  expect(created.status, created.text).toBe(201);
  const set = await owner.client.patch(`${base}/`, { estimate: created.body.id });
  expect(set.status, set.text).toBe(200);
}

describe('presets: a sample of each tool’s export', () => {
  it('imports a Jira export: repeated Labels and Sprint columns, Jira dates and priorities, parents listed after their children', async () => {
    await useEstimate(['1', '2', '3', '5', '8']);
    const uploaded = await upload(owner.client, fixture('jira.csv'), 'Jira.csv');
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toMatchObject({
      status: 'uploaded',
      filename: 'Jira.csv',
      preset: 'jira',
      detected_preset: 'jira',
      delimiter: ',',
      total_rows: 6,
      rows_done: 0,
      dry_run: null,
      refusals: [],
      refusals_count: 0,
    });
    expect(uploaded.body.header).toHaveLength(21);
    expect(uploaded.body.preview).toHaveLength(5);
    expect(uploaded.body.preview[0][0]).toBe('Checkout fails for guest users');
    expect(uploaded.body.mapping.filter((f: string | null) => f === 'labels')).toHaveLength(2);

    const { dry, done } = await importFile(fixture('jira.csv'), CREATE_ALL);
    expect(dry).toMatchObject({
      total_rows: 6,
      counts: { created: 6, updated: 0, unchanged: 0, refused: 0 },
    });
    expect(done).toMatchObject({
      rows_done: 6,
      counts: { created: 6, updated: 0, unchanged: 0, refused: 0 },
    });

    const all = await items();
    expect(all.size).toBe(6);
    const checkout = all.get('Checkout fails for guest users')!;
    expect(checkout).toMatchObject({
      priority: 'urgent',
      state: 'In Progress',
      labels: ['checkout', 'payments'],
      assignees: ['ana.lima@example.com'],
      cycle: 'Sprint 2',
      estimate: '5',
      target_date: '2024-01-19',
      parent: 'Checkout revamp',
      external_source: 'jira',
      external_id: '10101',
    });
    expect(checkout.created_at.toISOString()).toBe('2024-01-02T09:15:00.000Z');
    expect(checkout.description_html).toContain('&lt;WELCOME10&gt;');
    expect(all.get('Payment provider timeout handling')).toMatchObject({
      state: 'To Do',
      state_group: 'unstarted',
      priority: 'high',
      parent: 'Checkout fails for guest users',
    });
    expect(all.get('Search returns stale results')).toMatchObject({
      state: 'In Review',
      state_group: 'started',
      priority: 'low',
    });
    expect(all.get('Redesign cart page')).toMatchObject({ state_group: 'completed', cycle: 'Sprint 1' });
    expect(all.get('Checkout revamp')).toMatchObject({ sub_issues_count: 2, parent: null });
    // Numbered in file order, as one range.
    expect([...all.values()].map((i) => i.sequence_id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('imports a Linear export: Markdown descriptions, assignees by name, "No priority", cycles by name', async () => {
    expect((await ana.client.patch('/api/users/me/', { display_name: 'Ana Lima' })).status).toBe(200);
    expect((await ben.client.patch('/api/users/me/', { display_name: 'Ben Okafor' })).status).toBe(200);
    await useEstimate(['1', '2', '3', '5']);
    const { created, done } = await importFile(fixture('linear.csv'), CREATE_ALL);
    expect(created.preset).toBe('linear');
    expect(done.counts).toEqual({ created: 5, updated: 0, unchanged: 0, refused: 0 });
    const all = await items();
    expect(all.get('Dark mode')).toMatchObject({
      priority: 'high',
      state: 'In Progress',
      assignees: ['ana.lima@example.com'],
      labels: ['Frontend', 'UX'],
      cycle: 'Cycle 12',
      estimate: '3',
      target_date: '2024-03-29',
      external_source: 'linear',
      external_id: 'ENG-41',
      sub_issues_count: 2,
    });
    expect(all.get('Dark mode')!.description_html).toContain('<strong>dark mode</strong>');
    expect(all.get('Dark mode')!.description_html).toContain('<li>');
    expect(all.get('Dark mode: settings switch')).toMatchObject({ parent: 'Dark mode', state: 'Todo' });
    expect(all.get('Migrate to the new icon set')).toMatchObject({
      priority: 'none',
      state: 'Canceled',
      state_group: 'cancelled',
      assignees: [],
    });
    expect(all.get('Fix flaky login test')).toMatchObject({ priority: 'urgent', state: 'Done' });
  });

  it('imports an Asana export: sections as states, tags, assignee emails, parents by name', async () => {
    const { created, done } = await importFile(fixture('asana.csv'), CREATE_ALL);
    expect(created.preset).toBe('asana');
    expect(done.counts).toEqual({ created: 5, updated: 0, unchanged: 0, refused: 0 });
    const all = await items();
    expect(all.get('Plan the launch event')).toMatchObject({
      state: 'To do',
      labels: ['Events', 'Marketing'],
      assignees: ['ana.lima@example.com'],
      start_date: '2024-02-05',
      target_date: '2024-02-20',
      sub_issues_count: 3,
      external_source: 'asana',
      external_id: '1206001',
    });
    expect(all.get('Plan the launch event')!.description_html).toBe(
      '<p>Book the venue and the caterer.<br />Budget: 4,000 €</p>',
    );
    expect(all.get('Book the venue')).toMatchObject({
      state: 'Doing',
      state_group: 'started',
      parent: 'Plan the launch event',
    });
    expect(all.get('Choose the caterer')).toMatchObject({
      state: 'Done',
      assignees: ['ben.okafor@example.com'],
    });
  });

  it('imports GitHub issues: open and closed as the default and a completed state, milestones as cycles, logins as names', async () => {
    expect((await ana.client.patch('/api/users/me/', { display_name: 'ana-lima' })).status).toBe(200);
    expect((await ben.client.patch('/api/users/me/', { display_name: 'ben-okafor' })).status).toBe(200);
    const { created, done } = await importFile(fixture('github.csv'), {
      options: { create_missing_labels: true, create_missing_cycles: true },
    });
    expect(created.preset).toBe('github');
    expect(done.counts).toEqual({ created: 4, updated: 0, unchanged: 0, refused: 0 });
    const all = await items();
    expect(all.get('Crash when opening settings')).toMatchObject({
      state: 'Backlog',
      labels: ['bug', 'crash'],
      assignees: ['ana.lima@example.com'],
      cycle: 'v1.2',
      external_source: 'github-csv',
      external_id: '12',
    });
    expect(all.get('Crash when opening settings')!.description_html).toContain('<code>');
    expect(all.get('Typo on the pricing page')).toMatchObject({ state: 'Done', state_group: 'completed' });
    expect(all.get('Slow start on Windows')!.assignees).toEqual([
      'ana.lima@example.com',
      'ben.okafor@example.com',
    ]);
    expect(all.get('Slow start on Windows')!.description_html).not.toContain('<script');
    expect(all.get('Add export to PDF')!.cycle).toBe('v1.3');
  });
});

describe('bad rows and a second import', () => {
  const reasons = [
    { row: 3, reason: 'Name is empty' },
    { row: 4, reason: "Unknown priority 'whenever'" },
    { row: 5, reason: "Due date '31/31/2024' is not a date" },
    { row: 6, reason: "Assignee 'nobody@example.com' is not a member of the project with the member role" },
    {
      row: 7,
      reason: 'State \'Someday\' is not in the project (turn on "Create missing states" to make it)',
    },
    { row: 8, reason: "Duplicate external id '1' (first on row 2)" },
    {
      row: 10,
      reason: 'Label \'nonexistent\' is not in the project (turn on "Create missing labels" to make it)',
    },
  ];

  it('lists every refused row in the dry run, imports only the others, and a second import of the same file changes nothing', async () => {
    await owner.client.post(`${base}/issue-labels/`, { name: 'bug' });
    const first = await importFile(fixture('bad-rows.csv'));
    expect(first.dry).toEqual({
      total_rows: 9,
      counts: { created: 2, updated: 0, unchanged: 0, refused: 7 },
      refusals: reasons,
      refusals_count: 7,
    });
    expect(first.done).toMatchObject({
      status: 'completed',
      rows_done: 9,
      counts: { created: 2, updated: 0, unchanged: 0, refused: 7 },
      refusals: reasons,
      refusals_count: 7,
    });
    const paged = await owner.client.get(`${base}/imports/${first.created.id}/refusals/?per_page=5`);
    expect(paged.body).toMatchObject({ total_count: 7, count: 5, next_page_results: true });
    expect(paged.body.results).toEqual(reasons.slice(0, 5));
    const dryPaged = await owner.client.get(`${base}/imports/${first.created.id}/refusals/?run=dry_run`);
    expect(dryPaged.body.results).toEqual(reasons);

    const before = await items();
    expect([...before.keys()]).toEqual(['Good row', 'Another good row']);
    expect(before.get('Good row')).toMatchObject({
      priority: 'high',
      state: 'Todo',
      labels: ['bug'],
      assignees: ['ana.lima@example.com'],
      target_date: '2024-05-01',
      external_source: 'csv',
      external_id: '1',
    });
    const activities = await activityCount();

    const second = await importFile(fixture('bad-rows.csv'));
    expect(second.dry.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 7 });
    expect(second.done.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 7 });
    const after = await items();
    expect([...after.values()]).toEqual([...before.values()]);
    expect(await activityCount()).toBe(activities);

    // A row changed at the source is updated, field by field, once.
    const changed = fixture('bad-rows.csv')
      .toString()
      .replace('1,Good row,Todo,high', '1,Good row,Done,urgent');
    const third = await importFile(changed);
    expect(third.done.counts).toEqual({ created: 0, updated: 1, unchanged: 1, refused: 7 });
    expect((await items()).get('Good row')).toMatchObject({ priority: 'urgent', state: 'Done' });
    expect(await activityCount()).toBe(activities + 2);
    expect((await importFile(changed)).done.counts).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      refused: 7,
    });
  });

  it('finds a row without an external id again by its cells, and a work item deleted since is made again', async () => {
    const csv = 'Title,Status\nWrite the docs,Todo\nShip it,Done\n';
    expect((await importFile(csv)).done.counts).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 0 });
    expect((await importFile(csv)).done.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    const shipped = (await items()).get('Ship it')!;
    expect((await owner.client.delete(`${base}/issues/${shipped.id}/`)).status).toBe(204);
    expect((await importFile(csv)).done.counts).toEqual({ created: 1, updated: 0, unchanged: 1, refused: 0 });
    expect([...(await items()).keys()]).toEqual(['Write the docs', 'Ship it']);
  });

  it('adopts a work item made with the same external id instead of duplicating it', async () => {
    const made = await owner.client.post(`${base}/issues/`, {
      name: 'Old title',
      external_source: 'csv',
      external_id: 'A-1',
    });
    expect(made.status, made.text).toBe(201);
    const { done } = await importFile('id,title,priority\nA-1,New title,high\n');
    expect(done.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    const all = await items();
    expect([...all.keys()]).toEqual(['New title']);
    expect(all.get('New title')!.id).toBe(made.body.id);
  });
});

describe('running in the background', () => {
  it('stops after a committed batch and goes on from there, and an abandoned claim is taken again', async () => {
    const lines = ['id,title,priority'];
    for (let i = 1; i <= 1200; i++) lines.push(`${i},Item ${i},${['high', 'low', 'medium'][i % 3]}`);
    const created = (await upload(owner.client, lines.join('\n'))).body;
    await owner.client.post(`${base}/imports/${created.id}/start/`);

    // A shutdown while it runs: the worker stops before its next batch and hands the import back.
    // (A worker of its own, whose signal aborts as its first batch of 400 is written.)
    const stop = new AbortController();
    const writes = createIssueImportWrites({
      states: t.services.states,
      listChanges: t.services.listChanges,
    });
    const storage = createLocalStorage(t.uploads);
    const worker = createImportsService(t.services.db, {
      storage,
      fileSizeLimit: 1e9,
      runner: createImportRunner(t.services.db, {
        ...t.services,
        storage,
        leaseSeconds: 60,
        batchRows: 400,
        issueWrites: {
          ...writes,
          createMany: async (...args: Parameters<typeof writes.createMany>) => {
            stop.abort();
            return writes.createMany(...args);
          },
        },
      }),
    });
    expect(await worker.processNext(stop.signal)).toBe(false);
    const stopped = (await owner.client.get(`${base}/imports/${created.id}/`)).body;
    expect(stopped.status).toBe('running');
    expect(stopped.rows_done).toBe(400);
    expect((await items()).size).toBe(stopped.rows_done);

    // A worker claims it and dies (kill -9): the claim lapses, and the next worker goes on.
    const abandoned = await claimImport(t.services.db, 60);
    expect(abandoned?.id).toBe(created.id);
    expect(await t.services.imports.processNext()).toBe(false);
    await t.database.raw(
      `update issue_imports set claim_expires_at = now() - interval '1 second' where id = $1`,
      [created.id],
    );
    await drain();
    const done = (await owner.client.get(`${base}/imports/${created.id}/`)).body;
    expect(done).toMatchObject({ status: 'completed', rows_done: 1200, phase: null });
    expect(done.counts).toEqual({ created: 1200, updated: 0, unchanged: 0, refused: 0 });
    const all = await items();
    expect(all.size).toBe(1200);
    expect(new Set([...all.values()].map((i) => i.sequence_id)).size).toBe(1200);
    const listed = await owner.client.get(`${base}/imports/`);
    expect(listed.body.results.map((i: { id: string }) => i.id)).toEqual([created.id]);
  });
});

describe('refusals of the routes', () => {
  it('answers 401, 403, 404 and the import’s own 4xx codes', async () => {
    const csv = 'title\nOne\n';
    const created = (await upload(owner.client, csv)).body;
    const url = `${base}/imports/${created.id}/`;

    const anonymous = await upload(new Client(t.baseUrl), csv);
    expect(anonymous.status).toBe(401);
    const viewer = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, viewer.user.id, 10);
    expect((await upload(viewer.client, csv)).status).toBe(403);
    expect((await viewer.client.get(url)).status).toBe(403);
    const outsider = await signUp(t);
    expect((await outsider.client.get(url)).status).toBe(404);

    // Another workspace's import is not found, even under its own project's path.
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const otherProject = await createProject(other, otherSlug);
    const form = new FormData();
    form.append('file', new Blob([csv]), 'x.csv');
    const theirs = await other.client.request(
      'POST',
      `/api/workspaces/${otherSlug}/projects/${otherProject.id}/imports/`,
      {
        multipart: form,
      },
    );
    expect(theirs.status, theirs.text).toBe(201);
    expect((await owner.client.get(`${base}/imports/${theirs.body.id}/`)).status).toBe(404);
    expect((await owner.client.post(`${base}/imports/${theirs.body.id}/start/`)).status).toBe(404);

    const binary = await upload(owner.client, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
    expect(binary.status).toBe(400);
    expect(binary.body.error_code).toBe('IMPORT_FILE_INVALID');
    const open = await upload(owner.client, 'title,notes\nOne,"never closed\n');
    expect(open.body.error_code).toBe('IMPORT_FILE_INVALID');
    expect((await upload(owner.client, '')).body.error_code).toBe('IMPORT_FILE_INVALID');
    const noFile = await owner.client.request('POST', `${base}/imports/`, { multipart: new FormData() });
    expect(noFile.status).toBe(400);
    expect((await owner.client.post(`${base}/imports/`, { file: 'x' })).status).toBe(415);

    const wrongLength = await owner.client.patch(url, { mapping: ['name', null] });
    expect(wrongLength.body.error_code).toBe('IMPORT_MAPPING_INVALID');
    expect((await owner.client.patch(url, { mapping: ['bogus'] })).body.error_code).toBe('VALIDATION_ERROR');
    expect((await owner.client.patch(url, { mapping: [null] })).status).toBe(200);
    const unnamed = await owner.client.post(`${url}start/`);
    expect(unnamed.body.error_code).toBe('IMPORT_MAPPING_INVALID');
    expect((await owner.client.post(`${url}dry-run/`)).body.error_code).toBe('IMPORT_MAPPING_INVALID');
    expect((await owner.client.patch(url, { preset: 'auto' })).body.mapping).toEqual([null]);
    expect((await owner.client.patch(url, { mapping: ['name'] })).status).toBe(200);
    expect((await owner.client.post(`${url}start/`)).status).toBe(200);
    const again = await owner.client.post(`${url}start/`);
    expect(again.body.error_code).toBe('IMPORT_ALREADY_STARTED');
    const late = await owner.client.patch(url, { options: { create_missing_labels: true } });
    expect(late.body.error_code).toBe('IMPORT_NOT_EDITABLE');
    expect((await owner.client.get(`${base}/imports/00000000-0000-4000-8000-000000000000/`)).status).toBe(
      404,
    );
    expect((await owner.client.get(`${base}/imports/not-a-uuid/`)).status).toBe(404);
  });

  it('refuses a file over the size limit with 413 and keeps nothing of it', async () => {
    await t.close();
    t = await startTestApp({ IMPORT_FILE_SIZE_LIMIT: '1000' });
    owner = await signUp(t);
    slug = (await createWorkspace(owner)).slug;
    project = await createProject(owner, slug);
    base = `/api/workspaces/${slug}/projects/${project.id}`;
    const big = `title\n${'A long enough name\n'.repeat(100)}`;
    const res = await upload(owner.client, big);
    expect(res.status, res.text).toBe(413);
    expect(fs.readdirSync(t.uploads).flatMap((d) => fs.readdirSync(path.join(t.uploads, d)))).toEqual([]);
    expect((await upload(owner.client, 'title\nSmall\n')).status).toBe(201);
  });
});
