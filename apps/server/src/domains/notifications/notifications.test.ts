import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, workspaceMembers } from '../../platform/db/schema.ts';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Notifications (api.md §12): made by the outbox worker from committed changes, for subscribers,
 * assignees, the creator and mentioned users who can still see the item, never for the actor,
 * as each receiver's preferences allow; then read, archived, snoozed and counted by their receiver.
 */

let t: TestApp;
let owner: SignedIn; // workspace and project admin: the actor of most changes
let member: SignedIn;
let viewer: SignedIn;
let guest: SignedIn; // a project guest; guests here see only the items they created
let bystander: SignedIn; // a project member tied to nothing
let outsider: SignedIn; // admin of another workspace
let slug: string;
let ws: string;
let pbase: string;
let outsiderWs: string;

type Notification = { id: string; sender: string; [key: string]: any };

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  ws = `/api/workspaces/${slug}`;
  [member, viewer, guest, bystander] = await Promise.all([
    addMember(t, owner, slug, 15),
    addMember(t, owner, slug, 10),
    addMember(t, owner, slug, 5),
    addMember(t, owner, slug, 15),
  ]);
  const projectId = (await createProject(owner, slug)).id;
  pbase = `${ws}/projects/${projectId}`;
  for (const [account, role] of [
    [member, 15],
    [viewer, 10],
    [guest, 5],
    [bystander, 15],
  ] as const) {
    await addProjectMember(owner, slug, projectId, account.user.id, role);
  }
  outsider = await signUp(t);
  outsiderWs = `/api/workspaces/${(await createWorkspace(outsider)).slug}`;
}, 120_000);
afterAll(() => t?.close());

