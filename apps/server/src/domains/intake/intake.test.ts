import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The intake (api.md §10): submissions, triage, snoozes, duplicates, who may do what. */

let t: TestApp;
let owner: SignedIn; // the workspace's creator: workspace and project admin
let admin: SignedIn;
let member: SignedIn;
let viewer: SignedIn;
let guest: SignedIn;
let nonProjectMember: SignedIn;
let outsider: SignedIn;
let slug: string;
let ws: string;
let projectId: string;
let pbase: string;
let inbox: string;
let otherPbase: string;
let outsiderPbase: string;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  ws = `/api/workspaces/${slug}`;
  [admin, member, viewer, guest, nonProjectMember] = await Promise.all([
    addMember(t, owner, slug, 20),
    addMember(t, owner, slug, 15),
    addMember(t, owner, slug, 10),
    addMember(t, owner, slug, 5),
    addMember(t, owner, slug, 15),
  ]);
  projectId = (await createProject(owner, slug, { intake_view: true })).id;
  pbase = `${ws}/projects/${projectId}`;
  inbox = `${pbase}/inbox-issues/`;
  for (const [account, role] of [
    [admin, 20],
    [member, 15],
    [viewer, 10],
    [guest, 5],
  ] as const) {
    await addProjectMember(owner, slug, projectId, account.user.id, role);
  }
  otherPbase = `${ws}/projects/${(await createProject(owner, slug, { intake_view: true })).id}`;
  outsider = await signUp(t);
  const outsiderSlug = (await createWorkspace(outsider)).slug;
  outsiderPbase = `/api/workspaces/${outsiderSlug}/projects/${(await createProject(outsider, outsiderSlug, { intake_view: true })).id}`;
}, 120_000);
afterAll(() => t?.close());

type Item = { id: string; status: number; issue: { id: string; [key: string]: any }; [key: string]: any };

async function submit(issue: Record<string, unknown> = {}, client = owner.client, url = inbox) {
  const res = await client.post(url, { source: 'IN_APP', issue: { name: 'Report', ...issue } });
  expect(res.status, res.text).toBe(201);
  return res.body as Item;
}

async function patch(item: Item, body: Record<string, unknown>, client = owner.client) {
  return client.patch(`${inbox}${item.issue.id}/`, body);
}

function expectError(res: { status: number; body: any; text: string }, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error_code, res.text).toBe(code);
}

