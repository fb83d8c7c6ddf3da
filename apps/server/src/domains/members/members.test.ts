import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceMembers } from '../../platform/db/schema.ts';
import { addMember, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const MEMBER_KEYS = ['id', 'member', 'role', 'is_active', 'created_at', 'updated_at'].sort();
const USER_LITE_KEYS = ['id', 'first_name', 'last_name', 'display_name', 'avatar', 'avatar_url', 'is_bot'];
const MEMBER_ME_KEYS = [
  'id',
  'member',
  'role',
  'workspace',
  'view_props',
  'default_props',
  'issue_props',
  'draft_issue_count',
  'is_active',
  'created_at',
  'updated_at',
].sort();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';

function expectError(res: HttpResult, status: number, code: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error_code).toBe(code);
  if (message !== undefined) expect(res.body.error).toBe(message);
}

/** A WorkspaceMember with every key; `email` only when the caller may see it. */
function expectMember(body: Record<string, any>, withEmail: boolean) {
  expect(Object.keys(body).sort()).toEqual(MEMBER_KEYS);
  expect(Object.keys(body.member).sort()).toEqual(
    [...USER_LITE_KEYS, ...(withEmail ? ['email'] : [])].sort(),
  );
  expect(body.is_active).toBe(true);
  expect(body.created_at).toMatch(ISO);
  expect(body.updated_at).toMatch(ISO);
  expect(body.member.is_bot).toBe(false);
}

let t: TestApp;
let owner: SignedIn;
let slug: string;
let workspaceId: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  const workspace = await createWorkspace(owner);
  slug = workspace.slug;
  workspaceId = workspace.id;
});
afterEach(() => t.close());

const base = () => `/api/workspaces/${slug}`;
const memberPath = (id: string) => `${base()}/members/${id}/`;

async function ownerMemberId(): Promise<string> {
  const me = await owner.client.get(`${base()}/workspace-members/me/`);
  return me.body.id;
}

async function activeAdmins(): Promise<number> {
  const rows = await t.services.db
    .select()
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspace_id, workspaceId),
        eq(workspaceMembers.is_active, true),
        eq(workspaceMembers.role, 20),
      ),
    );
  return rows.length;
}

describe('listing and reading members', () => {
  it('lists active members; email is shown to admins for everyone and to others only for themselves', async () => {
    const member = await addMember(t, owner, slug, 15);
    const guest = await addMember(t, owner, slug, 5);

    const asAdmin = await owner.client.get(`${base()}/members/`);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.body).toHaveLength(3);
    for (const m of asAdmin.body) expectMember(m, true);
    expect(asAdmin.body.map((m: any) => [m.member.id, m.member.email, m.role])).toEqual([
      [owner.user.id, owner.user.email, 20],
      [member.user.id, member.user.email, 15],
      [guest.user.id, guest.user.email, 5],
    ]);
    expect(asAdmin.body[1]).toMatchObject({
      id: member.memberId,
      member: { first_name: 'Test', last_name: 'User', display_name: member.user.display_name },
    });

    for (const who of [member, guest]) {
      const list = await who.client.get(`${base()}/members/`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.map((m: any) => m.id)).toEqual(asAdmin.body.map((m: any) => m.id));
      for (const m of list.body) {
        const self = m.member.id === who.user.id;
        expectMember(m, self);
        if (self) expect(m.member.email).toBe(who.user.email);
      }
      expect(list.text).not.toContain(owner.user.email);
    }
  });

  it('reads one member by its membership id with the same email rule', async () => {
    const member = await addMember(t, owner, slug, 15);
    const viewer = await addMember(t, owner, slug, 10);
    const adminView = await owner.client.get(memberPath(member.memberId));
    expect(adminView.status, adminView.text).toBe(200);
    expectMember(adminView.body, true);
    expect(adminView.body).toMatchObject({ id: member.memberId, role: 15, member: { id: member.user.id } });

    const peerView = await viewer.client.get(memberPath(member.memberId));
    expect(peerView.status).toBe(200);
    expectMember(peerView.body, false);
    const selfView = await member.client.get(memberPath(member.memberId));
    expectMember(selfView.body, true);
    expect(selfView.body.member.email).toBe(member.user.email);
  });

  it('answers 404 Member not found for unknown, foreign, user and removed ids; 404 for malformed ids', async () => {
    const member = await addMember(t, owner, slug, 15);
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const foreign = await addMember(t, other, otherSlug, 15);
    for (const id of [UNKNOWN_ID, foreign.memberId, member.user.id]) {
      expectError(await owner.client.get(memberPath(id)), 404, 'NOT_FOUND', 'Member not found');
      expectError(
        await owner.client.patch(memberPath(id), { role: 10 }),
        404,
        'NOT_FOUND',
        'Member not found',
      );
      expectError(await owner.client.delete(memberPath(id)), 404, 'NOT_FOUND', 'Member not found');
    }
    for (const id of ['not-a-uuid', '123', `${UNKNOWN_ID}x`]) {
      expectError(await owner.client.get(memberPath(id)), 404, 'NOT_FOUND');
      expectError(await owner.client.patch(memberPath(id), { role: 10 }), 404, 'NOT_FOUND');
      expectError(await owner.client.delete(memberPath(id)), 404, 'NOT_FOUND');
    }
    // The foreign member was left untouched.
    expect(
      (await other.client.get(`/api/workspaces/${otherSlug}/members/${foreign.memberId}/`)).body.role,
    ).toBe(15);
    expect((await owner.client.delete(memberPath(member.memberId))).status).toBe(204);
    expectError(await owner.client.get(memberPath(member.memberId)), 404, 'NOT_FOUND', 'Member not found');
    expectError(await owner.client.patch(memberPath(member.memberId), { role: 10 }), 404, 'NOT_FOUND');
    expectError(await owner.client.delete(memberPath(member.memberId)), 404, 'NOT_FOUND');
  });

  it('returns the caller’s own membership at workspace-members/me', async () => {
    const viewer = await addMember(t, owner, slug, 10);
    const res = await viewer.client.get(`${base()}/workspace-members/me/`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(MEMBER_ME_KEYS);
    expect(res.body).toMatchObject({
      id: viewer.memberId,
      member: viewer.user.id,
      role: 10,
      workspace: workspaceId,
      draft_issue_count: 0,
      is_active: true,
    });
    for (const key of ['view_props', 'default_props', 'issue_props']) {
      expect(typeof res.body[key]).toBe('object');
      expect(Array.isArray(res.body[key])).toBe(false);
      expect(res.body[key]).not.toBeNull();
    }
    expect(res.body.created_at).toMatch(ISO);
    expect((await owner.client.get(`${base()}/workspace-members/me/`)).body).toMatchObject({
      member: owner.user.id,
      role: 20,
    });
  });
});

