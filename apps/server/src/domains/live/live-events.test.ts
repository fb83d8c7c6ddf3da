import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember, addProjectMember, createProject, createWorkspace, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startSecondNode, startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Live events (api.md §16.1) over real sockets: what a member hears of work-item changes, what a
 * guest, an outsider and another workspace do not, catch-up after a reconnect, and two app
 * instances on one PostgreSQL hearing each other's writes.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Generous: CI runs these beside the browser tests on two cores. */
const SETTLE_MS = 20_000;

interface Message {
  type: string;
  event_id?: string;
  entity?: string;
  id?: string;
  project_id?: string;
  data?: Record<string, unknown>;
  actor_id?: string;
  error_code?: string;
  [key: string]: unknown;
}

/** A browser tab's socket: the account's cookie, every message kept. */
async function listen(baseUrl: string, client: Client) {
  const cookie = client.cookieHeader();
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/live/events`, {
    headers: { cookie, origin: baseUrl },
  });
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  cleanups.push(async () => socket.close());
  const tab = {
    messages,
    socket,
    send: (message: object) => socket.send(JSON.stringify(message)),
    /** The change events heard (not the protocol's own messages). */
    changes: () => messages.filter((m) => ['created', 'updated', 'deleted'].includes(m.type)),
    async subscribe(slug: string, lastEventId?: string) {
      tab.send({
        type: 'subscribe',
        workspace_slug: slug,
        ...(lastEventId && { last_event_id: lastEventId }),
      });
      await expect
        .poll(
          () =>
            messages.find(
              (m) => (m.type === 'subscribed' && m.workspace_slug === slug) || m.type === 'error',
            ),
          {
            timeout: SETTLE_MS,
          },
        )
        .toBeTruthy();
    },
  };
  return tab;
}

async function scene(t: TestApp) {
  const owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  const [member, guest] = [await addMember(t, owner, slug, 15), await addMember(t, owner, slug, 5)];
  const project = await createProject(owner, slug);
  await addProjectMember(owner, slug, project.id, member.user.id, 15);
  await addProjectMember(owner, slug, project.id, guest.user.id, 5);
  const pbase = `/api/workspaces/${slug}/projects/${project.id}`;
  return { owner, member, guest, slug, project, pbase };
}

describe('live events', { timeout: 60_000 }, () => {
  it('tells a member of a work item created, updated and deleted, with the object as the list shows it', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const s = await scene(t);
    const tab = await listen(t.baseUrl, s.member.client);
    await tab.subscribe(s.slug);
    const subscribed = tab.messages.find((m) => m.type === 'subscribed')!;
    expect(subscribed.workspace_slug).toBe(s.slug);

    const issue = (await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Live one' })).body;
    await s.owner.client.patch(`${s.pbase}/issues/${issue.id}/`, { priority: 'high' });
    // Heard before the delete: an update read after its item is gone is not sent (the item's own
    // later event says so), which on PostgreSQL's timing sometimes happened here.
    await expect
      .poll(() => tab.changes().map((m) => m.type), { timeout: SETTLE_MS })
      .toEqual(['created', 'updated']);
    await s.owner.client.delete(`${s.pbase}/issues/${issue.id}/`);
    await expect
      .poll(() => tab.changes().map((m) => m.type), { timeout: SETTLE_MS })
      .toEqual(['created', 'updated', 'deleted']);
    const [created, updated, deleted] = tab.changes();
    expect(created).toMatchObject({
      entity: 'issue',
      id: issue.id,
      project_id: s.project.id,
      actor_id: s.owner.user.id,
      workspace_id: subscribed.workspace_id,
      data: { id: issue.id, name: 'Live one', sequence_id: 1 },
    });
    expect(updated!.data).toMatchObject({ id: issue.id, priority: 'high' });
    expect(deleted!.data).toEqual({ id: issue.id });
    // Monotonic ids that sort as text too, and a time of commit.
    const ids = tab.changes().map((m) => m.event_id!);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    expect(Date.parse(created!.at as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sends a guest only their own items, and nothing to other workspaces or non-members', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const s = await scene(t);
    // Added first: members (guests too) hear of a newcomer, which is not what this test is about.
    const nonProjectMember = await addMember(t, s.owner, s.slug, 15);
    const guest = await listen(t.baseUrl, s.guest.client);
    await guest.subscribe(s.slug);
    const outsider = await signUp(t);
    const outside = await listen(t.baseUrl, outsider.client);
    await outside.subscribe(s.slug);
    expect(outside.messages.at(-1)).toMatchObject({ type: 'error', error_code: 'NOT_FOUND' });
    const otherSlug = (await createWorkspace(outsider)).slug;
    await outside.subscribe(otherSlug);
    const bystander = await listen(t.baseUrl, nonProjectMember.client);
    await bystander.subscribe(s.slug);

    const owners = (await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Not the guest’s' })).body;
    const theirs = (await s.owner.client.post(`${s.pbase}/issues/`, { name: 'The guest’s' })).body;
    await t.services.liveHub.flush();
    expect(guest.changes()).toEqual([]);
    // Guests cannot create work items here; make one theirs, as if they had (the rule reads the creator).
    await t.database.raw('update issues set created_by = $1 where id = $2', [s.guest.user.id, theirs.id]);
    for (const issue of [owners, theirs]) {
      await s.owner.client.patch(`${s.pbase}/issues/${issue.id}/`, { priority: 'low' });
    }
    await expect.poll(() => guest.changes().length, { timeout: SETTLE_MS }).toBe(1);
    await t.services.liveHub.flush();
    expect(guest.changes().map((m) => [m.type, m.data?.name])).toEqual([['updated', 'The guest’s']]);
    expect(outside.changes()).toEqual([]);
    expect(bystander.changes()).toEqual([]);
  });

  it("follows membership changes on open sockets and closes a removed member's, on every node", async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const s = await scene(t);
    const project = (await s.owner.client.get(`${s.pbase}/members/`)).body as {
      id: string;
      member: string;
    }[];
    const memberRow = project.find((m) => m.member === s.member.user.id)!;
    const tab = await listen(t.baseUrl, s.member.client);
    await tab.subscribe(s.slug);
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));

    // Out of the project: its items are no longer heard; back in: they are again.
    await s.owner.client.delete(`${s.pbase}/members/${memberRow.id}/`);
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'While out' });
    await t.services.liveHub.flush();
    await addProjectMember(s.owner, s.slug, s.project.id, s.member.user.id, 15);
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Back in' });
    await expect
      .poll(
        () =>
          tab
            .changes()
            .filter((m) => m.entity === 'issue')
            .map((m) => m.data?.name),
        {
          timeout: SETTLE_MS,
        },
      )
      .toEqual(['Back in']);
    expect(
      tab
        .changes()
        .filter((m) => m.entity === 'project_member')
        .map((m) => m.type),
    ).toEqual(['created']);

    // A newcomer joining the workspace is heard by its members.
    const newcomer = await addMember(t, s.owner, s.slug, 10);
    await expect
      .poll(
        () =>
          tab
            .changes()
            .filter((m) => m.entity === 'workspace_member' && m.type === 'created')
            .map((m) => m.data?.id),
        { timeout: SETTLE_MS },
      )
      .toEqual([newcomer.user.id]);

    // Removed from the workspace (through another node when there is one): the socket is closed.
    const other = (await startSecondNode(t)) ?? t;
    if (other !== t) cleanups.push(() => other.close());
    const admin = new Client(other.baseUrl);
    for (const [k, v] of s.owner.client.cookies) admin.cookies.set(k, v);
    expect((await admin.delete(`/api/workspaces/${s.slug}/members/${s.member.memberId}/`)).status).toBe(204);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('open'), SETTLE_MS))])).toBe(
      4403,
    );
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'After removal' });
    await t.services.liveHub.flush();
    expect(tab.changes().map((m) => m.data?.name)).not.toContain('After removal');
  });

  it("closes a deactivated account's sockets; its workspaces' members hear that it left", async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const s = await scene(t);
    const tab = await listen(t.baseUrl, s.member.client);
    await tab.subscribe(s.slug);
    const ownerTab = await listen(t.baseUrl, s.owner.client);
    await ownerTab.subscribe(s.slug);
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));
    expect((await s.member.client.delete('/api/users/me/')).status).toBe(204);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('open'), SETTLE_MS))])).toBe(
      4401,
    );
    await expect
      .poll(
        () =>
          ownerTab
            .changes()
            .filter((m) => m.entity === 'workspace_member' && m.type === 'deleted')
            .map((m) => m.data?.id),
        { timeout: SETTLE_MS },
      )
      .toEqual([s.member.user.id]);
  });

  it('replays what a reconnecting tab missed, and asks an unknown position to resync', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const s = await scene(t);
    const first = await listen(t.baseUrl, s.member.client);
    await first.subscribe(s.slug);
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Seen' });
    await expect.poll(() => first.changes().length, { timeout: SETTLE_MS }).toBe(1);
    const last = first.changes()[0]!.event_id!;
    first.socket.close();

    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Missed one' });
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Missed two' });
    const again = await listen(t.baseUrl, s.member.client);
    await again.subscribe(s.slug, last);
    await expect
      .poll(() => again.changes().map((m) => m.data?.name), { timeout: SETTLE_MS })
      .toEqual(['Missed one', 'Missed two']);
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Live again' });
    await expect.poll(() => again.changes().length, { timeout: SETTLE_MS }).toBe(3);

    const lost = await listen(t.baseUrl, s.member.client);
    await lost.subscribe(s.slug, '999999999999');
    await expect.poll(() => lost.messages.map((m) => m.type), { timeout: SETTLE_MS }).toContain('resync');
  });

  it('refuses an upgrade without a session or from a foreign origin, and answers pings', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const s = await scene(t);
    const url = `${t.baseUrl.replace('http', 'ws')}/live/events`;
    const attempt = (headers: Record<string, string>) =>
      new Promise<{ status?: number; close?: number }>((resolve) => {
        const socket = new WebSocket(url, { headers });
        socket.on('unexpected-response', (_req, res) => {
          resolve({ status: res.statusCode });
          socket.terminate();
        });
        socket.on('close', (code) => resolve({ close: code }));
        socket.on('error', () => {});
      });
    expect(await attempt({})).toEqual({ status: 401 });
    const cookie = s.member.client.cookieHeader();
    expect(await attempt({ cookie, origin: 'https://evil.example' })).toEqual({ close: 4403 });
    const tab = await listen(t.baseUrl, s.member.client);
    tab.send({ type: 'ping' });
    tab.send({ type: 'nonsense' });
    await expect
      .poll(() => tab.messages.map((m) => m.type), { timeout: SETTLE_MS })
      .toEqual(['pong', 'error']);
    expect((await s.member.client.get('/live/events')).status).toBe(400);
  });

  it('delivers a write made through another app instance on the same PostgreSQL', async () => {
    const nodeA = await startTestApp();
    cleanups.push(() => nodeA.close());
    const nodeB = await startSecondNode(nodeA);
    if (!nodeB) return;
    cleanups.push(() => nodeB.close());
    const s = await scene(nodeA);
    const onB = new Client(nodeB.baseUrl);
    for (const [k, v] of s.member.client.cookies) onB.cookies.set(k, v);
    const tab = await listen(nodeB.baseUrl, onB);
    await tab.subscribe(s.slug);
    await s.owner.client.post(`${s.pbase}/issues/`, { name: 'Written on A' });
    await expect
      .poll(() => tab.changes().map((m) => m.data?.name), { timeout: SETTLE_MS })
      .toEqual(['Written on A']);
  });
});
