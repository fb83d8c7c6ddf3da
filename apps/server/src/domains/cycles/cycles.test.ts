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
let projectId: string;
let pbase: string;
let cycles: string;
let states: { id: string; group: string }[];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stateOf = (group: string) => states.find((s) => s.group === group)!.id;

beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  pbase = `/api/workspaces/${slug}/projects/${projectId}`;
  cycles = `${pbase}/cycles/`;
  states = (await owner.client.get(`${pbase}/states/`)).body;
});
afterEach(() => t.close());

async function createCycle(body: Record<string, unknown>, client = owner.client) {
  const res = await client.post(cycles, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; status: string; sort_order: number; [key: string]: any };
}

async function createIssue(body: Record<string, unknown> = {}) {
  const res = await owner.client.post(`${pbase}/issues/`, { name: 'Work', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; cycle_id: string | null; [key: string]: any };
}

async function addToCycle(cycleId: string, issueIds: string[]) {
  const res = await owner.client.post(`${cycles}${cycleId}/cycle-issues/`, { issues: issueIds });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('cycle objects', () => {
  it('creates cycles with every key, a status from their dates and sort orders going down', async () => {
    const current = await createCycle({ name: '  Sprint 1 ', start_date: day(-2), end_date: day(5) });
    expect(current).toMatchObject({
      name: 'Sprint 1',
      status: 'current',
      project_id: projectId,
      owned_by_id: owner.user.id,
      sort_order: 65535,
      timezone: 'UTC',
      is_favorite: false,
      archived_at: null,
      total_issues: 0,
      assignee_ids: [],
      progress_snapshot: {},
    });
    const upcoming = await createCycle({ name: 'Sprint 2', start_date: day(10), end_date: day(20) });
    const past = await createCycle({ name: 'Sprint 0', start_date: day(-30), end_date: day(-20) });
    const draft = await createCycle({ name: 'Someday' });
    expect([upcoming.status, past.status, draft.status]).toEqual(['upcoming', 'completed', 'draft']);
    expect([upcoming.sort_order, past.sort_order, draft.sort_order]).toEqual([55535, 45535, 35535]);
    const read = await owner.client.get(`${cycles}${current.id}/`);
    expect(read.body).toEqual(current);
  });

  it('refuses one date alone, a start after the end and ranges that overlap', async () => {
    const alone = await owner.client.post(cycles, { name: 'Half', start_date: day(1) });
    expect(alone.status).toBe(400);
    expect(alone.body.error_code).toBe('CYCLE_DATES_REQUIRED');
    const reversed = await owner.client.post(cycles, { name: 'Back', start_date: day(5), end_date: day(1) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields.end_date).toBe('Start date cannot exceed end date');
    const first = await createCycle({ name: 'First', start_date: day(0), end_date: day(6) });
    const overlapping = await owner.client.post(cycles, {
      name: 'Second',
      start_date: day(6),
      end_date: day(9),
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body).toMatchObject({ error_code: 'CYCLE_DATES_OVERLAP', status: false });
    const next = await createCycle({ name: 'Second', start_date: day(7), end_date: day(9) });
    const moved = await owner.client.patch(`${cycles}${next.id}/`, { start_date: day(3) });
    expect(moved.body.error_code).toBe('CYCLE_DATES_OVERLAP');
    // Its own range is no overlap.
    const same = await owner.client.patch(`${cycles}${first.id}/`, { end_date: day(5) });
    expect(same.status, same.text).toBe(200);

    const check = (body: Record<string, unknown>) => owner.client.post(`${cycles}date-check/`, body);
    expect((await check({ start_date: day(20), end_date: day(25) })).body).toEqual({ status: true });
    const taken = await check({ start_date: day(4), end_date: day(8) });
    expect(taken.status).toBe(400);
    expect(taken.body.status).toBe(false);
    expect((await check({ start_date: day(0), end_date: day(5), cycle_id: first.id })).status).toBe(200);
    expect((await check({ start_date: 'soon', end_date: day(5) })).status).toBe(400);
  });

  it('lets a completed cycle change only its sort order', async () => {
    const past = await createCycle({ name: 'Done', start_date: day(-20), end_date: day(-10) });
    const renamed = await owner.client.patch(`${cycles}${past.id}/`, { name: 'Renamed' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error_code).toBe('CYCLE_COMPLETED');
    const reordered = await owner.client.patch(`${cycles}${past.id}/`, { sort_order: 5 });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body.sort_order).toBe(5);
  });

  it('lists by cycle_view, name search, dates and orderings; favorites first by default', async () => {
    const current = await createCycle({ name: 'Alpha current', start_date: day(-1), end_date: day(3) });
    const upcoming = await createCycle({ name: 'beta upcoming', start_date: day(10), end_date: day(12) });
    const completed = await createCycle({ name: 'Gamma done', start_date: day(-20), end_date: day(-15) });
    const draft = await createCycle({ name: 'Delta draft' });
    const ids = async (query: string) =>
      ((await owner.client.get(`${cycles}${query}`)).body as { id: string }[]).map((c) => c.id);
    expect(await ids('?cycle_view=current')).toEqual([current.id]);
    expect(await ids('?cycle_view=upcoming')).toEqual([upcoming.id]);
    expect(await ids('?cycle_view=completed')).toEqual([completed.id]);
    expect(await ids('?cycle_view=draft')).toEqual([draft.id]);
    expect((await ids('?cycle_view=incomplete')).sort()).toEqual([current.id, upcoming.id, draft.id].sort());
    expect(await ids('?search=BETA')).toEqual([upcoming.id]);
    expect(await ids(`?start_date=${day(5)};after`)).toEqual([upcoming.id]);
    expect(await ids('?order_by=name')).toEqual([current.id, upcoming.id, draft.id, completed.id]);
    expect(await ids('?order_by=sort_order')).toEqual([draft.id, completed.id, upcoming.id, current.id]);
    await owner.client.post(`${pbase}/user-favorite-cycles/`, { cycle: completed.id });
    expect((await ids(''))[0]).toBe(completed.id);
    expect((await owner.client.get(`${cycles}?cycle_view=someday`)).status).toBe(400);
    expect((await owner.client.get(`${cycles}?start_date=tomorrow`)).status).toBe(400);

    const workspace = await owner.client.get(`/api/workspaces/${slug}/cycles/`);
    expect(workspace.body.map((c: { id: string }) => c.id).sort()).toEqual(
      [current.id, upcoming.id, completed.id, draft.id].sort(),
    );
  });
});

describe('work items in cycles', () => {
  it('adds items (moving them from another cycle), lists them through the issue list and removes them', async () => {
    const a = await createCycle({ name: 'A', start_date: day(-1), end_date: day(5) });
    const b = await createCycle({ name: 'B', start_date: day(10), end_date: day(15) });
    const [one, two, three] = [await createIssue(), await createIssue(), await createIssue()];
    const added = await addToCycle(a.id, [one.id, two.id]);
    expect(added).toEqual([
      { id: one.id, cycle_id: a.id, issue_id: one.id },
      { id: two.id, cycle_id: a.id, issue_id: two.id },
    ]);
    await addToCycle(b.id, [two.id, three.id]);
    const inA = await owner.client.get(`${cycles}${a.id}/cycle-issues/?group_by=state_id`);
    expect(inA.status, inA.text).toBe(200);
    expect(inA.body.total_count).toBe(1);
    expect(inA.body.results[one.state_id].results.map((i: { id: string }) => i.id)).toEqual([one.id]);
    const flat = await owner.client.get(`${cycles}${b.id}/cycle-issues/?order_by=sequence_id`);
    expect(flat.status).toBe(400); // the issue list's own order_by rule
    const inB = await owner.client.get(`${cycles}${b.id}/cycle-issues/`);
    expect(inB.body.results.map((i: { id: string }) => i.id).sort()).toEqual([two.id, three.id].sort());

    const history = await owner.client.get(`${pbase}/issues/${two.id}/history/?activity_type=issue-property`);
    expect(
      history.body.filter((h: { field: string }) => h.field === 'cycle').map((h: any) => h.new_value),
    ).toEqual([a.id, b.id]);

    expect((await owner.client.delete(`${cycles}${b.id}/cycle-issues/${two.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${pbase}/issues/${two.id}/`)).body.cycle_id).toBeNull();
    // Not in the cycle (any more): 404.
    expect((await owner.client.delete(`${cycles}${b.id}/cycle-issues/${two.id}/`)).status).toBe(404);
    const bulk = await owner.client.request('DELETE', `${cycles}${b.id}/cycle-issues/`, {
      json: { issues: [three.id] },
    });
    expect(bulk.status).toBe(204);
    expect((await owner.client.get(`${cycles}${b.id}/`)).body.total_issues).toBe(0);
  });

  it('sets the cycle from the work item itself, groups, filters and orders by cycle', async () => {
    const a = await createCycle({ name: 'Apple', start_date: day(-1), end_date: day(5) });
    const b = await createCycle({ name: 'Banana' });
    const inA = await createIssue({ cycle_id: a.id });
    const inB = await createIssue();
    const patched = await owner.client.patch(`${pbase}/issues/${inB.id}/`, { cycle_id: b.id });
    expect(patched.body.cycle_id).toBe(b.id);
    const none = await createIssue();
    const grouped = await owner.client.get(`${pbase}/issues/?group_by=cycle_id`);
    expect(Object.keys(grouped.body.results)).toEqual([b.id, a.id, 'None']);
    expect(grouped.body.results[a.id].results.map((i: { id: string }) => i.id)).toEqual([inA.id]);
    expect(grouped.body.results.None.results.map((i: { id: string }) => i.id)).toEqual([none.id]);
    const filtered = await owner.client.get(`${pbase}/issues/?cycle=${a.id},None`);
    expect(filtered.body.results.map((i: { id: string }) => i.id).sort()).toEqual([inA.id, none.id].sort());
    const ordered = await owner.client.get(`${pbase}/issues/?order_by=cycle`);
    expect(ordered.body.results.map((i: { id: string }) => i.id)).toEqual([inA.id, inB.id, none.id]);

    const bulk = await owner.client.post(`${pbase}/bulk-operation-issues/`, {
      issue_ids: [inA.id, none.id],
      properties: { cycle_id: b.id },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body.map((i: { cycle_id: string }) => i.cycle_id)).toEqual([b.id, b.id]);

    const unknown = await owner.client.patch(`${pbase}/issues/${inA.id}/`, { cycle_id: crypto.randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.cycle_id).toBeDefined();
    const past = await createCycle({ name: 'Past', start_date: day(-40), end_date: day(-30) });
    const intoPast = await owner.client.patch(`${pbase}/issues/${inA.id}/`, { cycle_id: past.id });
    expect(intoPast.body.error_code).toBe('CYCLE_COMPLETED');
    const addPast = await owner.client.post(`${cycles}${past.id}/cycle-issues/`, { issues: [inA.id] });
    expect(addPast.body.error_code).toBe('CYCLE_COMPLETED');
  });

  it('counts items by state group and points, and transfers the unfinished ones of a completed cycle', async () => {
    const cycle = await createCycle({ name: 'Ending', start_date: day(-10), end_date: day(3) });
    const done = await createIssue({ state_id: stateOf('completed'), assignee_ids: [owner.user.id] });
    const cancelled = await createIssue({ state_id: stateOf('cancelled') });
    const started = await createIssue({ state_id: stateOf('started') });
    const backlog = await createIssue({ state_id: stateOf('backlog') });
    await addToCycle(cycle.id, [done.id, cancelled.id, started.id, backlog.id]);
    const progress = await owner.client.get(`${cycles}${cycle.id}/progress/`);
    expect(progress.body).toEqual({
      total_issues: 4,
      completed_issues: 1,
      cancelled_issues: 1,
      started_issues: 1,
      unstarted_issues: 0,
      backlog_issues: 1,
      total_estimate_points: 0,
      completed_estimate_points: 0,
    });
    expect((await owner.client.get(`${cycles}${cycle.id}/`)).body.assignee_ids).toEqual([owner.user.id]);

    const next = await createCycle({ name: 'Next', start_date: day(20), end_date: day(30) });
    // The cycle ends: its dates move into the past.
    expect((await owner.client.patch(`${cycles}${cycle.id}/`, { end_date: day(-1) })).status).toBe(200);
    expect(
      (await owner.client.post(`${cycles}${cycle.id}/transfer-issues/`, { new_cycle_id: cycle.id })).status,
    ).toBe(400);
    const transfer = await owner.client.post(`${cycles}${cycle.id}/transfer-issues/`, {
      new_cycle_id: next.id,
    });
    expect(transfer.status, transfer.text).toBe(200);
    expect(transfer.body.transferred_issue_ids.sort()).toEqual([started.id, backlog.id].sort());
    const source = (await owner.client.get(`${cycles}${cycle.id}/`)).body;
    expect(source.total_issues).toBe(2);
    expect(source.progress_snapshot).toMatchObject({
      total_issues: 4,
      completed_issues: 1,
      transferred_to: next.id,
    });
    expect((await owner.client.get(`${cycles}${next.id}/`)).body.total_issues).toBe(2);
    const intoCompleted = await owner.client.post(`${cycles}${next.id}/transfer-issues/`, {
      new_cycle_id: cycle.id,
    });
    expect(intoCompleted.body.error_code).toBe('CYCLE_COMPLETED');
  });

  it('transfers in one transaction: when writing the snapshot fails, no item has moved', async () => {
    const cycle = await createCycle({ name: 'Ending', start_date: day(-10), end_date: day(3) });
    const next = await createCycle({ name: 'Next', start_date: day(20), end_date: day(30) });
    const started = await createIssue({ state_id: stateOf('started') });
    const backlog = await createIssue({ state_id: stateOf('backlog') });
    await addToCycle(cycle.id, [started.id, backlog.id]);
    expect((await owner.client.patch(`${cycles}${cycle.id}/`, { end_date: day(-1) })).status).toBe(200);
    // The transfer's last step, the source cycle's snapshot, is refused by the database itself.
    await t.database.raw(`create function refuse_snapshot() returns trigger language plpgsql as $$
      begin
        if new.progress_snapshot is distinct from old.progress_snapshot then
          raise exception 'snapshot refused';
        end if;
        return new;
      end $$`);
    await t.database.raw(
      'create trigger refuse_snapshot before update on cycles for each row execute function refuse_snapshot()',
    );
    const trail = async () => {
      const [row] = await t.database.raw<{ moves: number; events: number }>(
        `select (select count(*)::int from activities where field = 'cycle') as moves,
                (select count(*)::int from outbox where topic = 'issue.updated') as events`,
      );
      return row;
    };
    const before = await trail();
    const failed = await owner.client.post(`${cycles}${cycle.id}/transfer-issues/`, {
      new_cycle_id: next.id,
    });
    expect(failed.status).toBe(500);
    for (const item of [started, backlog]) {
      expect((await owner.client.get(`${pbase}/issues/${item.id}/`)).body.cycle_id).toBe(cycle.id);
    }
    expect(await trail()).toEqual(before);
    const source = (await owner.client.get(`${cycles}${cycle.id}/`)).body;
    expect(source).toMatchObject({ total_issues: 2, progress_snapshot: {} });
    expect((await owner.client.get(`${cycles}${next.id}/`)).body.total_issues).toBe(0);

    // The same transfer goes through once the database accepts the snapshot.
    await t.database.raw('drop trigger refuse_snapshot on cycles');
    const transfer = await owner.client.post(`${cycles}${cycle.id}/transfer-issues/`, {
      new_cycle_id: next.id,
    });
    expect(transfer.status, transfer.text).toBe(200);
    expect(transfer.body.transferred_issue_ids.sort()).toEqual([started.id, backlog.id].sort());
    expect((await owner.client.get(`${cycles}${next.id}/`)).body.total_issues).toBe(2);
    expect((await trail())!.moves).toBe(before!.moves + 2);
  });
});

describe('archive, favorites and delete', () => {
  it('archives only completed cycles, lists them apart and restores them', async () => {
    const current = await createCycle({ name: 'Now', start_date: day(-1), end_date: day(1) });
    const refused = await owner.client.post(`${cycles}${current.id}/archive/`);
    expect(refused.body.error_code).toBe('ARCHIVE_NOT_ALLOWED');
    const past = await createCycle({ name: 'Then', start_date: day(-9), end_date: day(-5) });
    const archived = await owner.client.post(`${cycles}${past.id}/archive/`);
    expect(archived.status, archived.text).toBe(200);
    expect(Date.parse(archived.body.archived_at)).not.toBeNaN();
    const listed = (await owner.client.get(cycles)).body.map((c: { id: string }) => c.id);
    expect(listed).toEqual([current.id]);
    const archivedList = await owner.client.get(`${pbase}/archived-cycles/`);
    expect(archivedList.body.map((c: { id: string }) => c.id)).toEqual([past.id]);
    expect((await owner.client.get(`${pbase}/archived-cycles/${past.id}/`)).body.archived_at).toBe(
      archived.body.archived_at,
    );
    expect((await owner.client.get(`${pbase}/archived-cycles/${current.id}/`)).status).toBe(404);
    expect((await owner.client.patch(`${cycles}${past.id}/`, { sort_order: 1 })).status).toBe(400);
    expect((await owner.client.delete(`${cycles}${past.id}/archive/`)).status).toBe(204);
    expect((await owner.client.get(cycles)).body).toHaveLength(2);
  });

  it('keeps favorites per user with a 409 on a repeat', async () => {
    const cycle = await createCycle({ name: 'Fav' });
    const added = await owner.client.post(`${pbase}/user-favorite-cycles/`, { cycle: cycle.id });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ entity_type: 'cycle', entity_identifier: cycle.id, name: 'Fav' });
    expect((await owner.client.post(`${pbase}/user-favorite-cycles/`, { cycle: cycle.id })).status).toBe(409);
    expect((await owner.client.get(`${pbase}/user-favorite-cycles/`)).body).toEqual([added.body]);
    expect((await owner.client.get(`${cycles}${cycle.id}/`)).body.is_favorite).toBe(true);
    expect((await owner.client.delete(`${pbase}/user-favorite-cycles/${cycle.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${cycles}${cycle.id}/`)).body.is_favorite).toBe(false);
  });

  it('lets the owner or an admin delete a cycle; its items leave it', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const mine = await createCycle({ name: 'Mine' }, member.client);
    const theirs = await createCycle({ name: 'Theirs' });
    const issue = await createIssue({ cycle_id: theirs.id });
    const refused = await member.client.delete(`${cycles}${theirs.id}/`);
    expect(refused.status).toBe(403);
    expect((await member.client.delete(`${cycles}${mine.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${cycles}${theirs.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${cycles}${theirs.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${pbase}/issues/${issue.id}/`)).body.cycle_id).toBeNull();
  });

  it('lets the owner delete, not the creator who handed the cycle to someone else (api.md §6: P20 +owner)', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const handedOver = await createCycle({ name: 'Handed over', owned_by_id: owner.user.id }, member.client);
    expect(handedOver.owned_by_id).toBe(owner.user.id);
    expect(handedOver.created_by).toBe(member.user.id);
    const refused = await member.client.delete(`${cycles}${handedOver.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'Only the owner or a project admin can delete a cycle',
      error_code: 'FORBIDDEN',
    });
    expect((await owner.client.get(`${cycles}${handedOver.id}/`)).status).toBe(200);

    const given = await createCycle({ name: 'Given', owned_by_id: member.user.id });
    expect(given.created_by).toBe(owner.user.id);
    expect((await member.client.delete(`${cycles}${given.id}/`)).status).toBe(204);
    expect((await owner.client.get(`${cycles}${given.id}/`)).status).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 signed out, 403 to viewers writing and 404 to other workspaces', async () => {
    const cycle = await createCycle({ name: 'Guarded' });
    expect((await new Client(t.baseUrl).get(cycles)).status).toBe(401);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect((await viewer.client.get(`${cycles}${cycle.id}/`)).status).toBe(200);
    expect((await viewer.client.post(cycles, { name: 'No' })).status).toBe(403);
    expect((await viewer.client.patch(`${cycles}${cycle.id}/`, { name: 'No' })).status).toBe(403);

    const stranger = await signUp(t);
    const otherSlug = (await createWorkspace(stranger)).slug;
    const otherProject = (await createProject(stranger, otherSlug)).id;
    const foreign = `/api/workspaces/${otherSlug}/projects/${otherProject}/cycles/`;
    expect((await owner.client.get(foreign)).status).toBe(404);
    // Another workspace's cycle under my project's path: 404.
    const theirs = await stranger.client.post(foreign, { name: 'Theirs' });
    expect((await owner.client.get(`${cycles}${theirs.body.id}/`)).status).toBe(404);
    expect((await stranger.client.get(`${foreign}${cycle.id}/`)).status).toBe(404);
    const issue = await createIssue();
    expect(
      (await owner.client.patch(`${pbase}/issues/${issue.id}/`, { cycle_id: theirs.body.id })).status,
    ).toBe(400);
  });
});