const inFuture = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('submitting', () => {
  it('makes a pending item whose work item waits in a hidden triage state', async () => {
    const item = await submit(
      { name: '  Login is broken  ', description_html: '<p>Steps</p><script>x</script>', priority: 'high' },
      guest.client,
    );
    expect(item).toMatchObject({
      status: -2,
      snoozed_till: null,
      duplicate_to: null,
      duplicate_issue_detail: null,
      source: 'IN_APP',
      source_email: null,
      created_by: guest.user.id,
    });
    expect(item.issue).toMatchObject({
      name: 'Login is broken',
      description_html: '<p>Steps</p>',
      priority: 'high',
      project_id: projectId,
      created_by: guest.user.id,
      label_ids: [],
      assignee_ids: [],
    });
    const states = (await owner.client.get(`${pbase}/states/`)).body as { id: string }[];
    expect(states.map((s) => s.id)).not.toContain(item.issue.state_id);
    const [intake] = (await owner.client.get(`${pbase}/intakes/`)).body;
    expect(item.intake).toBe(intake.id);

    // The work item itself reads as one waiting in intake.
    const detail = await guest.client.get(`${pbase}/issues/${item.issue.id}/?expand=state`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({ is_intake: true, state__group: 'triage' });
    expect(detail.body.state).toMatchObject({ id: item.issue.state_id, group: 'triage', name: 'Triage' });
    // Its hidden state's name does not stand in the way of a state people name so.
    const named = await owner.client.post(`${pbase}/states/`, {
      name: 'Triage',
      color: '#123456',
      group: 'started',
    });
    expect(named.status, named.text).toBe(201);
  });

  it('takes labels, assignees and dates, and answers under Plane’s path family too', async () => {
    const label = (await owner.client.post(`${pbase}/issue-labels/`, { name: 'Bug' })).body;
    const item = await submit(
      { label_ids: [label.id], assignee_ids: [member.user.id], target_date: '2026-12-01' },
      owner.client,
      `${pbase}/intake-issues/`,
    );
    expect(item.issue).toMatchObject({
      label_ids: [label.id],
      assignee_ids: [member.user.id],
      target_date: '2026-12-01',
    });
    const read = await owner.client.get(`${inbox}${item.issue.id}/`);
    expect(read.body).toEqual(item);
  });

  it.each<[string, Record<string, any>, string]>([
    ['no name', { source: 'IN_APP', issue: {} }, 'issue.name'],
    ['a blank name', { issue: { name: '   ' } }, 'issue.name'],
    ['an unknown priority', { issue: { name: 'x', priority: 'critical' } }, 'issue.priority'],
    ['another source', { source: 'EMAIL', issue: { name: 'x' } }, 'source'],
    ['no work item', { source: 'IN_APP' }, 'issue'],
    ['a label of another project', { issue: { name: 'x', label_ids: ['LABEL'] } }, 'issue.label_ids'],
    ['a guest as assignee', { issue: { name: 'x', assignee_ids: ['GUEST'] } }, 'issue.assignee_ids'],
  ])('refuses %s with VALIDATION_ERROR', async (_what, body, field) => {
    if (field === 'issue.assignee_ids')
      (body.issue as { assignee_ids: string[] }).assignee_ids = [guest.user.id];
    if (field === 'issue.label_ids') {
      const label = (await owner.client.post(`${otherPbase}/issue-labels/`, { name: 'Theirs' })).body;
      (body.issue as { label_ids: string[] }).label_ids = [label.id];
    }
    const res = await owner.client.post(inbox, body);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(Object.keys(res.body.fields)).toContain(field);
  });
});

describe('triage', () => {
  it('lets the work-item list filter items by their intake status', async () => {
    const accepted = await submit({ name: 'Came through intake' });
    await patch(accepted, { status: 1 });
    const direct = (await owner.client.post(`${pbase}/issues/`, { name: 'Made directly' })).body;
    const list = async (query: string) => {
      const res = await owner.client.get(`${pbase}/issues/?${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.results as { id: string }[]).map((i) => i.id);
    };
    expect(await list('intake_status=1')).toEqual([accepted.issue.id]);
    expect(await list('intake_status=-2,0')).toEqual([]);
    expect(await list('')).toEqual(expect.arrayContaining([accepted.issue.id, direct.id]));
    const bad = await owner.client.get(`${pbase}/issues/?intake_status=7`);
    expectError(bad, 400, 'INVALID_FILTER');
  });

  it('accepts an item into the project’s default state and its lists', async () => {
    const item = await submit({ name: 'Accept me' });
    const res = await patch(item, { status: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe(1);
    const states = (await owner.client.get(`${pbase}/states/`)).body as { id: string; default: boolean }[];
    expect(res.body.issue.state_id).toBe(states.find((s) => s.default)!.id);
    const detail = await owner.client.get(`${pbase}/issues/${item.issue.id}/`);
    expect(detail.body.is_intake).toBe(false);
    // Accepting again changes nothing; going anywhere else is refused: a decision is final.
    expect((await patch(item, { status: 1 })).status).toBe(200);
    const original = (await owner.client.post(`${pbase}/issues/`, { name: 'Original' })).body;
    for (const body of [
      { status: -2 },
      { status: -1 },
      { status: 0, snoozed_till: inFuture(1) },
      { status: 2, duplicate_to: original.id },
    ]) {
      const res = await patch(item, body);
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error).toBe('Triage is final: this item was already accepted');
    }
  });

  it('declines an item, which stays out of the lists and cannot come back', async () => {
    const item = await submit({ name: 'Decline me' });
    const res = await patch(item, { status: -1 });
    expect(res.body.status).toBe(-1);
    const refused = await patch(item, { status: 1 });
    expectError(refused, 400, 'BAD_REQUEST');
    expect(refused.body.error).toBe('Triage is final: this item was already declined');
    expect((await owner.client.get(`${pbase}/issues/${item.issue.id}/`)).body.is_intake).toBe(true);
  });

  it('snoozes until a time, clears the snooze back to pending, and refuses a snooze without a future end', async () => {
    const item = await submit({ name: 'Later' });
    const until = inFuture(24);
    const snoozed = await patch(item, { status: 0, snoozed_till: until });
    expect(snoozed.status, snoozed.text).toBe(200);
    expect(snoozed.body).toMatchObject({ status: 0, snoozed_till: until });

    const cleared = await patch(item, { snoozed_till: null });
    expect(cleared.body).toMatchObject({ status: -2, snoozed_till: null });

    // A time alone snoozes; moving it keeps the item snoozed.
    expect((await patch(item, { snoozed_till: until })).body.status).toBe(0);
    const later = inFuture(48);
    expect((await patch(item, { status: 0, snoozed_till: later })).body.snoozed_till).toBe(later);

    for (const [body, message] of [
      [
        { status: 0, snoozed_till: new Date(Date.now() - HOUR).toISOString() },
        'The snooze must end in the future',
      ],
      [{ status: 0, snoozed_till: null }, 'A snooze needs the time it ends'],
      [{ status: 1, snoozed_till: until }, 'Only a snoozed item has a snooze end'],
    ] as const) {
      const res = await patch(item, body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.fields.snoozed_till).toBe(message);
    }
    expectError(await patch(item, { snoozed_till: 'tomorrow' }), 400, 'VALIDATION_ERROR');
    expect((await owner.client.get(`${inbox}${item.id}/`)).body.snoozed_till).toBe(later);
  });

  it('wakes a snoozed item when its snooze ends (the job, with its own clock)', async () => {
    const item = await submit({ name: 'Snooze ends' });
    const until = new Date(Date.now() + 2 * HOUR);
    await patch(item, { status: 0, snoozed_till: until.toISOString() });

    expect(await t.services.intake.wakeSnoozed(new Date(until.getTime() - 1000))).toBe(0);
    expect((await owner.client.get(`${inbox}${item.id}/`)).body.status).toBe(0);

    expect(await t.services.intake.wakeSnoozed(new Date(until.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    const woken = (await owner.client.get(`${inbox}${item.id}/`)).body;
    expect(woken).toMatchObject({ status: -2, snoozed_till: null });
    // Run again, nothing more to do for it.
    await t.services.intake.wakeSnoozed(new Date(until.getTime() + 2000));
    const history = (await owner.client.get(`${pbase}/issues/${item.issue.id}/history/`)).body as {
      field: string | null;
      old_value: string | null;
      new_value: string | null;
      actor: string | null;
    }[];
    const wakes = history.filter((h) => h.field === 'intake' && h.new_value === 'pending');
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({ old_value: 'snoozed', actor: null });
  });

  it('marks a duplicate of a work item of the project, naming it in brief', async () => {
    const original = (await owner.client.post(`${pbase}/issues/`, { name: 'The original' })).body;
    const item = await submit({ name: 'Seen before' });
    const res = await patch(item, { status: 2, duplicate_to: original.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 2,
      duplicate_to: original.id,
      duplicate_issue_detail: {
        id: original.id,
        name: 'The original',
        sequence_id: original.sequence_id,
        project_id: projectId,
      },
    });
    // A duplicate_to alone marks the duplicate too.
    const other = await submit({ name: 'Seen before, again' });
    expect((await patch(other, { duplicate_to: original.id })).body.status).toBe(2);
  });

  it('refuses a duplicate without its original, of itself, or of another project’s or workspace’s item', async () => {
    const item = await submit({ name: 'Dup checks' });
    const elsewhere = (await owner.client.post(`${otherPbase}/issues/`, { name: 'Elsewhere' })).body;
    const foreign = (await outsider.client.post(`${outsiderPbase}/issues/`, { name: 'Foreign' })).body;
    for (const [body, message] of [
      [{ status: 2 }, 'Name the work item this one duplicates'],
      [{ status: 2, duplicate_to: null }, 'Name the work item this one duplicates'],
      [{ status: 2, duplicate_to: item.issue.id }, 'A work item cannot duplicate itself'],
      [{ status: 2, duplicate_to: elsewhere.id }, 'Must be a work item of this project'],
      [{ status: 2, duplicate_to: foreign.id }, 'Must be a work item of this project'],
      [
        { status: 2, duplicate_to: '00000000-0000-4000-8000-000000000000' },
        'Must be a work item of this project',
      ],
      [{ status: -1, duplicate_to: elsewhere.id }, 'Only a duplicate names the work item it duplicates'],
    ] as const) {
      const res = await patch(item, body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.fields.duplicate_to, JSON.stringify(body)).toBe(message);
    }
    expectError(await patch(item, { duplicate_to: 'nope' }), 400, 'VALIDATION_ERROR');
    expect((await owner.client.get(`${inbox}${item.id}/`)).body).toMatchObject({
      status: -2,
      duplicate_to: null,
    });
  });

  it('edits the work item’s own fields beside the triage, all or nothing', async () => {
    const item = await submit({ name: 'Rough draft' });
    const res = await patch(item, {
      issue: { name: 'Polished', priority: 'urgent', assignee_ids: [member.user.id] },
      status: 0,
      snoozed_till: inFuture(5),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.issue).toMatchObject({
      name: 'Polished',
      priority: 'urgent',
      assignee_ids: [member.user.id],
    });
    expect(res.body.status).toBe(0);
    // A refused triage leaves the work item unchanged.
    expectError(await patch(item, { issue: { name: 'Lost' }, status: 2 }), 400, 'VALIDATION_ERROR');
    expect((await owner.client.get(`${inbox}${item.id}/`)).body.issue.name).toBe('Polished');
  });

  it('records each decision in the work item’s activity', async () => {
    const original = (await owner.client.post(`${pbase}/issues/`, { name: 'Earlier report' })).body;
    const accepted = await submit({ name: 'Traced' });
    await patch(accepted, { status: 0, snoozed_till: inFuture(3) });
    await patch(accepted, { status: 1 }, admin.client);
    const dup = await submit({ name: 'Traced twice' });
    await patch(dup, { status: 2, duplicate_to: original.id });
    type Row = {
      field: string | null;
      old_value: string | null;
      new_value: string | null;
      actor: string;
      comment: string;
    };
    const history = async (item: Item) =>
      ((await owner.client.get(`${pbase}/issues/${item.issue.id}/history/`)).body as Row[]).filter(
        (h) => h.field,
      );
    const rows = await history(accepted);
    expect(rows.filter((h) => h.field === 'intake').map((h) => [h.old_value, h.new_value])).toEqual([
      ['pending', 'snoozed'],
      ['snoozed', 'accepted'],
    ]);
    expect(rows.find((h) => h.new_value === 'accepted')).toMatchObject({
      actor: admin.user.id,
      comment: 'accepted the work item from intake',
    });
    // Accepting moved it out of triage: a state change like any other.
    expect(rows.some((h) => h.field === 'state')).toBe(true);
    expect(rows.some((h) => h.field === 'snoozed_till')).toBe(true);
    const dupRows = await history(dup);
    expect(dupRows.find((h) => h.field === 'duplicate_to')?.new_value).toBe(original.id);
    const events = await t.database.raw<{ topic: string }>(
      `select topic from outbox where payload->>'issue_id' = $1 order by id`,
      [dup.issue.id],
    );
    expect(events.map((e) => e.topic)).toEqual(
      expect.arrayContaining(['issue.created', 'intake_issue.created', 'intake_issue.updated']),
    );
  });
});

describe('who may do what', () => {
  it('lets any project member submit; guests see only their own submissions', async () => {
    const project = await createProject(owner, slug, { intake_view: true });
    const base = `${ws}/projects/${project.id}/inbox-issues/`;
    await addProjectMember(owner, slug, project.id, guest.user.id, 5);
    await addProjectMember(owner, slug, project.id, viewer.user.id, 10);
    const mine = await submit({ name: 'Guest’s' }, guest.client, base);
    const theirs = await submit({ name: 'Viewer’s' }, viewer.client, base);
    const ids = async (client: Client, query = '') =>
      ((await client.get(`${base}${query}`)).body.results as Item[]).map((i) => i.id);
    expect(await ids(guest.client)).toEqual([mine.id]);
    expect((await ids(owner.client)).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await ids(viewer.client)).sort()).toEqual([mine.id, theirs.id].sort());
    expectError(await guest.client.get(`${base}${theirs.issue.id}/`), 404, 'NOT_FOUND');
    expectError(await guest.client.get(`${base}${theirs.id}/`), 404, 'NOT_FOUND');
    expectError(
      await guest.client.patch(`${base}${theirs.issue.id}/`, { issue: { name: 'x' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await guest.client.delete(`${base}${theirs.issue.id}/`), 404, 'NOT_FOUND');
    expectError(
      await guest.client.get(`${ws}/projects/${project.id}/issues/${theirs.issue.id}/`),
      404,
      'NOT_FOUND',
    );
    expect(
      (await guest.client.get(`${ws}/projects/${project.id}/intakes/`)).body[0].pending_issue_count,
    ).toBe(1);
    expect(
      (await owner.client.get(`${ws}/projects/${project.id}/intakes/`)).body[0].pending_issue_count,
    ).toBe(2);

    // Marked a duplicate of an item the guest cannot see, theirs names it by id alone.
    const original = (await owner.client.post(`${ws}/projects/${project.id}/issues/`, { name: 'Hidden' }))
      .body;
    await owner.client.patch(`${base}${mine.issue.id}/`, { status: 2, duplicate_to: original.id });
    const seen = (await guest.client.get(`${base}${mine.id}/`)).body;
    expect(seen).toMatchObject({ duplicate_to: original.id, duplicate_issue_detail: null });
    expect((await owner.client.get(`${base}${mine.id}/`)).body.duplicate_issue_detail.name).toBe('Hidden');

    // With the project's guest switch on, guests see everything.
    await owner.client.patch(`${ws}/projects/${project.id}/`, { guest_view_all_features: true });
    expect((await ids(guest.client, '?status=-2,2')).sort()).toEqual([mine.id, theirs.id].sort());
  });

  it('leaves triage to admins, and the work item’s fields to members or its submitter while pending', async () => {
    const item = await submit({ name: 'By the guest', priority: 'low' }, guest.client);
    for (const client of [member.client, viewer.client, guest.client]) {
      for (const body of [{ status: 1 }, { snoozed_till: inFuture(2) }, { duplicate_to: item.issue.id }]) {
        expectError(await patch(item, body, client), 403, 'FORBIDDEN');
      }
    }
    expectError(await patch(item, { issue: { name: 'x' } }, viewer.client), 403, 'FORBIDDEN');
    const byMember = await patch(item, { issue: { name: 'Member edit', priority: 'medium' } }, member.client);
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.body.issue).toMatchObject({ name: 'Member edit', priority: 'medium' });

    // Its submitter changes the name and description alone; other keys are dropped (as Plane).
    const bySubmitter = await patch(
      item,
      { issue: { name: 'Guest edit', description_html: '<p>More</p>', priority: 'urgent' } },
      guest.client,
    );
    expect(bySubmitter.status, bySubmitter.text).toBe(200);
    expect(bySubmitter.body.issue).toMatchObject({
      name: 'Guest edit',
      description_html: '<p>More</p>',
      priority: 'medium',
    });
    // …and only while it is pending; nor through the work item's own route.
    expectError(
      await guest.client.patch(`${pbase}/issues/${item.issue.id}/`, { priority: 'urgent' }),
      400,
      'BAD_REQUEST',
    );
    await patch(item, { status: -1 }, admin.client);
    expectError(await patch(item, { issue: { name: 'Too late' } }, guest.client), 403, 'FORBIDDEN');
  });

  it('lets an admin or the submitter delete an item, its work item with it unless accepted', async () => {
    const byGuest = await submit({ name: 'Withdrawn' }, guest.client);
    expectError(await member.client.delete(`${inbox}${byGuest.issue.id}/`), 403, 'FORBIDDEN');
    expect((await guest.client.delete(`${inbox}${byGuest.issue.id}/`)).status).toBe(204);
    expectError(await owner.client.get(`${inbox}${byGuest.id}/`), 404, 'NOT_FOUND');
    expectError(await owner.client.get(`${pbase}/issues/${byGuest.issue.id}/`), 404, 'NOT_FOUND');

    const accepted = await submit({ name: 'Kept' }, member.client);
    await patch(accepted, { status: 1 });
    expect((await admin.client.delete(`${inbox}${accepted.id}/`)).status).toBe(204);
    expectError(await owner.client.get(`${inbox}${accepted.id}/`), 404, 'NOT_FOUND');
    expect((await owner.client.get(`${pbase}/issues/${accepted.issue.id}/`)).status).toBe(200);
    // A triage item is deleted here, not through the work item's route.
    const pending = await submit({ name: 'Not here' });
    expectError(await owner.client.delete(`${pbase}/issues/${pending.issue.id}/`), 400, 'BAD_REQUEST');
  });

  it('answers 401 without a session and 404 outside the project, the workspace, or under another parent', async () => {
    const item = await submit({ name: 'Private matter' });
    const anonymous = new Client(t.baseUrl);
    for (const path of [inbox, `${inbox}${item.id}/`, `${pbase}/intakes/`]) {
      expectError(await anonymous.get(path), 401, 'AUTHENTICATION_REQUIRED');
      expectError(await nonProjectMember.client.get(path), 404, 'NOT_FOUND');
      expectError(await outsider.client.get(path), 404, 'NOT_FOUND');
    }
    expectError(await outsider.client.patch(`${inbox}${item.id}/`, { status: 1 }), 404, 'NOT_FOUND');
    expectError(await outsider.client.delete(`${inbox}${item.id}/`), 404, 'NOT_FOUND');
    expectError(await outsider.client.post(inbox, { issue: { name: 'x' } }), 404, 'NOT_FOUND');
    for (const path of [
      `${outsiderPbase}/inbox-issues/${item.issue.id}/`,
      `${otherPbase}/inbox-issues/${item.issue.id}/`,
    ]) {
      const reader = path.startsWith(outsiderPbase) ? outsider : owner;
      expectError(await reader.client.get(path), 404, 'NOT_FOUND');
      expectError(await reader.client.patch(path, { status: -1 }), 404, 'NOT_FOUND');
      expectError(await reader.client.delete(path), 404, 'NOT_FOUND');
    }
    expectError(await owner.client.get(`${inbox}not-a-uuid/`), 404, 'NOT_FOUND');
    // A work item that is not in the intake is not an intake item.
    const plain = (await owner.client.post(`${pbase}/issues/`, { name: 'Plain' })).body;
    expectError(await owner.client.get(`${inbox}${plain.id}/`), 404, 'NOT_FOUND');
    expect((await owner.client.get(`${inbox}${item.id}/`)).body.status).toBe(-2);
  });
});

describe('the feature switch', () => {
  it('hides the whole intake while the project has it off', async () => {
    const project = await createProject(owner, slug, { intake_view: true });
    const base = `${ws}/projects/${project.id}`;
    const item = await submit({ name: 'Before' }, owner.client, `${base}/inbox-issues/`);
    expect((await owner.client.patch(`${base}/`, { intake_view: false })).status).toBe(200);
    for (const res of [
      await owner.client.get(`${base}/inbox-issues/`),
      await owner.client.get(`${base}/intake-issues/`),
      await owner.client.post(`${base}/inbox-issues/`, { issue: { name: 'After' } }),
      await owner.client.get(`${base}/inbox-issues/${item.id}/`),
      await owner.client.patch(`${base}/inbox-issues/${item.id}/`, { status: 1 }),
      await owner.client.delete(`${base}/inbox-issues/${item.id}/`),
      await owner.client.get(`${base}/intakes/`),
      await owner.client.get(`${base}/inboxes/`),
    ]) {
      expectError(res, 400, 'INTAKE_DISABLED');
      expect(res.body.error).toBe('Intake is not enabled for this project');
    }
    // Its items stay where they were: out of the lists.
    const list = await owner.client.get(`${base}/issues/`);
    expect(list.body.results.map((r: { id: string }) => r.id)).not.toContain(item.issue.id);
    expect((await owner.client.patch(`${base}/`, { inbox_view: true })).status).toBe(200);
    expect((await owner.client.get(`${base}/inbox-issues/${item.id}/`)).body.status).toBe(-2);
  });
});

describe('the list', () => {
  let base: string;
  let items: Item[];
  let label: { id: string };

  beforeAll(async () => {
    const project = await createProject(owner, slug, { intake_view: true });
    base = `${ws}/projects/${project.id}/inbox-issues/`;
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    label = (await owner.client.post(`${ws}/projects/${project.id}/issue-labels/`, { name: 'Bug' })).body;
    items = [];
    for (let n = 0; n < 13; n++) {
      items.push(
        await submit(
          {
            name: `Report ${n}`,
            priority: n % 3 === 0 ? 'urgent' : 'none',
            ...(n % 4 === 0 && { label_ids: [label.id], assignee_ids: [member.user.id] }),
          },
          n === 5 ? member.client : owner.client,
          base,
        ),
      );
    }
    await owner.client.patch(`${base}${items[1]!.id}/`, { status: -1 });
    await owner.client.patch(`${base}${items[2]!.id}/`, { status: 0, snoozed_till: inFuture(10) });
    await owner.client.patch(`${base}${items[3]!.id}/`, { status: 1 });
  });

  const ids = (res: { body: { results: Item[] } }) => res.body.results.map((i) => i.id);
  const idsOf = (list: Item[]) => list.map((i) => i.id);

  it('pages pending items ten at a time, newest first, in the paginated envelope', async () => {
    const pending = items.filter((_, n) => n > 3 || n === 0).reverse();
    const first = await owner.client.get(base);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      grouped_by: null,
      total_count: 10,
      total_results: 10,
      count: 10,
      next_cursor: '10:1:0',
      prev_cursor: '10:-1:1',
      next_page_results: false,
      prev_page_results: false,
      total_pages: 1,
    });
    expect(ids(first)).toEqual(idsOf(pending));
    const small = await owner.client.get(`${base}?per_page=4&cursor=4:1:0`);
    expect(small.body).toMatchObject({
      count: 4,
      next_page_results: true,
      prev_page_results: true,
      total_pages: 3,
    });
    expect(ids(small)).toEqual(idsOf(pending.slice(4, 8)));
    const byCursor = await owner.client.get(`${base}?cursor=3:3:0`);
    expect(ids(byCursor)).toEqual(idsOf(pending.slice(9)));
    expectError(await owner.client.get(`${base}?cursor=bad`), 400, 'INVALID_CURSOR');
    expectError(await owner.client.get(`${base}?per_page=1001`), 400, 'INVALID_PER_PAGE');
  });

  it('filters by status, the tabs’ lists included, and by the work item’s properties', async () => {
    const q = async (query: string) => ids(await owner.client.get(`${base}?per_page=100&${query}`));
    expect(await q('status=-1')).toEqual([items[1]!.id]);
    expect((await q('status=-2,0')).length).toBe(11);
    expect(new Set(await q('status=1,-1,2'))).toEqual(new Set([items[1]!.id, items[3]!.id]));
    expect((await q('status=null')).length).toBe(13);
    expect(new Set(await q('status=-2&priority=urgent'))).toEqual(
      new Set([0, 6, 9, 12].map((n) => items[n]!.id)),
    );
    expect(new Set(await q(`status=-2,-1,0,1,2&labels=${label.id}`))).toEqual(
      new Set([0, 4, 8, 12].map((n) => items[n]!.id)),
    );
    expect((await q(`assignees=${member.user.id}`)).length).toBe(4);
    expect(await q(`created_by=${member.user.id}`)).toEqual([items[5]!.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`created_at=${today};after`)).length).toBe(10);
    expect(await q('created_at=2001-01-01;before')).toEqual([]);
    const tree = encodeURIComponent(JSON.stringify({ and: [{ status__in: '-1,1' }, { priority: 'none' }] }));
    expect(new Set(await q(`status=null&filters=${tree}`))).toEqual(new Set([items[1]!.id]));
    const statusOnly = encodeURIComponent(JSON.stringify({ status: 0 }));
    expect(await q(`status=null&filters=${statusOnly}`)).toEqual([items[2]!.id]);
    expectError(await owner.client.get(`${base}?status=3`), 400, 'INVALID_FILTER');
    expectError(await owner.client.get(`${base}?status=pending`), 400, 'INVALID_FILTER');
    expectError(await owner.client.get(`${base}?priority=critical`), 400, 'INVALID_FILTER');
    expectError(await owner.client.get(`${base}?labels=nope`), 400, 'INVALID_FILTER');
    expectError(
      await owner.client.get(`${base}?filters=${encodeURIComponent('{"mood":1}')}`),
      400,
      'INVALID_FILTER',
    );
  });

  it('orders by created (either way), updated or sequence id', async () => {
    const all = 'status=null&per_page=100';
    const created = idsOf(items);
    expect(ids(await owner.client.get(`${base}?${all}&order_by=issue__created_at`))).toEqual(created);
    expect(ids(await owner.client.get(`${base}?${all}&order_by=-issue__created_at`))).toEqual(
      [...created].reverse(),
    );
    expect(ids(await owner.client.get(`${base}?${all}&order_by=issue__sequence_id`))).toEqual(created);
    expect(ids(await owner.client.get(`${base}?${all}&order_by=-sequence_id`))).toEqual(
      [...created].reverse(),
    );
    await owner.client.patch(`${base}${items[7]!.id}/`, { issue: { name: 'Touched' } });
    expect(ids(await owner.client.get(`${base}?${all}&order_by=-issue__updated_at`))[0]).toBe(items[7]!.id);
    expectError(await owner.client.get(`${base}?order_by=priority`), 400, 'INVALID_ORDER_BY');
    // Names the lookup object has by inheritance are not orderings either (found by hostile-input).
    for (const inherited of ['valueOf', '-toString', 'constructor', '__proto__'])
      expectError(await owner.client.get(`${base}?order_by=${inherited}`), 400, 'INVALID_ORDER_BY');
  });
});

describe('detail and intakes', () => {
  it('reads an item by its work item’s id or its own, with expand=issue_inbox', async () => {
    const item = await submit({ name: 'Either id' });
    const byIssue = await owner.client.get(`${inbox}${item.issue.id}/?expand=issue_inbox`);
    expect(byIssue.status, byIssue.text).toBe(200);
    expect(byIssue.body).toEqual(item);
    expect((await owner.client.get(`${inbox}${item.id}/`)).body).toEqual(item);
    expectError(await owner.client.get(`${inbox}${item.id}/?expand=labels`), 400, 'VALIDATION_ERROR');
  });

  it('lists the project’s intake, made once, under both names', async () => {
    const project = await createProject(owner, slug, { intake_view: true });
    const base = `${ws}/projects/${project.id}`;
    const [first, second] = await Promise.all([
      owner.client.get(`${base}/intakes/`),
      owner.client.get(`${base}/inboxes/`),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toHaveLength(1);
    expect(first.body[0]).toMatchObject({ is_default: true, pending_issue_count: 0, project: project.id });
    expect(second.body[0].id).toBe(first.body[0].id);
    await submit({ name: 'Counted' }, owner.client, `${base}/inbox-issues/`);
    expect((await owner.client.get(`${base}/intakes/`)).body[0].pending_issue_count).toBe(1);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await new Client(t.baseUrl).get('/api/openapi.json')).body;
    for (const path of [
      '/api/workspaces/{slug}/projects/{project_id}/inbox-issues/',
      '/api/workspaces/{slug}/projects/{project_id}/inbox-issues/{intake_issue_id}/',
      '/api/workspaces/{slug}/projects/{project_id}/intake-issues/',
      '/api/workspaces/{slug}/projects/{project_id}/intakes/',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
