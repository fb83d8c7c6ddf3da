import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember, addProjectMember, type SignedIn } from '../factories.ts';
import type { HttpResult } from '../http-client.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { type Accounts, signUpAccounts, World } from './world.ts';

/**
 * The canary across the channels that are not answers (quality.md §2): while the canary's owner
 * makes every kind of write in their workspace — and names the matrix's users in it, which must be
 * refused or come to nothing — and the matrix's admin works in theirs, no live event heard by a
 * matrix actor, no webhook delivery of the matrix workspace, no notification of a matrix actor and
 * no export of the matrix's projects may carry the canary's marker or ids. The same traffic is
 * shown to reach every one of those channels (and the canary's own), so silence is not a pass.
 */

/** Generous: CI runs these beside the browser tests on two cores. */
const SETTLE_MS = 20_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const LISTENERS = ['admin', 'member', 'viewer', 'guest', 'nonProjectMember'] as const;
type Listener = (typeof LISTENERS)[number];

let t: TestApp;
let accounts: Accounts;
let w: World;
let canary: World;
let receiver: Receiver;
const closers: (() => unknown)[] = [];

/** Values of the canary that are not objects World made: its owner, and a member who joins it. */
const canaryValues = new Set<string>();

function leaksIn(text: string): string[] {
  const found = text.includes(canary.marker) ? [canary.marker] : [];
  for (const [id] of text.matchAll(UUID)) if (canary.ids.has(id) || canaryValues.has(id)) found.push(id);
  return found;
}

/** Each text (a frame, a request, a file) is free of the canary; a failure shows the first that is not. */
function expectClean(texts: string | string[], what: string) {
  const leaking = [texts].flat().find((text) => leaksIn(text).length > 0);
  expect(
    leaking && `${leaksIn(leaking).join(', ')} in ${leaking.slice(0, 400)}`,
    `${what} names the canary`,
  ).toBe(undefined);
}

/** Waits for `done` (expect.poll is for tests only, and set-up waits too). */
async function until(done: () => boolean) {
  const deadline = Date.now() + SETTLE_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${done}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// Listeners: sockets and a webhook receiver that keep everything they hear, as received.

/** A `/live/events` socket of the account, subscribed to `slug`, keeping every frame as text. */
async function listen(account: SignedIn, slug: string, lastEventId?: string) {
  const socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/live/events`, {
    headers: { cookie: account.client.cookieHeader(), origin: t.baseUrl },
  });
  const frames: string[] = [];
  socket.on('message', (raw) => frames.push(String(raw)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  closers.push(() => socket.close());
  const messages = () => frames.map((f) => JSON.parse(f) as Record<string, any>);
  socket.send(
    JSON.stringify({
      type: 'subscribe',
      workspace_slug: slug,
      ...(lastEventId && { last_event_id: lastEventId }),
    }),
  );
  await until(() => messages().some((m) => m.type === 'subscribed' || m.type === 'error'));
  return {
    frames,
    messages,
    changes: () => messages().filter((m) => ['created', 'updated', 'deleted'].includes(m.type)),
  };
}
type Tab = Awaited<ReturnType<typeof listen>>;

/** A local webhook receiver: every request kept, by path, answered 200. */
function startReceiver() {
  const received: { path: string; headers: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: JSON.stringify(req.headers), body });
      res.writeHead(200).end('ok');
    });
  });
  return new Promise<{ url: (path: string) => string; received: typeof received; close: () => void }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: (path) => `http://127.0.0.1:${port}${path}`,
          received,
          close: () => {
            server.closeAllConnections();
            server.close();
          },
        });
      }),
  );
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function ok(pending: Promise<HttpResult>, what: string): Promise<any> {
  const res = await pending;
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  return res.body;
}

/** Every webhook flag on: the receiver hears every event kind of the workspace. */
const ALL_EVENTS = {
  project: true,
  issue: true,
  cycle: true,
  module: true,
  issue_comment: true,
  intake_issue: true,
};

const mention = (userId: string) =>
  `<mention-component entity_name="user_mention" entity_identifier="${userId}"></mention-component>`;

// ---------------------------------------------------------------------------------------------
// The traffic.

