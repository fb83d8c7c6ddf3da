import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceInvitations } from '../../platform/db/schema.ts';
import {
  addMember,
  createWorkspace,
  lastMailTo,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const INVITATION_KEYS = [
  'id',
  'email',
  'role',
  'accepted',
  'responded_at',
  'message',
  'expires_at',
  'workspace',
  'created_by',
  'created_at',
  'updated_at',
].sort();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const DAY = 24 * 3600 * 1000;

function expectError(res: HttpResult, status: number, code: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error_code).toBe(code);
  if (message !== undefined) expect(res.body.error).toBe(message);
}

let t: TestApp;
let owner: SignedIn;
let workspace: { id: string; slug: string; name: string };
let slug: string;
/** Every join token mailed so far: none may ever appear in a response body. */
const tokens: string[] = [];

beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  workspace = await createWorkspace(owner);
  slug = workspace.slug;
  tokens.length = 0;
});
afterEach(() => t.close());

const base = () => `/api/workspaces/${slug}`;
const invitationPath = (id: string) => `${base()}/invitations/${id}/`;
const joinPath = (id: string, at = slug) => `/api/workspaces/${at}/invitations/${id}/join/`;

/** Asserts the Invitation shape, and that no mailed token leaks into the response. */
function expectInvitation(res: HttpResult, body: Record<string, any> = res.body) {
  expect(Object.keys(body).sort()).toEqual(INVITATION_KEYS);
  expect(Object.keys(body.workspace).sort()).toEqual(['id', 'logo_url', 'name', 'slug']);
  expect(body.expires_at).toMatch(ISO);
  expect(body.created_at).toMatch(ISO);
  expect(body.updated_at).toMatch(ISO);
  expectNoToken(res);
}

function expectNoToken(res: HttpResult) {
  expect(res.text).not.toMatch(/token/i);
  for (const token of tokens) expect(res.text).not.toContain(token);
}

/** Sends invitations as `admin` and returns the created Invitations with their mailed links. */
async function invite(admin: SignedIn, emails: { email: string; role?: number }[], at = slug) {
  const res = await admin.client.post(`/api/workspaces/${at}/invitations/`, { emails });
  expect(res.status, res.text).toBe(201);
  return res.body.map((invitation: any) => {
    const link = new URL(lastMailTo(t, invitation.email).link!);
    const token = link.searchParams.get('token')!;
    tokens.push(token);
    return { invitation, link, token };
  }) as { invitation: any; link: URL; token: string }[];
}

async function magicSignUp(email = uniqueEmail('magic')): Promise<SignedIn> {
  const client = new Client(t.baseUrl);
  const generated = await client.post('/auth/magic-generate/', { email });
  expect(generated.status, generated.text).toBe(200);
  const code = lastMailTo(t, email).code;
  const res = await client.post('/auth/magic-sign-up/', { email, code });
  expect(res.status, res.text).toBe(200);
  expect(res.body.is_email_verified).toBe(true);
  return { client, user: res.body };
}

