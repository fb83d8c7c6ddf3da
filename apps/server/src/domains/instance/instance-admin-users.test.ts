import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accounts, instanceAuditLog, users, workspaceMembers } from '../../platform/db/schema.ts';
import {
  addMember,
  createWorkspace,
  type SignedIn,
  STRONG_PASSWORD,
  signUp,
  uniqueEmail,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const USERS = '/api/instances/users/';
const ADMIN_USER_KEYS = [
  'avatar_url',
  'date_joined',
  'display_name',
  'email',
  'first_name',
  'id',
  'is_active',
  'is_email_verified',
  'is_instance_admin',
  'last_login_at',
  'last_login_medium',
  'last_name',
  'providers',
];

let t: TestApp;
let admin: SignedIn;
beforeEach(async () => {
  t = await startTestApp();
  // The first account is the instance admin.
  admin = await signUp(t, uniqueEmail('admin'));
});
afterEach(() => t.close());

const userUrl = (id: string) => `${USERS}${id}/`;

async function auditRows() {
  return t.services.db.select().from(instanceAuditLog);
}

async function signIn(email: string) {
  const client = new Client(t.baseUrl);
  const res = await client.post('/auth/sign-in/', { email, password: STRONG_PASSWORD });
  return { client, res };
}

describe('GET /api/instances/users/', () => {
  it('lists every account oldest first with its linked providers, searching email and names', async () => {
    const ada = await signUp(t, uniqueEmail('ada'));
    const bob = await signUp(t, uniqueEmail('bob'));
    await bob.client.patch('/api/users/me/', { first_name: 'Zephyrine', last_name: 'Quillfeather' });
    await ada.client.patch('/api/users/me/', { display_name: 'Captain Ada' });
    await t.services.db.insert(accounts).values([
      { user_id: ada.user.id, provider: 'google', provider_account_id: `g-${ada.user.id}` },
      { user_id: ada.user.id, provider: 'github', provider_account_id: `gh-${ada.user.id}` },
    ]);

    const res = await admin.client.get(USERS);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ total_count: 3, total_results: 3, count: 3, next_page_results: false });
    expect(res.body.results.map((u: { id: string }) => u.id)).toEqual([
      admin.user.id,
      ada.user.id,
      bob.user.id,
    ]);
    for (const user of res.body.results) expect(Object.keys(user).sort()).toEqual(ADMIN_USER_KEYS);
    const [first, second, third] = res.body.results;
    expect(first).toMatchObject({
      email: admin.user.email,
      is_instance_admin: true,
      is_active: true,
      providers: [],
    });
    expect(second).toMatchObject({
      display_name: 'Captain Ada',
      is_instance_admin: false,
      providers: ['github', 'google'],
    });
    expect(third).toMatchObject({ first_name: 'Zephyrine', last_name: 'Quillfeather', providers: [] });
    expect(first.date_joined).toMatch(/Z$/);
    // Signing up signs in.
    expect(first.last_login_at === null || typeof first.last_login_at === 'string').toBe(true);

    const search = async (q: string) =>
      (await admin.client.get(`${USERS}?search=${encodeURIComponent(q)}`)).body.results.map(
        (u: { id: string }) => u.id,
      );
    expect(await search(ada.user.email.toUpperCase())).toEqual([ada.user.id]);
    expect(await search('captain')).toEqual([ada.user.id]);
    expect(await search('zephyr')).toEqual([bob.user.id]);
    expect(await search('QUILL')).toEqual([bob.user.id]);
    expect(await search('@example.com')).toHaveLength(3);
    // LIKE wildcards are taken literally.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('pages by cursor in the paginated envelope', async () => {
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await signUp(t));
    const ids = [admin.user.id, ...others.map((o) => o.user.id)];

    const first = await admin.client.get(`${USERS}?per_page=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total_count: 5,
      total_pages: 3,
      count: 2,
      next_cursor: '2:1:0',
      next_page_results: true,
      prev_page_results: false,
    });
    // The cursor carries its page size: per_page may be left out.
    const second = await admin.client.get(`${USERS}?cursor=${first.body.next_cursor}`);
    const third = await admin.client.get(`${USERS}?cursor=${second.body.next_cursor}&per_page=2`);
    expect(second.body).toMatchObject({ count: 2, next_page_results: true, prev_page_results: true });
    expect(third.body).toMatchObject({ count: 1, next_page_results: false });
    const seen = [first, second, third].flatMap((r) => r.body.results.map((u: { id: string }) => u.id));
    expect(seen).toEqual(ids);

    expect((await admin.client.get(`${USERS}?cursor=nope`)).body.error_code).toBe('INVALID_CURSOR');
    const tooMany = await admin.client.get(`${USERS}?per_page=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error_code).toBe('VALIDATION_ERROR');
  });

  it('is for instance admins only', async () => {
    const user = await signUp(t);
    expect((await user.client.get(USERS)).status).toBe(403);
    expect((await new Client(t.baseUrl).get(USERS)).status).toBe(401);
  });
});