/** The matrix's own traffic, which its listeners must hear: a member assigned, the viewer mentioned. */
const matrixTraffic = {
  issueName: 'Matrix live item',
  issueId: '',
  async run() {
    const admin = w.admin;
    const pbase = await w.pbase();
    const issue = await ok(
      admin.post(`${pbase}/issues/`, {
        name: this.issueName,
        assignee_ids: [accounts.member.user.id],
        description_html: `<p>For ${mention(accounts.viewer.user.id)}</p>`,
      }),
      'matrix issue',
    );
    this.issueId = issue.id;
    await ok(admin.patch(`${pbase}/issues/${issue.id}/`, { priority: 'urgent' }), 'matrix edit');
    await ok(
      admin.post(`${pbase}/issues/${issue.id}/comments/`, { comment_html: '<p>Matrix comment</p>' }),
      'comment',
    );
    await w.cycle();
    await w.module();
    // Heard by every member of the workspace, the guest and the non-project member too. (Joining
    // by invitation is not a live event yet; a change of role is.)
    const joiner = await addMember(t, accounts.admin, w.slug, 15);
    await ok(admin.patch(`${w.ws}/members/${joiner.memberId}/`, { role: 10 }), 'matrix role change');
  },
};

/** What the canary's owner tried that names the matrix's users or objects, and the answer. */
const nasty: { what: string; status: number; answer: string }[] = [];

/** The canary owner's writes in their own workspace: every kind the channels carry, all marked. */
async function canaryTraffic() {
  const owner = canary.admin;
  const pbase = await canary.pbase();
  const keep = <T extends { id: string }>(body: T) => {
    canary.ids.add(body.id);
    return body;
  };
  const issue = await canary.issue();
  await ok(
    owner.patch(`${pbase}/issues/${issue.id}/`, {
      name: `${canary.marker} renamed`,
      priority: 'high',
      description_html: `<p>${canary.marker} edited</p>`,
    }),
    'canary edit',
  );
  await canary.comment();
  await canary.label();
  await canary.state();
  await canary.inCycle('main', (await canary.cycle()).id);
  await canary.inModule('main', (await canary.module()).id);
  await canary.cycle('main', 'archived');
  await canary.module('main', 'archived');
  await canary.moduleLink();
  await canary.view();
  await canary.page();
  await canary.link();
  await canary.attachment();
  await canary.related();
  await canary.issueReaction();
  await canary.commentReaction();
  await canary.estimate();
  await canary.intakeItem();
  await canary.draft();
  await canary.archivedIssue();
  await ok(owner.patch(`${pbase}/`, { description: `${canary.marker} project edited` }), 'canary project');
  const doomed = keep(
    await ok(owner.post(`${pbase}/issues/`, { name: `${canary.marker} doomed` }), 'doomed'),
  );
  await ok(owner.delete(`${pbase}/issues/${doomed.id}/`), 'canary delete');
  // Membership events of the canary: someone joins it and its project.
  const joiner = await addMember(t, accounts.otherAdmin, canary.slug, 15);
  canaryValues.add(joiner.user.id);
  canaryValues.add(joiner.memberId);
  await ok(owner.patch(`${canary.ws}/members/${joiner.memberId}/`, { role: 20 }), 'canary role change');
  keep(
    await addProjectMember(accounts.otherAdmin, canary.slug, await canary.projectId(), joiner.user.id, 15),
  );
  await ok(
    owner.post(`${pbase}/issues/`, {
      name: `${canary.marker} for the joiner`,
      assignee_ids: [joiner.user.id],
    }),
    'assigned to the joiner',
  ).then(keep);

  // The nasty part: the matrix's users (and an item) named in the canary. Each is refused, or — a
  // mention — stored as text that notifies nobody outside the canary.
  const matrixUsers = LISTENERS.map((actor) => accounts[actor].user.id);
  const matrixIssue = async () => (await w.issue()).id;
  const attempts: [string, () => Promise<HttpResult>][] = [
    [
      'assign matrix users on create',
      async () =>
        owner.post(`${pbase}/issues/`, { name: `${canary.marker} assigned`, assignee_ids: matrixUsers }),
    ],
    [
      'assign matrix users on edit',
      async () => owner.patch(`${pbase}/issues/${issue.id}/`, { assignee_ids: matrixUsers }),
    ],
    [
      'subscribe a matrix user',
      async () =>
        owner.post(`${pbase}/issues/${issue.id}/issue-subscribers/`, { subscriber: accounts.member.user.id }),
    ],
    [
      'add a matrix user to the project',
      async () =>
        owner.post(`${pbase}/members/`, { members: [{ member_id: accounts.member.user.id, role: 15 }] }),
    ],
    [
      'make a matrix user project lead',
      async () => owner.patch(`${pbase}/`, { project_lead: accounts.member.user.id }),
    ],
    [
      'make a matrix user default assignee',
      async () => owner.patch(`${pbase}/`, { default_assignee: accounts.member.user.id }),
    ],
    [
      'make a matrix user module lead',
      async () =>
        owner.post(`${pbase}/modules/`, { name: `${canary.marker} led`, lead_id: accounts.member.user.id }),
    ],
    [
      'make matrix users module members',
      async () =>
        owner.post(`${pbase}/modules/`, { name: `${canary.marker} staffed`, member_ids: matrixUsers }),
    ],
    [
      'make a matrix user own a cycle',
      async () =>
        owner.post(`${pbase}/cycles/`, {
          name: `${canary.marker} owned`,
          owned_by_id: accounts.member.user.id,
        }),
    ],
    [
      'parent a canary item under a matrix item',
      async () =>
        owner.post(`${pbase}/issues/`, { name: `${canary.marker} child`, parent_id: await matrixIssue() }),
    ],
    [
      'relate a canary item to a matrix item',
      async () =>
        owner.post(`${pbase}/issues/${issue.id}/issue-relation/`, {
          relation_type: 'relates_to',
          issues: [await matrixIssue()],
        }),
    ],
  ];
  for (const [what, attempt] of attempts) {
    const res = await attempt();
    nasty.push({ what, status: res.status, answer: res.text.slice(0, 200) });
    if (res.status < 300 && res.body?.id) keep(res.body);
  }
  const mentions = matrixUsers.map(mention).join(' ');
  const mentioning = keep(
    await ok(
      owner.post(`${pbase}/issues/`, {
        name: `${canary.marker} mentioning`,
        description_html: `<p>${canary.marker} ${mentions}</p>`,
      }),
      'mention in a new item',
    ),
  );
  await ok(
    owner.patch(`${pbase}/issues/${mentioning.id}/`, {
      description_html: `<p>${canary.marker} again ${mentions}</p>`,
    }),
    'mention in an edit',
  );
  keep(
    await ok(
      owner.post(`${pbase}/issues/${issue.id}/comments/`, {
        comment_html: `<p>${canary.marker} ${mentions}</p>`,
      }),
      'mention in a comment',
    ),
  );
}