async function createIssue(body: Record<string, unknown> = {}, client = owner.client) {
  const res = await client.post(`${pbase}/issues/`, { name: 'Work', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; sequence_id: number };
}

async function patchIssue(id: string, body: Record<string, unknown>, client = owner.client) {
  const res = await client.patch(`${pbase}/issues/${id}/`, body);
  expect(res.status, res.text).toBe(200);
}

/** Lets the worker make the notifications of everything committed so far. */
const deliver = () => t.services.outboxWorker.drain();

async function inbox(account: SignedIn, query = ''): Promise<Notification[]> {
  const res = await account.client.get(`${ws}/users/notifications/${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results;
}

const about = (list: Notification[], issueId: string) => list.filter((n) => n.entity_identifier === issueId);

async function unread(account: SignedIn) {
  const res = await account.client.get(`${ws}/users/notifications/unread/`);
  expect(res.status, res.text).toBe(200);
  return res.body as { total_unread_notifications_count: number; mention_unread_notifications_count: number };
}

async function stateOfGroup(group: string): Promise<string> {
  const states = (await owner.client.get(`${pbase}/states/`)).body as { id: string; group: string }[];
  return states.find((s) => s.group === group)!.id;
}

const mention = (userId: string) =>
  `<mention-component entity_name="user_mention" entity_identifier="${userId}"></mention-component>`;

describe('who is told', () => {
  it('tells a new assignee, never the actor, and not members tied to nothing', async () => {
    const issue = await createIssue({ name: 'Assigned on creation', assignee_ids: [member.user.id] });
    await deliver();
    const [told] = about(await inbox(member), issue.id);
    expect(told).toMatchObject({
      sender: 'in_app:issue_activities:assigned',
      receiver: member.user.id,
      triggered_by: owner.user.id,
      entity_name: 'issue',
      title: 'Assigned on creation',
      read_at: null,
      is_mentioned_notification: false,
      data: { issue: { id: issue.id, name: 'Assigned on creation', sequence_id: issue.sequence_id } },
    });
    expect(told!.data.issue_activity).toMatchObject({ verb: 'created', actor: owner.user.id });
    expect(told!.triggered_by_details.id).toBe(owner.user.id);
    expect(about(await inbox(owner), issue.id)).toEqual([]);
    expect(about(await inbox(bystander), issue.id)).toEqual([]);
  });

  it('tells of a creation only those assigned at creation, however late the worker runs', async () => {
    const issue = await createIssue({ name: 'Assigned just after' });
    await patchIssue(issue.id, { assignee_ids: [member.user.id] });
    await deliver();
    const told = about(await inbox(member), issue.id);
    expect(told.map((n) => [n.data.issue_activity.verb, n.data.issue_activity.field])).toEqual([
      ['updated', 'assignees'],
    ]);
  });

  it('tells the creator, assignees and subscribers of a change, one notification per changed field', async () => {
    const issue = await createIssue({ name: 'Changes', assignee_ids: [member.user.id] }, bystander.client);
    expect((await viewer.client.post(`${pbase}/issues/${issue.id}/subscribe/`)).status).toBe(201);
    await deliver();
    await patchIssue(issue.id, { priority: 'high', state_id: await stateOfGroup('started') });
    await deliver();
    const fields = (list: Notification[]) =>
      about(list, issue.id)
        .filter((n) => n.data.issue_activity.verb === 'updated')
        .map((n) => [n.sender.split(':').pop(), n.data.issue_activity.field])
        .sort();
    expect(fields(await inbox(bystander))).toEqual([
      ['created', 'priority'],
      ['created', 'state'],
    ]);
    expect(fields(await inbox(member))).toEqual([
      ['assigned', 'priority'],
      ['assigned', 'state'],
    ]);
    expect(fields(await inbox(viewer))).toEqual([
      ['subscribed', 'priority'],
      ['subscribed', 'state'],
    ]);
    const priority = about(await inbox(viewer), issue.id).find(
      (n) => n.data.issue_activity.field === 'priority',
    )!;
    expect(priority.data.issue_activity).toMatchObject({ old_value: 'none', new_value: 'high' });
    expect(about(await inbox(owner), issue.id)).toEqual([]);
  });

  it('tells mentioned users once, as a mention, and the other participants of a comment', async () => {
    const issue = await createIssue({ name: 'Discussed', assignee_ids: [member.user.id] });
    await deliver();
    const before = await unread(bystander);
    const comment = await owner.client.post(`${pbase}/issues/${issue.id}/comments/`, {
      comment_html: `<p>Look ${mention(bystander.user.id)} and ${mention(member.user.id)}</p>`,
    });
    expect(comment.status, comment.text).toBe(201);
    await deliver();
    const [toBystander] = about(await inbox(bystander), issue.id);
    expect(toBystander).toMatchObject({
      sender: 'in_app:issue_activities:mentioned',
      is_mentioned_notification: true,
    });
    expect(toBystander!.data.issue_activity).toMatchObject({
      field: 'comment',
      issue_comment: comment.body.id,
    });
    expect(await unread(bystander)).toEqual({
      total_unread_notifications_count: before.total_unread_notifications_count + 1,
      mention_unread_notifications_count: before.mention_unread_notifications_count + 1,
    });
    // The assignee was mentioned too: one notification, the mention.
    const toMember = about(await inbox(member), issue.id).filter(
      (n) => n.data.issue_activity.field === 'comment',
    );
    expect(toMember.map((n) => n.sender)).toEqual(['in_app:issue_activities:mentioned']);
    expect(about(await inbox(bystander, '?mentioned=false'), issue.id)).toEqual([]);
  });

  it('tells users newly mentioned in a description, not those mentioned before', async () => {
    const issue = await createIssue({ description_html: `<p>${mention(viewer.user.id)}</p>` });
    await deliver();
    expect(about(await inbox(viewer), issue.id).map((n) => n.sender)).toEqual([
      'in_app:issue_activities:mentioned',
    ]);
    await patchIssue(issue.id, {
      description_html: `<p>${mention(viewer.user.id)} ${mention(bystander.user.id)}</p>`,
    });
    await deliver();
    // Mentioned before and tied by nothing else: the edit is not news for the viewer.
    expect(about(await inbox(viewer), issue.id)).toHaveLength(1);
    const toBystander = about(await inbox(bystander), issue.id);
    expect(toBystander.map((n) => n.sender)).toEqual(['in_app:issue_activities:mentioned']);
    expect(toBystander[0]!.data.issue_activity).toMatchObject({ field: 'description', new_value: null });
  });

  it('leaves out those who cannot see the item: guests on others’ items, removed members', async () => {
    // Guests cannot be assigned; a mention is how one would hear of another's item.
    const issue = await createIssue({
      name: 'Hidden from guests',
      description_html: `<p>${mention(guest.user.id)} ${mention(viewer.user.id)}</p>`,
    });
    await deliver();
    expect(about(await inbox(guest), issue.id)).toEqual([]);
    expect(about(await inbox(viewer), issue.id)).toHaveLength(1);

    // Where guests may see every item, the guest hears of it too.
    expect((await owner.client.patch(`${pbase}/`, { guest_view_all_features: true })).status).toBe(200);
    await patchIssue(issue.id, {
      description_html: `<p>${mention(viewer.user.id)} and again ${mention(guest.user.id)}</p>`,
    });
    await deliver();
    expect(about(await inbox(guest), issue.id)).toEqual([]); // mentioned before: not news
    const second = await createIssue({ description_html: `<p>${mention(guest.user.id)}</p>` });
    await deliver();
    expect(about(await inbox(guest), second.id).map((n) => n.sender)).toEqual([
      'in_app:issue_activities:mentioned',
    ]);
    await owner.client.patch(`${pbase}/`, { guest_view_all_features: false });

    // Removed from the project: nothing new, and the old ones are no longer shown.
    const removable = await addMember(t, owner, slug, 15);
    const projectId = pbase.split('/').pop()!;
    const membership = await addProjectMember(owner, slug, projectId, removable.user.id, 15);
    await patchIssue(issue.id, { assignee_ids: [removable.user.id] });
    await deliver();
    expect(about(await inbox(removable), issue.id)).toHaveLength(1);
    expect((await owner.client.delete(`${pbase}/members/${membership.id}/`)).status).toBe(204);
    await patchIssue(issue.id, { priority: 'urgent' });
    await deliver();
    expect(about(await inbox(removable), issue.id)).toEqual([]);
    expect((await unread(removable)).total_unread_notifications_count).toBe(0);

    // Out of the workspace, whatever its project memberships still say: nothing new either.
    const leaving = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, leaving.user.id, 15);
    await patchIssue(issue.id, { assignee_ids: [leaving.user.id] });
    await deliver();
    await t.services.db
      .update(workspaceMembers)
      .set({ is_active: false })
      .where(eq(workspaceMembers.member_id, leaving.user.id));
    await patchIssue(issue.id, { priority: 'low' });
    await deliver();
    const stored = await t.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiver_id, leaving.user.id));
    expect(stored).toHaveLength(1);
  });

  it('follows each receiver’s preferences, completion apart from other state changes', async () => {
    const issue = await createIssue({ assignee_ids: [member.user.id] });
    await deliver();
    const prefs = (body: Record<string, boolean>) =>
      member.client.patch('/api/users/me/notification-preferences/', body);
    expect((await prefs({ state_change: false, property_change: false })).status).toBe(200);
    await patchIssue(issue.id, { state_id: await stateOfGroup('started') });
    await patchIssue(issue.id, { priority: 'low' });
    await deliver();
    expect(about(await inbox(member), issue.id)).toHaveLength(1); // the assignment only
    await patchIssue(issue.id, { state_id: await stateOfGroup('completed') });
    await deliver();
    const completed = about(await inbox(member), issue.id).filter(
      (n) => n.data.issue_activity.field === 'state',
    );
    expect(completed).toHaveLength(1);
    expect(completed[0]!.message).toMatch(/completed the work item/);

    expect((await prefs({ issue_completed: false, comment: false, mention: false })).status).toBe(200);
    await patchIssue(issue.id, { state_id: await stateOfGroup('unstarted') });
    await patchIssue(issue.id, { state_id: await stateOfGroup('completed') });
    await owner.client.post(`${pbase}/issues/${issue.id}/comments/`, {
      comment_html: `<p>${mention(member.user.id)}</p>`,
    });
    await deliver();
    expect(about(await inbox(member), issue.id)).toHaveLength(2);
    await prefs({
      state_change: true,
      property_change: true,
      issue_completed: true,
      comment: true,
      mention: true,
    });
  });

  it('tells nobody about drafts', async () => {
    const draft = await owner.client.post(`${pbase}/issue-drafts/`, {
      name: 'Draft',
      assignee_ids: [member.user.id],
    });
    expect(draft.status, draft.text).toBe(201);
    await deliver();
    expect(about(await inbox(member), draft.body.id)).toEqual([]);
  });
});

describe('the inbox', () => {
  let items: Notification[];

  beforeAll(async () => {
    const receiver = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, pbase.split('/').pop()!, receiver.user.id, 15);
    viewerOfInbox = receiver;
    for (let i = 0; i < 5; i += 1)
      await createIssue({ name: `Inbox ${i}`, assignee_ids: [receiver.user.id] });
    const created = await createIssue({ name: 'Inbox created' }, receiver.client);
    await patchIssue(created.id, { priority: 'high' });
    await deliver();
    items = await inbox(receiver);
  });
  let viewerOfInbox: SignedIn;

  it('pages newest first with the paginated envelope and cursors', async () => {
    expect(items.map((n) => n.title)).toEqual([
      'Inbox created',
      'Inbox 4',
      'Inbox 3',
      'Inbox 2',
      'Inbox 1',
      'Inbox 0',
    ]);
    const first = await viewerOfInbox.client.get(`${ws}/users/notifications/?per_page=4`);
    expect(first.body).toMatchObject({
      total_count: 6,
      count: 4,
      next_page_results: true,
      next_cursor: '4:1:0',
    });
    const second = await viewerOfInbox.client.get(`${ws}/users/notifications/?cursor=4:1:0`);
    expect(second.body.results.map((n: Notification) => n.title)).toEqual(['Inbox 1', 'Inbox 0']);
    expect(second.body.next_page_results).toBe(false);
    expect((await viewerOfInbox.client.get(`${ws}/users/notifications/?cursor=bad`)).body.error_code).toBe(
      'INVALID_CURSOR',
    );
    expect((await viewerOfInbox.client.get(`${ws}/users/notifications/?read=maybe`)).status).toBe(400);
    expect((await viewerOfInbox.client.get(`${ws}/users/notifications/?type=everything`)).status).toBe(400);
  });

  it('filters by type: assigned, created, subscribed', async () => {
    const titles = async (type: string) =>
      (await inbox(viewerOfInbox, `?type=${type}`)).map((n) => n.title).sort();
    expect(await titles('assigned')).toEqual(['Inbox 0', 'Inbox 1', 'Inbox 2', 'Inbox 3', 'Inbox 4']);
    expect(await titles('created')).toEqual(['Inbox created']);
    expect(await titles('subscribed')).toEqual([]);
    expect(await titles('assigned,created')).toHaveLength(6);
  });

  it('reads, unreads, archives, snoozes and deletes, keeping the unread count right', async () => {
    const c = viewerOfInbox.client;
    const base = `${ws}/users/notifications`;
    const [a, b, d, e] = items as [Notification, Notification, Notification, Notification];
    expect((await unread(viewerOfInbox)).total_unread_notifications_count).toBe(6);

    const read = await c.post(`${base}/${a.id}/read/`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.read_at).not.toBeNull();
    expect((await unread(viewerOfInbox)).total_unread_notifications_count).toBe(5);
    expect((await inbox(viewerOfInbox, '?read=true')).map((n) => n.id)).toEqual([a.id]);
    expect((await c.delete(`${base}/${a.id}/read/`)).body.read_at).toBeNull();

    const archived = await c.post(`${base}/${b.id}/archive/`);
    expect(archived.body.archived_at).not.toBeNull();
    expect((await inbox(viewerOfInbox)).map((n) => n.id)).not.toContain(b.id);
    expect((await inbox(viewerOfInbox, '?archived=true')).map((n) => n.id)).toEqual([b.id]);
    expect((await unread(viewerOfInbox)).total_unread_notifications_count).toBe(5);
    await c.delete(`${base}/${b.id}/archive/`);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const snoozed = await c.patch(`${base}/${d.id}/`, { snoozed_till: tomorrow });
    expect(snoozed.status, snoozed.text).toBe(200);
    expect(new Date(snoozed.body.snoozed_till).toISOString()).toBe(tomorrow);
    expect((await inbox(viewerOfInbox)).map((n) => n.id)).not.toContain(d.id);
    expect((await inbox(viewerOfInbox, '?snoozed=true')).map((n) => n.id)).toEqual([d.id]);
    // A snooze that has ended shows again.
    await c.patch(`${base}/${d.id}/`, { snoozed_till: new Date(Date.now() - 1000).toISOString() });
    expect((await inbox(viewerOfInbox)).map((n) => n.id)).toContain(d.id);
    expect((await c.patch(`${base}/${d.id}/`, { snoozed_till: 'soon' })).status).toBe(400);

    expect((await c.delete(`${base}/${e.id}/`)).status).toBe(204);
    expect((await c.get(`${base}/${e.id}/`)).status).toBe(404);
    expect((await unread(viewerOfInbox)).total_unread_notifications_count).toBe(5);
  });

  it('marks all read with the list’s filters', async () => {
    const c = viewerOfInbox.client;
    const marked = await c.post(`${ws}/users/notifications/mark-all-read/`, { type: 'created' });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toEqual({ updated: 1 });
    expect((await unread(viewerOfInbox)).total_unread_notifications_count).toBe(4);
    expect((await c.post(`${ws}/users/notifications/mark-all-read/`, {})).body).toEqual({ updated: 4 });
    expect((await unread(viewerOfInbox)).total_unread_notifications_count).toBe(0);
  });

  it('is the receiver’s alone: others get 404, other workspaces 404, signed out 401', async () => {
    const id = items[0]!.id;
    const base = `${ws}/users/notifications`;
    for (const [method, path] of [
      ['get', `${base}/${id}/`],
      ['patch', `${base}/${id}/`],
      ['delete', `${base}/${id}/`],
      ['post', `${base}/${id}/read/`],
      ['post', `${base}/${id}/archive/`],
    ] as const) {
      const res = await (owner.client[method] as (p: string, b?: unknown) => Promise<{ status: number }>)(
        path,
        {},
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await outsider.client.get(`${base}/`)).status).toBe(404);
    expect((await outsider.client.get(`${outsiderWs}/users/notifications/${id}/`)).status).toBe(404);
    expect((await viewerOfInbox.client.get(`${outsiderWs}/users/notifications/`)).status).toBe(404);
    const anonymous = await fetch(`${t.baseUrl}${base}/`);
    expect(anonymous.status).toBe(401);
    // The receiver's notification is still theirs, untouched.
    expect((await viewerOfInbox.client.get(`${base}/${id}/`)).status).toBe(200);
  });
});

describe('mail digests', () => {
  it('mails each receiver one digest of what is still unread, once', async () => {
    const receiver = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, pbase.split('/').pop()!, receiver.user.id, 15);
    await createIssue({ name: 'Digest one', assignee_ids: [receiver.user.id] });
    await createIssue({ name: 'Digest two', assignee_ids: [receiver.user.id] });
    await deliver();
    // The digest waits a minute after a notification is made; make these old enough.
    await t.database.raw("update notifications set created_at = created_at - interval '2 minutes'");
    await t.services.notificationDigest.run();
    const digests = () =>
      t.mails.filter(
        (line) => line.startsWith(`MAIL to=${receiver.user.email} `) && line.includes('notification'),
      );
    expect(digests()).toEqual([`MAIL to=${receiver.user.email} subject="2 new notifications"`]);
    await t.services.notificationDigest.run();
    expect(digests()).toHaveLength(1);
  });
});