describe('creating invitations', () => {
  it('creates one invitation per email, mails a join link and never returns the token', async () => {
    const before = Date.now();
    const res = await owner.client.post(`${base()}/invitations/`, {
      emails: [{ email: '  Alice@Example.COM ', role: 10 }, { email: 'bob@example.com' }],
      message: ' Welcome aboard ',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toHaveLength(2);
    const [alice, bob] = res.body;
    for (const invitation of res.body) expectInvitation(res, invitation);
    expect(alice).toMatchObject({
      email: 'alice@example.com',
      role: 10,
      accepted: false,
      responded_at: null,
      message: 'Welcome aboard',
      workspace: { id: workspace.id, name: workspace.name, slug, logo_url: null },
      created_by: owner.user.id,
    });
    expect(bob).toMatchObject({ email: 'bob@example.com', role: 15 });
    const expires = Date.parse(alice.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 60_000);

    for (const invitation of [alice, bob]) {
      const mail = lastMailTo(t, invitation.email);
      const link = new URL(mail.link!);
      expect(link.pathname).toBe('/workspace-invitations/');
      expect([...link.searchParams.keys()]).toEqual(['invitation_id', 'slug', 'email', 'token']);
      expect(link.searchParams.get('invitation_id')).toBe(invitation.id);
      expect(link.searchParams.get('slug')).toBe(slug);
      expect(link.searchParams.get('email')).toBe(invitation.email);
      const token = link.searchParams.get('token')!;
      // ≥ 128 bits of randomness in any common encoding
      expect(token.length).toBeGreaterThanOrEqual(22);
      tokens.push(token);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    expectNoToken(res);

    const list = await owner.client.get(`${base()}/invitations/`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: any) => i.id).sort()).toEqual([alice.id, bob.id].sort());
    for (const invitation of list.body) expectInvitation(list, invitation);
  });

  it('validates the body: Emails are required, field errors for bad emails and roles', async () => {
    expectError(
      await owner.client.post(`${base()}/invitations/`, { emails: [] }),
      400,
      'BAD_REQUEST',
      'Emails are required',
    );
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'emails'],
      [{ emails: 'a@example.com' }, 'emails'],
      [{ emails: [{ email: 'not-an-email', role: 10 }] }, 'emails.0.email'],
      [{ emails: [{ role: 10 }] }, 'emails.0.email'],
      [{ emails: [{ email: 'ok@example.com' }, { email: 'ok2@example.com', role: 7 }] }, 'emails.1.role'],
      [{ emails: [{ email: 'ok@example.com', role: 'admin' }] }, 'emails.0.role'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post(`${base()}/invitations/`, body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await owner.client.get(`${base()}/invitations/`)).body).toEqual([]);
    expect(t.mails.filter((line) => line.includes('ok@example.com'))).toEqual([]);
  });

  it('answers 409 ALREADY_MEMBER for a member’s email and creates none of the batch', async () => {
    const member = await addMember(t, owner, slug, 15);
    const mailsBefore = t.mails.length;
    for (const email of [member.user.email, owner.user.email, member.user.email.toUpperCase()]) {
      const res = await owner.client.post(`${base()}/invitations/`, {
        emails: [{ email: 'newcomer@example.com', role: 10 }, { email }],
      });
      expectError(res, 409, 'ALREADY_MEMBER');
    }
    const list = (await owner.client.get(`${base()}/invitations/`)).body;
    expect(list.map((i: any) => i.email)).toEqual([member.user.email]); // only addMember's accepted one
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('replaces a pending invitation when the same email is invited again', async () => {
    const email = uniqueEmail('again');
    const [first] = await invite(owner, [{ email, role: 5 }]);
    const [second] = await invite(owner, [{ email, role: 10 }]);
    expect(second!.invitation.id).not.toBe(first!.invitation.id);
    expect(second!.token).not.toBe(first!.token);

    const list = (await owner.client.get(`${base()}/invitations/`)).body;
    expect(list.map((i: any) => [i.id, i.role])).toEqual([[second!.invitation.id, 10]]);
    expectError(await owner.client.get(invitationPath(first!.invitation.id)), 404, 'NOT_FOUND');

    const invitee = await signUp(t, email);
    // The old link (its id with its token, or the new id with the old token) no longer works.
    expectError(
      await invitee.client.post(joinPath(first!.invitation.id), { token: first!.token, accepted: true }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await invitee.client.post(joinPath(second!.invitation.id), { token: first!.token, accepted: true }),
      404,
      'NOT_FOUND',
    );
    const joined = await invitee.client.post(joinPath(second!.invitation.id), {
      token: second!.token,
      accepted: true,
    });
    expect(joined.status, joined.text).toBe(200);
    expect((await invitee.client.get(`${base()}/workspace-members/me/`)).body.role).toBe(10);
  });
});

describe('managing invitations', () => {
  it('reads, changes the role of and deletes an invitation', async () => {
    const email = uniqueEmail('managed');
    const [{ invitation, token }] = (await invite(owner, [{ email, role: 15 }])) as any;

    const got = await owner.client.get(invitationPath(invitation.id));
    expect(got.status, got.text).toBe(200);
    expectInvitation(got);
    expect(got.body).toEqual(invitation);

    const patched = await owner.client.patch(invitationPath(invitation.id), {
      role: 5,
      email: 'x@example.com',
    });
    expect(patched.status, patched.text).toBe(200);
    expectInvitation(patched);
    expect(patched.body).toMatchObject({ id: invitation.id, email, role: 5, accepted: false });
    expect((await owner.client.get(invitationPath(invitation.id))).body.role).toBe(5);

    for (const body of [{}, { role: 3 }, { role: '5' }]) {
      const bad = await owner.client.patch(invitationPath(invitation.id), body);
      expectError(bad, 400, 'VALIDATION_ERROR');
      expect(Object.keys(bad.body.fields)).toEqual(['role']);
    }

    const removed = await owner.client.delete(invitationPath(invitation.id));
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expectError(await owner.client.get(invitationPath(invitation.id)), 404, 'NOT_FOUND');
    expectError(await owner.client.patch(invitationPath(invitation.id), { role: 10 }), 404, 'NOT_FOUND');
    expectError(await owner.client.delete(invitationPath(invitation.id)), 404, 'NOT_FOUND');
    expect((await owner.client.get(`${base()}/invitations/`)).body).toEqual([]);

    const invitee = await signUp(t, email);
    expect((await invitee.client.get('/api/users/me/workspaces/invitations/')).body).toEqual([]);
    expectError(
      await invitee.client.post(joinPath(invitation.id), { token, accepted: true }),
      404,
      'NOT_FOUND',
    );
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');
  });

  it('answers 404 for unknown, foreign and malformed invitation ids', async () => {
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    const [foreign] = await invite(other, [{ email: uniqueEmail() }], otherSlug);
    for (const id of [UNKNOWN_ID, foreign!.invitation.id, 'not-a-uuid']) {
      expectError(await owner.client.get(invitationPath(id)), 404, 'NOT_FOUND');
      expectError(await owner.client.patch(invitationPath(id), { role: 5 }), 404, 'NOT_FOUND');
      expectError(await owner.client.delete(invitationPath(id)), 404, 'NOT_FOUND');
    }
    const untouched = await other.client.get(
      `/api/workspaces/${otherSlug}/invitations/${foreign!.invitation.id}/`,
    );
    expect(untouched.body.role).toBe(15);
  });

  it('refuses every invitation route to members, viewers and guests (403) and to non-members (404)', async () => {
    const [{ invitation }] = (await invite(owner, [{ email: uniqueEmail(), role: 10 }])) as any;
    const routes = (at: string): [string, string, unknown?][] => [
      ['GET', `/api/workspaces/${at}/invitations/`],
      ['POST', `/api/workspaces/${at}/invitations/`, { emails: [{ email: 'sneaky@example.com', role: 20 }] }],
      ['POST', `/api/workspaces/${at}/invitations/`, { emails: [] }],
      ['GET', `/api/workspaces/${at}/invitations/${invitation.id}/`],
      ['PATCH', `/api/workspaces/${at}/invitations/${invitation.id}/`, { role: 20 }],
      ['PATCH', `/api/workspaces/${at}/invitations/${invitation.id}/`, { role: 'x' }],
      ['DELETE', `/api/workspaces/${at}/invitations/${invitation.id}/`],
    ];
    for (const role of [15, 10, 5]) {
      const { client } = await addMember(t, owner, slug, role);
      for (const [method, path, json] of routes(slug)) {
        expectError(await client.request(method, path, { json }), 403, 'FORBIDDEN');
      }
    }
    const stranger = await signUp(t);
    await createWorkspace(stranger);
    for (const at of [slug, 'unknown-workspace']) {
      for (const [method, path, json] of routes(at)) {
        expectError(await stranger.client.request(method, path, { json }), 404, 'NOT_FOUND');
      }
    }
    const anon = new Client(t.baseUrl);
    for (const [method, path, json] of [
      ...routes(slug),
      ['POST', joinPath(invitation.id), { token: 'x', accepted: true }],
      ['GET', '/api/users/me/workspaces/invitations/'],
      ['POST', '/api/users/me/workspaces/invitations/', { invitations: [invitation.id] }],
    ] as [string, string, unknown?][]) {
      expectError(await anon.request(method, path, { json }), 401, 'AUTHENTICATION_REQUIRED');
    }
    const list = (await owner.client.get(`${base()}/invitations/`)).body;
    expect(list.find((i: any) => i.id === invitation.id)).toMatchObject({ role: 10 });
    expect(list.some((i: any) => i.email === 'sneaky@example.com')).toBe(false);
  });
});

describe('joining through the emailed token', () => {
  it('accepts: creates the membership with the invited role and verifies the email', async () => {
    const invitee = await signUp(t);
    expect(invitee.user.is_email_verified).toBe(false);
    const [{ invitation, token }] = (await invite(owner, [{ email: invitee.user.email, role: 10 }])) as any;
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');

    const res = await invitee.client.post(joinPath(invitation.id), { token, accepted: true });
    expect(res.status, res.text).toBe(200);
    expectInvitation(res);
    expect(res.body).toMatchObject({
      id: invitation.id,
      email: invitee.user.email,
      role: 10,
      accepted: true,
    });
    expect(res.body.responded_at).toMatch(ISO);

    const ws = await invitee.client.get(`${base()}/`);
    expect(ws.status).toBe(200);
    expect(ws.body).toMatchObject({ role: 10, total_members: 2 });
    expect((await invitee.client.get('/api/users/me/')).body.is_email_verified).toBe(true);
    const members = (await owner.client.get(`${base()}/members/`)).body;
    expect(members.find((m: any) => m.member.id === invitee.user.id)).toMatchObject({
      role: 10,
      is_active: true,
    });
    const listed = (await owner.client.get(invitationPath(invitation.id))).body;
    expect(listed).toMatchObject({ accepted: true, responded_at: res.body.responded_at });

    // A second answer, either way, is refused.
    for (const accepted of [true, false]) {
      expectError(
        await invitee.client.post(joinPath(invitation.id), { token, accepted }),
        400,
        'BAD_REQUEST',
      );
    }
    expect((await invitee.client.get(`${base()}/`)).body.role).toBe(10);
  });

  it('declines: records the answer and creates no membership', async () => {
    const invitee = await signUp(t);
    const [{ invitation, token }] = (await invite(owner, [{ email: invitee.user.email }])) as any;
    const res = await invitee.client.post(joinPath(invitation.id), { token, accepted: false });
    expect(res.status, res.text).toBe(200);
    expectInvitation(res);
    expect(res.body).toMatchObject({ accepted: false });
    expect(res.body.responded_at).toMatch(ISO);
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');
    expect((await invitee.client.get('/api/workspaces/')).body).toEqual([]);
    expect((await owner.client.get(`${base()}/`)).body.total_members).toBe(1);
    expect((await invitee.client.get('/api/users/me/')).body.is_email_verified).toBe(false);
    expectError(
      await invitee.client.post(joinPath(invitation.id), { token, accepted: true }),
      400,
      'BAD_REQUEST',
    );
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');
  });

  it('answers 404 for a wrong token, a wrong slug, an unknown id or an expired invitation', async () => {
    const invitee = await signUp(t);
    const [{ invitation, token }] = (await invite(owner, [{ email: invitee.user.email }])) as any;
    const otherSlug = (await createWorkspace(owner)).slug;
    const attempts: [string, unknown][] = [
      [joinPath(invitation.id), { token: `${token}x`, accepted: true }],
      [joinPath(invitation.id), { token: token.slice(0, -1), accepted: true }],
      [joinPath(invitation.id), { token: 'a'.repeat(token.length), accepted: true }],
      [joinPath(invitation.id, otherSlug), { token, accepted: true }],
      [joinPath(invitation.id, 'unknown-workspace'), { token, accepted: true }],
      [joinPath(UNKNOWN_ID), { token, accepted: true }],
      [joinPath('not-a-uuid'), { token, accepted: true }],
    ];
    for (const [path, body] of attempts) {
      expectError(await invitee.client.post(path, body), 404, 'NOT_FOUND');
    }
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');

    for (const body of [
      { accepted: true },
      { token: '', accepted: true },
      { token },
      { token, accepted: 'yes' },
    ]) {
      const bad = await invitee.client.post(joinPath(invitation.id), body);
      expectError(bad, 400, 'VALIDATION_ERROR');
    }
    expectError(
      await invitee.client.post(joinPath(invitation.id), { token, accepted: true }, { csrf: false }),
      403,
      'CSRF_FAILED',
    );

    await t.services.db
      .update(workspaceInvitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, invitation.id));
    expectError(
      await invitee.client.post(joinPath(invitation.id), { token, accepted: true }),
      404,
      'NOT_FOUND',
    );
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');
    expect((await invitee.client.get('/api/users/me/workspaces/invitations/')).body).toEqual([]);
  });

  it('refuses another user’s session with 403, even with the right token', async () => {
    const invitee = await signUp(t);
    const intruder = await signUp(t);
    const [{ invitation, token }] = (await invite(owner, [{ email: invitee.user.email }])) as any;
    expectError(
      await intruder.client.post(joinPath(invitation.id), { token, accepted: true }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await intruder.client.post(joinPath(invitation.id), { token, accepted: false }),
      403,
      'FORBIDDEN',
    );
    expectError(await intruder.client.get(`${base()}/`), 404, 'NOT_FOUND');
    // The invitation is still open for its addressee.
    expect((await owner.client.get(invitationPath(invitation.id))).body.responded_at).toBeNull();
    expect((await invitee.client.post(joinPath(invitation.id), { token, accepted: true })).status).toBe(200);
    // Once answered, a stranger is still told it is not theirs (403 comes before 400).
    expectError(
      await intruder.client.post(joinPath(invitation.id), { token, accepted: true }),
      403,
      'FORBIDDEN',
    );
  });

  it('takes exactly one answer when two arrive at the same time (single use)', async () => {
    const invitee = await signUp(t);
    const [{ invitation, token }] = (await invite(owner, [{ email: invitee.user.email, role: 10 }])) as any;
    const results = await Promise.all([
      invitee.client.post(joinPath(invitation.id), { token, accepted: true }),
      invitee.client.post(joinPath(invitation.id), { token, accepted: false }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200)!;
    expectError(results.find((r) => r.status === 400)!, 400, 'BAD_REQUEST');
    const stored = (await owner.client.get(invitationPath(invitation.id))).body;
    expect(stored.accepted).toBe(winner.body.accepted);
    expect((await invitee.client.get(`${base()}/`)).status).toBe(winner.body.accepted ? 200 : 404);

    // The emailed link racing the in-app accept: one of them takes it, the other finds nothing to do.
    const verified = await magicSignUp();
    const [second] = await invite(owner, [{ email: verified.user.email, role: 5 }]);
    const [viaLink, viaApp] = await Promise.all([
      verified.client.post(joinPath(second!.invitation.id), { token: second!.token, accepted: false }),
      verified.client.post('/api/users/me/workspaces/invitations/', { invitations: [second!.invitation.id] }),
    ]);
    expect(viaApp.status, viaApp.text).toBe(201);
    if (viaLink.status === 200) {
      expect(viaApp.body).toEqual([]);
      expectError(await verified.client.get(`${base()}/`), 404, 'NOT_FOUND');
    } else {
      expectError(viaLink, 400, 'BAD_REQUEST');
      expect(viaApp.body).toHaveLength(1);
      expect((await verified.client.get(`${base()}/`)).body.role).toBe(5);
    }
  });

  it('answers 404 once the workspace is deleted', async () => {
    const invitee = await signUp(t);
    const [{ invitation, token }] = (await invite(owner, [{ email: invitee.user.email }])) as any;
    expect((await owner.client.delete(`${base()}/`)).status).toBe(204);
    expect((await invitee.client.get('/api/users/me/workspaces/invitations/')).body).toEqual([]);
    expectError(
      await invitee.client.post(joinPath(invitation.id), { token, accepted: true }),
      404,
      'NOT_FOUND',
    );
    expect((await invitee.client.get('/api/workspaces/')).body).toEqual([]);
  });
});

describe('the caller’s own invitations', () => {
  it('lists pending invitations for the caller’s email across workspaces', async () => {
    const invitee = await magicSignUp();
    const other = await signUp(t);
    const otherWs = await createWorkspace(other);
    const [mine] = await invite(owner, [{ email: invitee.user.email, role: 5 }]);
    const [theirs] = await invite(other, [{ email: invitee.user.email, role: 20 }], otherWs.slug);
    await invite(owner, [{ email: uniqueEmail('someone-else') }]);

    const res = await invitee.client.get('/api/users/me/workspaces/invitations/');
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((i: any) => i.id).sort()).toEqual(
      [mine!.invitation.id, theirs!.invitation.id].sort(),
    );
    for (const invitation of res.body) expectInvitation(res, invitation);
    expect(res.body.find((i: any) => i.id === theirs!.invitation.id)).toMatchObject({
      role: 20,
      accepted: false,
      workspace: { id: otherWs.id, slug: otherWs.slug, name: otherWs.name },
    });

    // Answered and expired ones drop out.
    expect(
      (await invitee.client.post(joinPath(mine!.invitation.id), { token: mine!.token, accepted: false }))
        .status,
    ).toBe(200);
    const after = await invitee.client.get('/api/users/me/workspaces/invitations/');
    expect(after.body.map((i: any) => i.id)).toEqual([theirs!.invitation.id]);
    await t.services.db
      .update(workspaceInvitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, theirs!.invitation.id));
    expect((await invitee.client.get('/api/users/me/workspaces/invitations/')).body).toEqual([]);
  });

  it('accepts several invitations at once for a verified (magic-code) user', async () => {
    const invitee = await magicSignUp();
    const other = await signUp(t);
    const otherWs = await createWorkspace(other);
    const [first] = await invite(owner, [{ email: invitee.user.email, role: 10 }]);
    const [second] = await invite(other, [{ email: invitee.user.email, role: 20 }], otherWs.slug);
    const res = await invitee.client.post('/api/users/me/workspaces/invitations/', {
      invitations: [first!.invitation.id, second!.invitation.id],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toHaveLength(2);
    expectNoToken(res);
    for (const member of res.body) {
      expect(Object.keys(member).sort()).toEqual([
        'created_at',
        'id',
        'is_active',
        'member',
        'role',
        'updated_at',
      ]);
      expect(member.member).toMatchObject({ id: invitee.user.id, email: invitee.user.email, is_bot: false });
      expect(member.is_active).toBe(true);
    }
    expect(res.body.map((m: any) => m.role).sort()).toEqual([10, 20]);

    expect((await invitee.client.get(`${base()}/`)).body.role).toBe(10);
    expect((await invitee.client.get(`/api/workspaces/${otherWs.slug}/`)).body.role).toBe(20);
    const me = (await invitee.client.get(`${base()}/workspace-members/me/`)).body;
    expect(res.body.map((m: any) => m.id)).toContain(me.id);
    expect((await invitee.client.get('/api/users/me/workspaces/invitations/')).body).toEqual([]);
    expect((await owner.client.get(invitationPath(first!.invitation.id))).body).toMatchObject({
      accepted: true,
    });
    expect((await owner.client.get(invitationPath(first!.invitation.id))).body.responded_at).toMatch(ISO);
    // The tokens are spent.
    expectError(
      await invitee.client.post(joinPath(first!.invitation.id), { token: first!.token, accepted: true }),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses an unverified (password) user with 400 EMAIL_NOT_VERIFIED and validates the body', async () => {
    const invitee = await signUp(t);
    const [{ invitation }] = (await invite(owner, [{ email: invitee.user.email, role: 15 }])) as any;
    expectError(
      await invitee.client.post('/api/users/me/workspaces/invitations/', { invitations: [invitation.id] }),
      400,
      'EMAIL_NOT_VERIFIED',
    );
    expectError(await invitee.client.get(`${base()}/`), 404, 'NOT_FOUND');
    expect(
      (await invitee.client.get('/api/users/me/workspaces/invitations/')).body.map((i: any) => i.id),
    ).toEqual([invitation.id]);

    const verified = await magicSignUp();
    for (const body of [
      {},
      { invitations: [] },
      { invitations: ['not-a-uuid'] },
      { invitations: invitation.id },
    ]) {
      const res = await verified.client.post('/api/users/me/workspaces/invitations/', body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.body.fields)[0]).toMatch(/^invitations/);
    }
    // Someone else's invitation id is not theirs to accept.
    const stolen = await verified.client.post('/api/users/me/workspaces/invitations/', {
      invitations: [invitation.id],
    });
    expect(stolen.status, stolen.text).toBe(201);
    expect(stolen.body).toEqual([]);
    expectError(await verified.client.get(`${base()}/`), 404, 'NOT_FOUND');
    expect((await owner.client.get(invitationPath(invitation.id))).body.accepted).toBe(false);
  });
});