// ---------------------------------------------------------------------------------------------

const tabs = {} as Record<Listener, Tab>;
let canaryTab: Tab;
let replayTab: Tab;

beforeAll(async () => {
  [t, receiver] = await Promise.all([
    startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '1500' }),
    startReceiver(),
  ]);
  closers.push(() => receiver.close());
  accounts = await signUpAccounts(t);
  [w, canary] = await Promise.all([World.withMembers(t, accounts), World.canary(t, accounts)]);
  canaryValues.add(accounts.otherAdmin.user.id);
  await w.issue(); // the item the nasty writes point at, made before anyone listens
  // What set-up committed is not part of the traffic.
  await t.services.outboxWorker.drain();
  await ok(w.admin.post(`${w.ws}/webhooks/`, { url: receiver.url('/matrix'), ...ALL_EVENTS }), 'matrix hook');
  // The canary's own webhook and socket: its traffic does reach the channels.
  await ok(
    canary.admin.post(`${canary.ws}/webhooks/`, { url: receiver.url('/canary'), ...ALL_EVENTS }),
    'hook',
  );
  canaryTab = await listen(accounts.otherAdmin, canary.slug);
  for (const actor of LISTENERS) tabs[actor] = await listen(accounts[actor], w.slug);
  // A matrix socket asking for the canary's workspace is told it does not exist.
  const prying = await listen(accounts.admin, canary.slug);
  expect(prying.messages()).toEqual([expect.objectContaining({ type: 'error', error_code: 'NOT_FOUND' })]);
  tabs.admin.frames.push(...prying.frames);

  await Promise.all([canaryTraffic(), matrixTraffic.run()]);

  await t.services.outboxWorker.drain();
  await t.services.webhookDeliveries.drain();
  await t.services.liveHub.flush();
  // A tab reconnecting from the first event it heard is replayed everything since, by the replay path.
  await until(() => tabs.admin.changes().length > 3);
  replayTab = await listen(accounts.admin, w.slug, tabs.admin.changes()[0]!.event_id);
}, 180_000);

afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
});