describe('access rules', () => {
  it('requires a session on every member route', async () => {
    const member = await addMember(t, owner, slug, 15);
    const anon = new Client(t.baseUrl);
    const routes: [string, string, unknown?][] = [
      ['GET', `${base()}/members/`],
      ['GET', memberPath(member.memberId)],
      ['PATCH', memberPath(member.memberId), { role: 10 }],
      ['DELETE', memberPath(member.memberId)],
      ['POST', `${base()}/members/leave/`],
      ['GET', `${base()}/workspace-members/me/`],
    ];
    for (const [method, path, json] of routes) {
      expectError(await anon.request(method, path, { json }), 401, 'AUTHENTICATION_REQUIRED');
    }
    expect((await owner.client.get(memberPath(member.memberId))).body.role).toBe(15);
  });

  it('hides the members of other workspaces (and unknown slugs) behind 404', async () => {
    const member = await addMember(t, owner, slug, 15);
    const stranger = await signUp(t);
    await createWorkspace(stranger);
    for (const target of [slug, 'unknown-workspace']) {
      const at = (p: string) => `/api/workspaces/${target}${p}`;
      const routes: [string, string, unknown?][] = [
        ['GET', at('/members/')],
        ['GET', at(`/members/${member.memberId}/`)],
        ['PATCH', at(`/members/${member.memberId}/`), { role: 5 }],
        ['DELETE', at(`/members/${member.memberId}/`)],
        ['POST', at('/members/leave/')],
        ['GET', at('/workspace-members/me/')],
      ];
      for (const [method, path, json] of routes) {
        expectError(await stranger.client.request(method, path, { json }), 404, 'NOT_FOUND');
      }
    }
    expect((await owner.client.get(`${base()}/members/`)).body).toHaveLength(2);
    expect((await owner.client.get(memberPath(member.memberId))).body.role).toBe(15);
  });

  it('refuses member changes to members, viewers and guests with 403 before validating', async () => {
    const target = await addMember(t, owner, slug, 10);
    const ownerId = await ownerMemberId();
    for (const role of [15, 10, 5]) {
      const { client, memberId } = await addMember(t, owner, slug, role);
      for (const id of [target.memberId, ownerId, memberId]) {
        expectError(await client.patch(memberPath(id), { role: 20 }), 403, 'FORBIDDEN');
        expectError(await client.patch(memberPath(id), { role: 'boss' }), 403, 'FORBIDDEN');
        expectError(await client.delete(memberPath(id)), 403, 'FORBIDDEN');
      }
      expect((await client.get(`${base()}/workspace-members/me/`)).body.role).toBe(role);
    }
    expect((await owner.client.get(memberPath(target.memberId))).body.role).toBe(10);
    expect((await owner.client.get(`${base()}/members/`)).body).toHaveLength(5);
  });
});

