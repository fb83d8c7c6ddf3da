import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMember, addProjectMember, createProject, createWorkspace, signUp } from '../../test/factories.ts';
import { LARGE_CSV_SPRINTS, sampleMemory, writeLargeJiraCsv } from '../../test/large-csv.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A large Jira export imported in the test's process, its memory sampled throughout (upload, dry
 * run, import): the figures are printed. `IMPORT_SCALE_ROWS` sets the size (5,000 by default here;
 * `npm run test:reliability` runs 100,000 against the production build, csv-import.reliability.test.ts).
 */
const ROWS = Number(process.env.IMPORT_SCALE_ROWS ?? 5_000);
const EMAILS = ['ana.lima@example.com', 'ben.okafor@example.com'];

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-import-scale-'));
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it(`imports ${ROWS.toLocaleString('en')} rows with memory that does not grow with the file`, async () => {
  const owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  const project = await createProject(owner, slug, { identifier: 'BIG' });
  const base = `/api/workspaces/${slug}/projects/${project.id}`;
  for (const email of EMAILS) {
    const member = await addMember(t, owner, slug, 15, email);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
  }
  const estimate = await owner.client.post(`${base}/estimates/`, {
    estimate: { name: 'Story points', type: 'points' },
    estimate_points: ['1', '2', '3', '5', '8'].map((value, key) => ({ key, value })),
  });
  await owner.client.patch(`${base}/`, { estimate: estimate.body.id });
  const file = path.join(dir, 'jira-large.csv');
  const bytes = await writeLargeJiraCsv(file, ROWS, EMAILS);

  const memory = sampleMemory();
  const clock = { start: performance.now(), marks: [] as number[] };
  const mark = () => clock.marks.push((performance.now() - clock.start) / 1000);

  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), 'jira-large.csv');
  const uploaded = await owner.client.request('POST', `${base}/imports/`, { multipart: form });
  expect(uploaded.status, uploaded.text).toBe(201);
  expect(uploaded.body).toMatchObject({ preset: 'jira', total_rows: ROWS });
  mark();
  const id = uploaded.body.id as string;
  await owner.client.patch(`${base}/imports/${id}/`, {
    options: { create_missing_states: true, create_missing_labels: true, create_missing_cycles: true },
  });
  const dry = await owner.client.post(`${base}/imports/${id}/dry-run/`);
  expect(dry.status, dry.text).toBe(200);
  expect(dry.body.counts).toEqual({ created: ROWS, updated: 0, unchanged: 0, refused: 0 });
  mark();
  expect((await owner.client.post(`${base}/imports/${id}/start/`)).status).toBe(200);
  while (await t.services.imports.processNext()) {}
  mark();
  const figures = memory.stop();

  const done = (await owner.client.get(`${base}/imports/${id}/`)).body;
  expect(done).toMatchObject({ status: 'completed', rows_done: ROWS, refusals_count: 0 });
  expect(done.counts).toEqual({ created: ROWS, updated: 0, unchanged: 0, refused: 0 });
  const [counts] = await t.database.raw<{ items: number; parents: number; cycles: number; numbers: number }>(
    `select count(*)::int as items, count(parent_id)::int as parents, count(distinct cycle_id)::int as cycles,
       count(distinct sequence_id)::int as numbers
     from issues where project_id = $1 and deleted_at is null`,
    [project.id],
  );
  expect(counts).toEqual({
    items: ROWS,
    parents: Array.from({ length: ROWS }, (_, i) => i + 1).filter((i) => i % 7 === 0 && (i - 1) % 50 !== 0)
      .length,
    cycles: LARGE_CSV_SPRINTS.length,
    numbers: ROWS,
  });

  const [upload, dryRun, run] = clock.marks as [number, number, number];
  console.log(
    `CSV import of ${ROWS.toLocaleString('en')} rows (${(bytes / 1024 / 1024).toFixed(1)} MB, ${t.database.kind}): ` +
      `upload ${upload.toFixed(1)} s, dry run ${(dryRun - upload).toFixed(1)} s, import ${(run - dryRun).toFixed(1)} s ` +
      `(${Math.round(ROWS / (run - dryRun))} rows/s); test process RSS ${figures.startRssMb} → peak ${figures.peakRssMb} MB, ` +
      `JS heap ${figures.startHeapMb} → peak ${figures.peakHeapMb} MB, ` +
      `live after collection ${figures.startHeapMb} → peak ${figures.peakLiveHeapMb} MB (+${figures.liveGrowthMb} MB)`,
  );
  // Holding the rows would take several times the file's size; streaming holds one batch.
  expect(figures.liveGrowthMb).toBeLessThan(48);
}, 900_000);