describe('the canary across channels', { timeout: 60_000 }, () => {
  it("refuses every write of the canary's owner that names the matrix's users or items", () => {
    expect(nasty).toHaveLength(11);
    expect(nasty.filter((n) => n.status < 400 || n.status >= 500)).toEqual([]);
  });

  it('tells no matrix socket of the canary, while they hear the matrix', async () => {
    // Heard: by each listener a member's change of role; by the project's members the new item.
    for (const actor of LISTENERS) {
      await expect
        .poll(() => tabs[actor].changes().some((m) => m.entity === 'workspace_member'), {
          timeout: SETTLE_MS,
        })
        .toBe(true);
    }
    for (const actor of ['admin', 'member', 'viewer'] as const) {
      expect(
        tabs[actor].changes().map((m) => m.id),
        actor,
      ).toContain(matrixTraffic.issueId);
    }
    await expect
      .poll(() => replayTab.changes().map((m) => m.id), { timeout: SETTLE_MS })
      .toContain(matrixTraffic.issueId);
    // The canary's own socket heard its traffic, marker and all.
    expect(canaryTab.frames.join('\n')).toContain(canary.marker);
    expect(canaryTab.changes().map((m) => m.entity)).toEqual(
      expect.arrayContaining([
        'issue',
        'issue_comment',
        'cycle',
        'module',
        'workspace_member',
        'project_member',
      ]),
    );

    for (const actor of LISTENERS) expectClean(tabs[actor].frames, `${actor}'s socket`);
    expectClean(replayTab.frames, "the admin's replayed socket");
  });

  it("delivers nothing of the canary to the matrix's webhook", () => {
    const to = (path: string) => receiver.received.filter((r) => r.path === path);
    const matrixEvents = to('/matrix').map((r) => JSON.parse(r.body));
    expect(matrixEvents.map((b) => `${b.event}:${b.data.id}`)).toContain(`issue:${matrixTraffic.issueId}`);
    expect(matrixEvents.map((b) => b.event)).toEqual(
      expect.arrayContaining(['issue', 'issue_comment', 'cycle', 'module']),
    );
    expect(
      to('/canary')
        .map((r) => r.body)
        .join('\n'),
    ).toContain(canary.marker);
    expectClean(
      to('/matrix').map((r) => r.headers + r.body),
      'a delivery of the matrix',
    );
  });

  it('notifies no matrix actor of anything in the canary', async () => {
    const inbox = (account: SignedIn) =>
      ok(account.client.get(`${w.ws}/users/notifications/?per_page=100`), 'inbox').then((b) => b.results);
    expect((await inbox(accounts.member)).map((n: any) => n.entity_identifier)).toContain(
      matrixTraffic.issueId,
    );
    expect((await inbox(accounts.viewer)).some((n: any) => n.sender.endsWith(':mentioned'))).toBe(true);
    for (const actor of LISTENERS) {
      const client = accounts[actor].client;
      for (const path of ['users/notifications/?per_page=100', 'users/notifications/unread/']) {
        expectClean((await client.get(`${w.ws}/${path}`)).text, `${actor}'s ${path}`);
      }
    }
    // Also what no answer shows: a stored notification of a matrix actor in any workspace, which
    // the mail digest would send.
    const rows = await t.database.raw<{ row: string }>(
      'select n::text as row from notifications n where receiver_id = any($1::uuid[])',
      [LISTENERS.map((actor) => accounts[actor].user.id)],
    );
    expect(rows.length).toBeGreaterThan(0);
    expectClean(
      rows.map((r) => r.row),
      "a matrix actor's stored notification",
    );
    // The canary's own member was notified of their item: the pipeline ran for the canary too.
    const joinerRows = await t.database.raw<{ row: string }>(
      'select n::text as row from notifications n where workspace_id = $1',
      [canaryTab.messages().find((m) => m.type === 'subscribed')!.workspace_id],
    );
    expect(joinerRows.map((r) => r.row).join('\n')).toContain(canary.marker);
    for (const actor of LISTENERS) {
      const mails = t.mails.filter((line) => line.startsWith(`MAIL to=${accounts[actor].user.email} `));
      expectClean(mails, `mail to ${actor}`);
    }
  });

  it("exports nothing of the canary from the matrix's projects, and refuses its project", async () => {
    const exports = `${w.ws}/export-issues/`;
    const canaryProject = await canary.projectId();
    for (const project of [[canaryProject], [await w.projectId(), canaryProject]]) {
      const res = await w.admin.post(exports, { provider: 'json', project });
      expect(res.status, res.text).toBe(404);
    }
    for (const [account, provider] of [
      [accounts.admin, 'csv'],
      [accounts.admin, 'json'],
      [accounts.member, 'json'],
    ] as const) {
      await ok(account.client.post(exports, { provider, project: [await w.projectId()] }), 'export');
      while (await t.services.exports.processNext()) {}
      const latest = (await ok(account.client.get(exports), 'exports')).results[0];
      expect(latest.status).toBe('completed');
      const file = await account.client.get(latest.url);
      expect(file.text).toContain(matrixTraffic.issueName);
      expectClean(file.text, `${provider} export`);
    }
  });
});
