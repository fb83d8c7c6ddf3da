import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: SignedIn;
let base: string;
let projectId: string;
let states: { id: string; group: string }[];
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  states = (await owner.client.get(`${base}/states/`)).body;
});
afterEach(() => t.close());

const stateOf = (group: string) => states.find((s) => s.group === group)!.id;
const create = async (body: Record<string, unknown>, path = 'issues') => {
  const res = await owner.client.post(`${base}/${path}/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
};

type Counts = Record<string, { total_results: number } & Record<string, unknown>>;
/** Per-group totals as the board shows them (from the counters: no filters). */
async function boardCounts(groupBy: string, subGroupBy?: string) {
  const sub = subGroupBy ? `&sub_group_by=${subGroupBy}` : '';
  const res = await owner.client.get(`${base}/issues/?group_by=${groupBy}${sub}&per_page=1`);
  expect(res.status, res.text).toBe(200);
  return { total: res.body.total_count as number, groups: totals(res.body.results, !!subGroupBy) };
}
/** The same, counted row by row: an all-priorities filter keeps the set but skips the counters. */
async function exactCounts(groupBy: string, subGroupBy?: string) {
  const sub = subGroupBy ? `&sub_group_by=${subGroupBy}` : '';
  const res = await owner.client.get(
    `${base}/issues/?group_by=${groupBy}${sub}&per_page=1&priority=urgent,high,medium,low,none`,
  );
  return { total: res.body.total_count as number, groups: totals(res.body.results, !!subGroupBy) };
}
function totals(results: Counts, nested: boolean): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, group] of Object.entries(results)) {
    if (!nested) out[key] = group.total_results;
    else
      for (const [subKey, cell] of Object.entries(group.results as unknown as Counts))
        out[`${key}/${subKey}`] = cell.total_results;
  }
  return out;
}
async function expectCountersExact() {
  for (const [g, s] of [['state_id'], ['priority'], ['state__group'], ['priority', 'state_id']] as const) {
    expect(await boardCounts(g, s)).toEqual(await exactCounts(g, s));
  }
}

describe('board counters', () => {
  it('follow creates, moves, priority changes, bulk edits, archive, restore, delete and drafts', async () => {
    const a = await create({ name: 'A', priority: 'high' });
    const b = await create({ name: 'B', state_id: stateOf('started') });
    const c = await create({ name: 'C', state_id: stateOf('completed'), priority: 'urgent' });
    const d = await create({ name: 'D', state_id: stateOf('cancelled') });
    const draft = await create({ name: 'Draft' }, 'issue-drafts');
    await expectCountersExact();
    expect((await boardCounts('state_id')).total).toBe(4);

    await owner.client.patch(`${base}/issues/${a.id}/`, { state_id: stateOf('unstarted') });
    await owner.client.patch(`${base}/issues/${b.id}/`, { priority: 'low' });
    await owner.client.patch(`${base}/issues/${b.id}/`, { name: 'B renamed' });
    await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { priority: 'medium', state_id: stateOf('completed') },
    });
    await expectCountersExact();

    expect((await owner.client.post(`${base}/issues/${c.id}/archive/`)).status).toBe(200);
    await expectCountersExact();
    expect((await boardCounts('state_id')).total).toBe(3);
    expect((await owner.client.delete(`${base}/issues/${c.id}/archive/`)).status).toBe(204);
    expect((await owner.client.delete(`${base}/issues/${d.id}/`)).status).toBe(204);
    const published = await owner.client.patch(`${base}/issue-drafts/${draft.id}/`, { is_draft: false });
    expect(published.status, published.text).toBe(200);
    await expectCountersExact();
    expect((await boardCounts('priority')).groups).toMatchObject({ medium: 2, urgent: 1, none: 1, high: 0 });

    // Folding the deltas changes no count and leaves at most one row per (state, priority).
    const before = await boardCounts('priority', 'state_id');
    expect(await t.services.issues.compactCounters(0)).toBeGreaterThan(4);
    const rows = await queryRows<{ n: number }>(
      t.services.db,
      sql`select count(*)::int as n from issue_count_deltas where project_id = ${projectId}`,
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(4);
    expect(await boardCounts('priority', 'state_id')).toEqual(before);
    await expectCountersExact();
  });

  it('stay exact when work items move both ways between two states at once', async () => {
    const todo = stateOf('unstarted');
    const doing = stateOf('started');
    const left = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create({ name: `L${i}`, state_id: todo })),
    );
    const right = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create({ name: `R${i}`, state_id: doing })),
    );
    const moves = await Promise.all([
      ...left.map((issue) => owner.client.patch(`${base}/issues/${issue.id}/`, { state_id: doing })),
      ...right.map((issue) => owner.client.patch(`${base}/issues/${issue.id}/`, { state_id: todo })),
    ]);
    expect(moves.map((m) => m.status)).toEqual(moves.map(() => 200));
    await expectCountersExact();
    expect((await boardCounts('state_id')).groups).toMatchObject({ [todo]: 8, [doing]: 8 });
  });

  it('count boards grouped by cycle through every kind of change, as a recount does', async () => {
    const cycle = (await owner.client.post(`${base}/cycles/`, { name: 'Sprint' })).body as { id: string };
    const other = (await owner.client.post(`${base}/cycles/`, { name: 'Later' })).body as { id: string };
    const a = await create({ name: 'A', cycle_id: cycle.id });
    const b = await create({ name: 'B', state_id: stateOf('started') });
    const c = await create({ name: 'C', cycle_id: other.id, state_id: stateOf('completed') });
    await create({ name: 'D' });
    const keys = [['cycle_id'], ['cycle_id', 'state_id'], ['cycle_id', 'state__group']] as const;
    const expectGroupCountersExact = async () => {
      for (const [g, s] of keys) expect(await boardCounts(g, s)).toEqual(await exactCounts(g, s));
    };
    await expectGroupCountersExact();
    expect((await boardCounts('cycle_id')).groups).toMatchObject({ [cycle.id]: 1, [other.id]: 1, None: 2 });

    await owner.client.patch(`${base}/issues/${a.id}/`, { state_id: stateOf('started') });
    await owner.client.post(`${base}/cycles/${other.id}/cycle-issues/`, { issues: [a.id, b.id] });
    await owner.client.post(`${base}/issues/${c.id}/archive/`);
    await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id],
      properties: { cycle_id: null },
    });
    await expectGroupCountersExact();
    await owner.client.delete(`${base}/issues/${c.id}/archive/`);
    await owner.client.delete(`${base}/issues/${b.id}/`);
    await owner.client.delete(`${base}/cycles/${other.id}/`);
    await expectGroupCountersExact();
    expect((await boardCounts('cycle_id')).groups).toMatchObject({ [cycle.id]: 0, None: 3 });
    await t.services.issues.compactCounters(0);
    await expectGroupCountersExact();
  });

  it('count boards grouped by module through every kind of change, as a recount does', async () => {
    const module = async (name: string) =>
      (await owner.client.post(`${base}/modules/`, { name })).body as { id: string };
    const billing = await module('Billing');
    const search = await module('Search');
    const a = await create({ name: 'A', module_ids: [billing.id] });
    const b = await create({ name: 'B', state_id: stateOf('started'), module_ids: [billing.id, search.id] });
    const c = await create({ name: 'C', state_id: stateOf('completed') });
    const keys = [['issue_module__module_id'], ['issue_module__module_id', 'state__group']] as const;
    const expectModuleCountersExact = async () => {
      for (const [g, s] of keys) expect(await boardCounts(g, s)).toEqual(await exactCounts(g, s));
    };
    await expectModuleCountersExact();
    // An item in two modules counts in both groups and once in the total.
    const counts = await boardCounts('issue_module__module_id');
    expect(counts.groups).toMatchObject({ [billing.id]: 2, [search.id]: 1, None: 1 });
    expect(counts.total).toBe(3);

    await owner.client.patch(`${base}/issues/${a.id}/`, {
      state_id: stateOf('started'),
      module_ids: [search.id],
    });
    await owner.client.post(`${base}/issues/${c.id}/archive/`);
    await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { module_ids: [] },
    });
    await owner.client.post(`${base}/modules/${billing.id}/issues/`, { issues: [a.id] });
    await expectModuleCountersExact();
    await owner.client.delete(`${base}/issues/${c.id}/archive/`);
    await owner.client.delete(`${base}/issues/${b.id}/`);
    await owner.client.delete(`${base}/modules/${billing.id}/`);
    await expectModuleCountersExact();
    expect((await boardCounts('issue_module__module_id')).groups).toMatchObject({ [search.id]: 0, None: 2 });
    await t.services.issues.compactCounters(0);
    await expectModuleCountersExact();
  });
});