describe('PATCH /api/instances/users/:user_id/', () => {
  it('deactivates like the account’s own deactivation: sessions, API tokens and memberships end', async () => {
    const user = await signUp(t, uniqueEmail('leaving'));
    const owned = await createWorkspace(user);
    const token = await user.client.post(`/api/workspaces/${owned.slug}/api-tokens/`, { label: 'CI' });
    expect(token.status, token.text).toBe(201);
    const key = { headers: { 'X-Api-Key': token.body.token as string } };
    const anon = new Client(t.baseUrl);
    expect((await anon.get('/api/v1/users/me/', key)).status).toBe(200);
    // A member of the admin's workspace too.
    const adminsWorkspace = await createWorkspace(admin);
    const member = await addMember(t, admin, adminsWorkspace.slug, 15);
    const second = await signIn(member.user.email);
    expect(second.res.status).toBe(200);

    const res = await admin.client.patch(userUrl(member.user.id), { is_active: false });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ADMIN_USER_KEYS);
    expect(res.body).toMatchObject({ id: member.user.id, is_active: false });
    // Every session of theirs ends at once.
    expect((await member.client.get('/api/users/me/')).status).toBe(401);
    expect((await second.client.get('/api/users/me/')).status).toBe(401);
    const refused = await signIn(member.user.email);
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.error_code).toBe('USER_ACCOUNT_DEACTIVATED');
    const members = await admin.client.get(`/api/workspaces/${adminsWorkspace.slug}/members/`);
    expect(members.body.map((m: { member: { id: string } }) => m.member.id)).not.toContain(member.user.id);
    const membership = await t.services.db
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.member_id, member.user.id),
          eq(workspaceMembers.workspace_id, adminsWorkspace.id),
        ),
      );
    expect(membership[0]?.is_active).toBe(false);

    // The workspace owner's API token dies with the account, and stays dead after reactivation.
    expect((await admin.client.patch(userUrl(user.user.id), { is_active: false })).status).toBe(200);
    expect((await user.client.get('/api/users/me/')).status).toBe(401);
    expect((await anon.get('/api/v1/users/me/', key)).status).toBe(401);

    const back = await admin.client.patch(userUrl(member.user.id), { is_active: true });
    expect(back.status, back.text).toBe(200);
    expect(back.body.is_active).toBe(true);
    const again = await signIn(member.user.email);
    expect(again.res.status, again.res.text).toBe(200);
    expect((await again.client.get('/api/users/me/')).status).toBe(200);
    await admin.client.patch(userUrl(user.user.id), { is_active: true });
    expect((await anon.get('/api/v1/users/me/', key)).status).toBe(401);

    const audit = (await auditRows()).map((r) => [r.action, r.target, r.actor_id]);
    expect(audit).toEqual(
      expect.arrayContaining([
        ['user.deactivated', member.user.email, admin.user.id],
        ['user.deactivated', user.user.email, admin.user.id],
        ['user.reactivated', member.user.email, admin.user.id],
        ['user.reactivated', user.user.email, admin.user.id],
      ]),
    );
    expect(audit).toHaveLength(4);
  });

  it('keeps the workspace rule: the sole admin of a workspace with members is not deactivated', async () => {
    const lead = await signUp(t, uniqueEmail('lead'));
    const team = await createWorkspace(lead);
    await addMember(t, lead, team.slug, 15);
    const res = await admin.client.patch(userUrl(lead.user.id), {
      is_active: false,
      is_instance_admin: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('LAST_ADMIN');
    // All or nothing: the grant sent beside it did not happen either, and nothing was audited.
    expect(await rowOf(lead.user.id)).toMatchObject({ is_active: true, is_instance_admin: false });
    expect((await lead.client.get('/api/users/me/')).status).toBe(200);
    expect(await auditRows()).toEqual([]);
  });

  it('grants and revokes the instance admin role, effective on the next request', async () => {
    const user = await signUp(t);
    expect((await user.client.get(USERS)).status).toBe(403);
    const granted = await admin.client.patch(userUrl(user.user.id), { is_instance_admin: true });
    expect(granted.status).toBe(200);
    expect(granted.body.is_instance_admin).toBe(true);
    expect((await user.client.get(USERS)).status).toBe(200);
    expect((await user.client.get('/api/users/me/instance-admin/')).body.is_instance_admin).toBe(true);

    const revoked = await admin.client.patch(userUrl(user.user.id), { is_instance_admin: false });
    expect(revoked.body.is_instance_admin).toBe(false);
    expect((await user.client.get(USERS)).status).toBe(403);
    // Nothing to change: no entry.
    expect((await admin.client.patch(userUrl(user.user.id), { is_instance_admin: false })).status).toBe(200);
    expect((await admin.client.patch(userUrl(user.user.id), { is_active: true })).status).toBe(200);

    const audit = (await auditRows()).map((r) => [r.action, r.target]);
    expect(audit.sort()).toEqual([
      ['user.admin_granted', user.user.email],
      ['user.admin_revoked', user.user.email],
    ]);
  });

  it('refuses changes to one’s own account, unknown users and empty bodies', async () => {
    for (const body of [{ is_active: false }, { is_instance_admin: false }, { is_instance_admin: true }]) {
      const res = await admin.client.patch(userUrl(admin.user.id), body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), error_code: 'CANNOT_MODIFY_SELF' });
    }
    const unknown = await admin.client.patch(userUrl('00000000-0000-4000-8000-000000000000'), {
      is_active: false,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User not found', error_code: 'NOT_FOUND' });
    expect((await admin.client.patch(userUrl('not-a-uuid'), { is_active: false })).status).toBe(404);
    const user = await signUp(t);
    const empty = await admin.client.patch(userUrl(user.user.id), {});
    expect(empty.status).toBe(400);
    expect(empty.body.error_code).toBe('VALIDATION_ERROR');
    const wrongType = await admin.client.patch(userUrl(user.user.id), { is_active: 'no' });
    expect(wrongType.status).toBe(400);
    expect((await user.client.patch(userUrl(admin.user.id), { is_active: false })).status).toBe(403);
    const [me] = await t.services.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(me).toMatchObject({ is_active: true, is_instance_admin: true });
    expect(await auditRows()).toEqual([]);
  });

  it('never leaves the instance without an active admin', async () => {
    const second = await signUp(t);
    await admin.client.patch(userUrl(second.user.id), { is_instance_admin: true });
    const [secondRow] = await t.services.db.select().from(users).where(eq(users.id, second.user.id));

    // Two admins removing each other at once: one wins, the other is refused.
    const [a, b] = await Promise.all([
      admin.client.patch(userUrl(second.user.id), { is_instance_admin: false }),
      second.client.patch(userUrl(admin.user.id), { is_active: false }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const loser = a.status === 200 ? b : a;
    if (loser.status === 400) expect(loser.body.error_code).toBe('LAST_INSTANCE_ADMIN');
    const remaining = await t.services.db
      .select()
      .from(users)
      .where(and(eq(users.is_instance_admin, true), eq(users.is_active, true)));
    expect(remaining).toHaveLength(1);

    // An actor who lost the role meanwhile (their request already let in) cannot remove the last admin.
    const last = remaining[0]!;
    const stale = { ...secondRow!, is_instance_admin: true };
    const target = last.id === admin.user.id ? admin.user.id : second.user.id;
    const actor =
      last.id === admin.user.id ? stale : { ...(await rowOf(admin.user.id)), is_instance_admin: true };
    for (const body of [{ is_active: false }, { is_instance_admin: false }]) {
      await expect(t.services.instanceAdmin.updateUser(actor, target, body)).rejects.toMatchObject({
        errorCode: 'LAST_INSTANCE_ADMIN',
      });
    }
    expect(await rowOf(target)).toMatchObject({ is_active: true, is_instance_admin: true });
  });
});

async function rowOf(id: string) {
  const [row] = await t.services.db.select().from(users).where(eq(users.id, id));
  return row!;
}