describe('changing roles', () => {
  it('changes a member’s role, effective on their very next request', async () => {
    const member = await addMember(t, owner, slug, 15);
    const before = (await owner.client.get(memberPath(member.memberId))).body;

    const promoted = await owner.client.patch(memberPath(member.memberId), { role: 20, is_active: false });
    expect(promoted.status, promoted.text).toBe(200);
    expectMember(promoted.body, true);
    expect(promoted.body).toMatchObject({ id: member.memberId, role: 20, is_active: true });
    expect(promoted.body.member.id).toBe(member.user.id);
    expect(Date.parse(promoted.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    // Now an admin: can rename the workspace and sees everyone's email.
    expect((await member.client.patch(`${base()}/`, { name: 'By the new admin' })).status).toBe(200);
    const list = (await member.client.get(`${base()}/members/`)).body;
    expect(list.every((m: any) => typeof m.member.email === 'string')).toBe(true);

    const demoted = await owner.client.patch(memberPath(member.memberId), { role: 5 });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe(5);
    expectError(await member.client.patch(`${base()}/`, { name: 'Again' }), 403, 'FORBIDDEN');
    expect((await member.client.get(`${base()}/workspace-members/me/`)).body.role).toBe(5);
    expect((await member.client.get(`${base()}/`)).body.role).toBe(5);
    expect((await owner.client.get(memberPath(member.memberId))).body.role).toBe(5);
  });

  it('validates the role (400 with fields) and changes nothing', async () => {
    const member = await addMember(t, owner, slug, 15);
    for (const body of [{}, { role: 7 }, { role: 25 }, { role: '20' }, { role: null }, { role: 0 }]) {
      const res = await owner.client.patch(memberPath(member.memberId), body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.body.fields)).toEqual(['role']);
    }
    expect((await owner.client.get(memberPath(member.memberId))).body.role).toBe(15);
  });

  it('never lets the last admin be demoted (400 LAST_ADMIN), but allows it while another admin remains', async () => {
    const ownerId = await ownerMemberId();
    for (const role of [15, 10, 5]) {
      expectError(await owner.client.patch(memberPath(ownerId), { role }), 400, 'LAST_ADMIN');
    }
    // Re-sending ADMIN to the last admin is no demotion.
    expect((await owner.client.patch(memberPath(ownerId), { role: 20 })).status).toBe(200);
    const second = await addMember(t, owner, slug, 20);
    const self = await owner.client.patch(memberPath(ownerId), { role: 15 });
    expect(self.status, self.text).toBe(200);
    expect(self.body.role).toBe(15);
    expectError(await owner.client.patch(memberPath(ownerId), { role: 20 }), 403, 'FORBIDDEN');
    const secondId = second.memberId;
    expectError(await second.client.patch(memberPath(secondId), { role: 10 }), 400, 'LAST_ADMIN');
    expect(await activeAdmins()).toBe(1);
  });

  it('keeps one admin when two admins demote themselves at the same time', async () => {
    const second = await addMember(t, owner, slug, 20);
    const ownerId = await ownerMemberId();
    const results = await Promise.all([
      owner.client.patch(memberPath(ownerId), { role: 15 }),
      second.client.patch(memberPath(second.memberId), { role: 15 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400)!;
    expectError(refused, 400, 'LAST_ADMIN');
    expect(await activeAdmins()).toBe(1);
  });

  it('keeps one admin when two admins demote each other at the same time', async () => {
    const second = await addMember(t, owner, slug, 20);
    const ownerId = await ownerMemberId();
    const results = await Promise.all([
      owner.client.patch(memberPath(second.memberId), { role: 15 }),
      second.client.patch(memberPath(ownerId), { role: 15 }),
    ]);
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    // Either the loser's request passed the role check before the winner committed (LAST_ADMIN),
    // or it arrived after and the loser was no longer an admin (FORBIDDEN).
    const loser = refused[0]!;
    if (loser.status === 400) expectError(loser, 400, 'LAST_ADMIN');
    else expectError(loser, 403, 'FORBIDDEN');
    expect(await activeAdmins()).toBe(1);
  });
});

describe('removing members and leaving', () => {
  it('removes a member, who loses access at once and disappears from lists and counts', async () => {
    const member = await addMember(t, owner, slug, 15);
    expect((await member.client.get(`${base()}/`)).status).toBe(200);
    const res = await owner.client.delete(memberPath(member.memberId));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await member.client.get(`${base()}/`), 404, 'NOT_FOUND');
    expectError(await member.client.get(`${base()}/members/`), 404, 'NOT_FOUND');
    expectError(await member.client.get(`${base()}/workspace-members/me/`), 404, 'NOT_FOUND');
    expect((await member.client.get('/api/workspaces/')).body).toEqual([]);
    const list = (await owner.client.get(`${base()}/members/`)).body;
    expect(list.map((m: any) => m.member.id)).toEqual([owner.user.id]);
    expect((await owner.client.get(`${base()}/`)).body.total_members).toBe(1);
  });

  it('refuses to let an admin remove themselves (use leave) with 400', async () => {
    const ownerId = await ownerMemberId();
    expectError(await owner.client.delete(memberPath(ownerId)), 400, 'BAD_REQUEST');
    await addMember(t, owner, slug, 20);
    expectError(await owner.client.delete(memberPath(ownerId)), 400, 'BAD_REQUEST');
    expect((await owner.client.get(`${base()}/`)).status).toBe(200);
  });

  it('lets an admin remove another admin, keeping at least one under concurrent removals', async () => {
    const second = await addMember(t, owner, slug, 20);
    const third = await addMember(t, owner, slug, 20);
    expect((await owner.client.delete(memberPath(third.memberId))).status).toBe(204);
    expectError(await third.client.get(`${base()}/`), 404, 'NOT_FOUND');

    const ownerId = await ownerMemberId();
    const results = await Promise.all([
      owner.client.delete(memberPath(second.memberId)),
      second.client.delete(memberPath(ownerId)),
    ]);
    const ok = results.filter((r) => r.status === 204);
    expect(ok).toHaveLength(1);
    const loser = results.find((r) => r.status !== 204)!;
    // The loser either passed the membership check before the winner committed (LAST_ADMIN)
    // or was already removed (404).
    if (loser.status === 400) expectError(loser, 400, 'LAST_ADMIN');
    else expectError(loser, 404, 'NOT_FOUND');
    expect(await activeAdmins()).toBe(1);
  });

  it('lets non-admins leave; they lose access at once', async () => {
    for (const role of [15, 10, 5]) {
      const member = await addMember(t, owner, slug, role);
      const res = await member.client.post(`${base()}/members/leave/`);
      expect(res.status, res.text).toBe(204);
      expect(res.text).toBe('');
      expectError(await member.client.get(`${base()}/`), 404, 'NOT_FOUND');
      expectError(await member.client.post(`${base()}/members/leave/`), 404, 'NOT_FOUND');
      expectError(await owner.client.get(memberPath(member.memberId)), 404, 'NOT_FOUND', 'Member not found');
    }
    expect((await owner.client.get(`${base()}/`)).body.total_members).toBe(1);
    expectError(
      await owner.client.post(`${base()}/members/leave/`, undefined, { csrf: false }),
      403,
      'CSRF_FAILED',
    );
  });

  it('refuses to let the last admin leave (400 LAST_ADMIN), even as the only member', async () => {
    expectError(await owner.client.post(`${base()}/members/leave/`), 400, 'LAST_ADMIN');
    const member = await addMember(t, owner, slug, 15);
    expectError(await owner.client.post(`${base()}/members/leave/`), 400, 'LAST_ADMIN');
    expect((await owner.client.get(`${base()}/`)).status).toBe(200);

    // With a second admin, one may leave; two leaving at once leaves exactly one behind.
    await owner.client.patch(memberPath(member.memberId), { role: 20 });
    const results = await Promise.all([
      owner.client.post(`${base()}/members/leave/`),
      member.client.post(`${base()}/members/leave/`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 400]);
    expectError(results.find((r) => r.status === 400)!, 400, 'LAST_ADMIN');
    expect(await activeAdmins()).toBe(1);
  });

  it('lets a removed member come back through a new invitation with the new role', async () => {
    const member = await addMember(t, owner, slug, 15);
    expect((await owner.client.delete(memberPath(member.memberId))).status).toBe(204);
    const invite = await owner.client.post(`${base()}/invitations/`, {
      emails: [{ email: member.user.email, role: 10 }],
    });
    expect(invite.status, invite.text).toBe(201);
    const accepted = await member.client.post('/api/users/me/workspaces/invitations/', {
      invitations: [invite.body[0].id],
    });
    // The first join (through the emailed token) verified the member's email.
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body[0]).toMatchObject({ role: 10, is_active: true, member: { id: member.user.id } });
    expect((await member.client.get(`${base()}/`)).body.role).toBe(10);
    expect((await owner.client.get(`${base()}/`)).body.total_members).toBe(2);
  });
});
