import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createWorkspace, STRONG_PASSWORD, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_KEYS = [
  'id',
  'email',
  'username',
  'display_name',
  'first_name',
  'last_name',
  'avatar',
  'avatar_url',
  'cover_image',
  'cover_image_url',
  'date_joined',
  'is_active',
  'is_bot',
  'is_email_verified',
  'is_password_autoset',
  'user_timezone',
  'last_login_medium',
];
const PROFILE_KEYS = [
  'id',
  'user',
  'role',
  'last_workspace_id',
  'theme',
  'onboarding_step',
  'is_onboarded',
  'is_tour_completed',
  'use_case',
  'billing_address_country',
  'billing_address',
  'has_billing_address',
  'created_at',
  'updated_at',
];
const NO_STEPS = {
  workspace_join: false,
  profile_complete: false,
  workspace_create: false,
  workspace_invite: false,
};
const ALL_STEPS = {
  workspace_join: true,
  profile_complete: true,
  workspace_create: true,
  workspace_invite: true,
};

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

const anon = () => new Client(t.baseUrl);
const sorted = (o: object) => Object.keys(o).sort();

function expectProfile(body: Record<string, unknown>, userId: string) {
  expect(sorted(body)).toEqual([...PROFILE_KEYS].sort());
  expect(body.id).toMatch(UUID);
  expect(body.user).toBe(userId);
  expect(body.created_at).toMatch(ISO);
  expect(body.updated_at).toMatch(ISO);
}

describe('authentication', () => {
  it('answers 401 on every /api/users/me route without a session', async () => {
    const client = anon();
    const routes: [string, string][] = [
      ['GET', '/api/users/me/'],
      ['PATCH', '/api/users/me/'],
      ['DELETE', '/api/users/me/'],
      ['GET', '/api/users/me/profile/'],
      ['PATCH', '/api/users/me/profile/'],
      ['PATCH', '/api/users/me/onboard/'],
      ['PATCH', '/api/users/me/tour-completed/'],
      ['GET', '/api/users/me/settings/'],
      ['GET', '/api/users/me/accounts/'],
      ['GET', '/api/users/me/instance-admin/'],
      ['GET', '/api/users/me/notification-preferences/'],
      ['PATCH', '/api/users/me/notification-preferences/'],
      ['GET', '/api/users/me/activities/'],
      ['GET', '/api/users/me/workspaces/'],
    ];
    for (const [method, path] of routes) {
      const res = await client.request(method, path, { json: method === 'PATCH' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String), error_code: 'AUTHENTICATION_REQUIRED' });
      // Without the trailing slash it is the same route.
      const bare = await client.request(method, path.slice(0, -1), {
        json: method === 'PATCH' ? {} : undefined,
      });
      expect(bare.status, `${method} ${path} (no slash)`).toBe(401);
    }
    // A forged or expired cookie is no session either.
    client.cookies.set('session-id', 'forged-session-id-that-does-not-exist');
    expect((await client.get('/api/users/me/')).status).toBe(401);
  });
});

describe('/api/users/me/', () => {
  it('GET answers the full User', async () => {
    const { client, user } = await signUp(t);
    const res = await client.get('/api/users/me/');
    expect(res.status).toBe(200);
    expect(sorted(res.body)).toEqual([...USER_KEYS].sort());
    expect(res.body).toEqual(user);
    expect(res.body.date_joined).toMatch(ISO);
    expect(res.body).toMatchObject({
      first_name: 'Test',
      last_name: 'User',
      avatar: null,
      avatar_url: null,
      cover_image: null,
      cover_image_url: null,
      is_active: true,
      is_bot: false,
      user_timezone: 'UTC',
      last_login_medium: 'email',
    });
    expect(res.body.username).toMatch(/^\S+$/);
  });

  it('PATCH updates the listed fields, trims strings and answers the full User', async () => {
    const { client, user } = await signUp(t);
    const res = await client.patch('/api/users/me/', {
      first_name: '  Grace ',
      last_name: 'Hopper',
      display_name: 'grace',
      user_timezone: 'Europe/Paris',
      avatar: 'https://example.com/a.png',
      cover_image: 'https://example.com/c.png',
    });
    expect(res.status, res.text).toBe(200);
    expect(sorted(res.body)).toEqual([...USER_KEYS].sort());
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      display_name: 'grace',
      user_timezone: 'Europe/Paris',
      avatar: 'https://example.com/a.png',
      avatar_url: 'https://example.com/a.png',
      cover_image: 'https://example.com/c.png',
      cover_image_url: 'https://example.com/c.png',
    });
    // Only the keys sent change.
    const partial = await client.patch('/api/users/me/', { last_name: 'H.', avatar: null });
    expect(partial.body).toMatchObject({
      first_name: 'Grace',
      last_name: 'H.',
      avatar: null,
      avatar_url: null,
    });
    expect((await client.get('/api/users/me/')).body).toEqual(partial.body);
  });

  it('PATCH refuses wrong types with VALIDATION_ERROR fields and changes nothing', async () => {
    const { client, user } = await signUp(t);
    const res = await client.patch('/api/users/me/', {
      first_name: 42,
      display_name: '   ',
      user_timezone: false,
      avatar: ['x'],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.any(String),
      error_code: 'VALIDATION_ERROR',
      fields: {
        first_name: expect.any(String),
        display_name: expect.any(String),
        user_timezone: expect.any(String),
        avatar: expect.any(String),
      },
    });
    const tooLong = await client.patch('/api/users/me/', { first_name: 'x'.repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.fields)).toEqual(['first_name']);
    expect((await client.get('/api/users/me/')).body).toEqual(user);
  });

  it('PATCH ignores unknown and read-only keys', async () => {
    const second = await signUp(t);
    const { client, user } = await signUp(t);
    const res = await client.patch('/api/users/me/', {
      first_name: 'Eve',
      email: 'hijack@example.com',
      id: second.user.id,
      is_active: false,
      is_email_verified: true,
      is_instance_admin: true,
      is_bot: true,
      password_hash: 'x',
      favourite_colour: 'green',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...user, first_name: 'Eve' });
    expect(res.body).not.toHaveProperty('favourite_colour');
    expect((await client.get('/api/users/me/instance-admin/')).body).toEqual({ is_instance_admin: false });
    expect((await client.get('/api/users/me/')).body.first_name).toBe('Eve');
    expect((await anon().post('/auth/email-check/', { email: 'hijack@example.com' })).body.existing).toBe(
      false,
    );
    expect(
      (await anon().post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD })).status,
    ).toBe(200);
  });
});

describe('/api/users/me/profile/', () => {
  it('GET answers the full Profile of a new user', async () => {
    const { client, user } = await signUp(t);
    const res = await client.get('/api/users/me/profile/');
    expect(res.status).toBe(200);
    expectProfile(res.body, user.id);
    expect(res.body).toMatchObject({
      role: null,
      last_workspace_id: null,
      onboarding_step: NO_STEPS,
      is_onboarded: false,
      is_tour_completed: false,
      use_case: null,
      billing_address_country: null,
      billing_address: null,
      has_billing_address: false,
    });
    expect(typeof res.body.theme).toBe('object');
  });

  it('PATCH merges theme and onboarding_step key by key', async () => {
    const { client, user } = await signUp(t);
    const first = await client.patch('/api/users/me/profile/', {
      theme: { theme: 'custom', primary: '#3f76ff', darkPalette: true, sidebarText: '#fff' },
      onboarding_step: { profile_complete: true },
      role: ' Engineer ',
      use_case: 'Planning',
    });
    expect(first.status, first.text).toBe(200);
    expectProfile(first.body, user.id);
    expect(first.body.theme).toMatchObject({
      theme: 'custom',
      primary: '#3f76ff',
      darkPalette: true,
      sidebarText: '#fff',
    });
    expect(first.body.onboarding_step).toEqual({ ...NO_STEPS, profile_complete: true });
    expect(first.body).toMatchObject({ role: 'Engineer', use_case: 'Planning' });

    const second = await client.patch('/api/users/me/profile/', {
      theme: { primary: '#000000' },
      onboarding_step: { workspace_join: true },
    });
    expect(second.body.theme).toMatchObject({
      theme: 'custom',
      primary: '#000000',
      darkPalette: true,
      sidebarText: '#fff',
    });
    expect(second.body.onboarding_step).toEqual({
      ...NO_STEPS,
      profile_complete: true,
      workspace_join: true,
    });
    expect(second.body.role).toBe('Engineer');
    expect((await client.get('/api/users/me/profile/')).body).toEqual(second.body);
  });

  it('PATCH validates types and drops unknown keys', async () => {
    const { client } = await signUp(t);
    const bad = await client.patch('/api/users/me/profile/', {
      theme: { darkPalette: 'yes' },
      onboarding_step: { workspace_join: 'done' },
      is_tour_completed: 1,
      last_workspace_id: 'not-a-uuid',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.body.fields).sort()).toEqual(
      [
        'is_tour_completed',
        'last_workspace_id',
        'onboarding_step.workspace_join',
        'theme.darkPalette',
      ].sort(),
    );
    const before = (await client.get('/api/users/me/profile/')).body;
    const res = await client.patch('/api/users/me/profile/', {
      mystery: 1,
      id: '00000000-0000-4000-8000-000000000000',
      user: '00000000-0000-4000-8000-000000000000',
      theme: { theme: 'dark', mysteryColour: 'red' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).not.toHaveProperty('mystery');
    expect(res.body.id).toBe(before.id);
    expect(res.body.user).toBe(before.user);
    expect(res.body.theme).not.toHaveProperty('mysteryColour');
    expect(res.body.theme.theme).toBe('dark');
  });
});

describe('onboarding and tour', () => {
  it('onboard sets every step and remembers a workspace to land in', async () => {
    const owner = await signUp(t);
    const ws = await createWorkspace(owner);
    // Forget the workspace creation remembered, so onboarding has to pick one.
    await owner.client.patch('/api/users/me/profile/', { last_workspace_id: null });
    const res = await owner.client.patch('/api/users/me/onboard/', { is_onboarded: true });
    expect(res.status, res.text).toBe(200);
    expectProfile(res.body, owner.user.id);
    expect(res.body).toMatchObject({
      is_onboarded: true,
      onboarding_step: ALL_STEPS,
      last_workspace_id: ws.id,
    });

    expect((await owner.client.patch('/api/users/me/onboard/', { is_onboarded: 'yes' })).status).toBe(400);
    expect((await owner.client.patch('/api/users/me/onboard/', {})).body.error_code).toBe('VALIDATION_ERROR');
  });

  it('onboard works without any workspace', async () => {
    const { client } = await signUp(t);
    const res = await client.patch('/api/users/me/onboard/', { is_onboarded: true });
    expect(res.body).toMatchObject({
      is_onboarded: true,
      onboarding_step: ALL_STEPS,
      last_workspace_id: null,
    });
  });

  it('tour-completed sets the flag', async () => {
    const { client, user } = await signUp(t);
    const res = await client.patch('/api/users/me/tour-completed/', { is_tour_completed: true });
    expect(res.status).toBe(200);
    expectProfile(res.body, user.id);
    expect(res.body.is_tour_completed).toBe(true);
    expect((await client.get('/api/users/me/profile/')).body.is_tour_completed).toBe(true);
    const bad = await client.patch('/api/users/me/tour-completed/', { is_tour_completed: 'true' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('is_tour_completed');
  });
});

describe('/api/users/me/settings/', () => {
  it('names the last and fallback workspaces and counts pending invitations', async () => {
    const { client, user } = await signUp(t);
    const empty = await client.get('/api/users/me/settings/');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      id: user.id,
      email: user.email,
      workspace: {
        last_workspace_id: null,
        last_workspace_slug: null,
        fallback_workspace_id: null,
        fallback_workspace_slug: null,
        invites: 0,
      },
    });

    const first = await createWorkspace({ client, user });
    const second = await createWorkspace({ client, user });
    const settings = await client.get('/api/users/me/settings/');
    expect(settings.body.workspace).toEqual({
      last_workspace_id: second.id,
      last_workspace_slug: second.slug,
      fallback_workspace_id: first.id,
      fallback_workspace_slug: first.slug,
      invites: 0,
    });

    const other = await signUp(t);
    const otherWs = await createWorkspace(other);
    const invite = await other.client.post(`/api/workspaces/${otherWs.slug}/invitations/`, {
      emails: [{ email: user.email, role: 15 }],
    });
    expect(invite.status, invite.text).toBe(201);
    expect((await client.get('/api/users/me/settings/')).body.workspace.invites).toBe(1);
  });
});

describe('notification preferences', () => {
  it('default to true and PATCH merges', async () => {
    const { client } = await signUp(t);
    const all = {
      property_change: true,
      state_change: true,
      comment: true,
      mention: true,
      issue_completed: true,
    };
    expect((await client.get('/api/users/me/notification-preferences/')).body).toEqual(all);
    const first = await client.patch('/api/users/me/notification-preferences/', { comment: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...all, comment: false });
    const second = await client.patch('/api/users/me/notification-preferences/', {
      mention: false,
      junk: true,
    });
    expect(second.body).toEqual({ ...all, comment: false, mention: false });
    expect((await client.get('/api/users/me/notification-preferences/')).body).toEqual(second.body);
    const bad = await client.patch('/api/users/me/notification-preferences/', { state_change: 'off' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('state_change');
  });
});

describe('accounts, instance-admin, activities', () => {
  it('lists no linked accounts and tells who is instance admin', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    expect((await first.client.get('/api/users/me/accounts/')).body).toEqual([]);
    expect((await first.client.get('/api/users/me/instance-admin/')).body).toEqual({
      is_instance_admin: true,
    });
    expect((await second.client.get('/api/users/me/instance-admin/')).body).toEqual({
      is_instance_admin: false,
    });
  });

  it('pages activities in the envelope and validates per_page and cursor', async () => {
    const { client } = await signUp(t);
    const res = await client.get('/api/users/me/activities/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      grouped_by: null,
      sub_grouped_by: null,
      total_count: 0,
      next_cursor: '50:1:0',
      prev_cursor: '50:-1:1',
      next_page_results: false,
      prev_page_results: false,
      count: 0,
      total_pages: 0,
      total_results: 0,
      extra_stats: null,
      results: [],
    });
    const sized = await client.get('/api/users/me/activities/?per_page=10&cursor=10:2:0');
    expect(sized.body).toMatchObject({
      next_cursor: '10:3:0',
      prev_cursor: '10:1:1',
      prev_page_results: true,
    });

    for (const perPage of ['0', '1001', 'abc']) {
      const bad = await client.get(`/api/users/me/activities/?per_page=${perPage}`);
      expect(bad.status, perPage).toBe(400);
      expect(bad.body).toEqual({
        error: 'Invalid per_page value. Cannot exceed 1000.',
        error_code: 'INVALID_PER_PAGE',
      });
    }
    for (const cursor of ['x', '10:-1:0', '10:x:0']) {
      const bad = await client.get(`/api/users/me/activities/?cursor=${cursor}`);
      expect(bad.status, cursor).toBe(400);
      expect(bad.body).toEqual({ error: 'Invalid cursor parameter.', error_code: 'INVALID_CURSOR' });
    }
  });
});

describe('DELETE /api/users/me/', () => {
  it('deactivates the account: every session ends and sign-in is refused', async () => {
    const { client, user } = await signUp(t);
    const other = new Client(t.baseUrl);
    expect(
      (await other.post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    // Sole admin of a workspace nobody else is in: nothing blocks deactivation.
    await createWorkspace({ client, user });

    const res = await client.delete('/api/users/me/');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(client.cookies.has('session-id')).toBe(false);
    expect((await other.get('/api/users/me/')).status).toBe(401);
    expect((await other.get('/api/users/session/')).body).toEqual({ is_authenticated: false, user: null });

    const signIn = await anon().post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error_code).toBe('USER_ACCOUNT_DEACTIVATED');
    const magic = anon();
    await magic.post('/auth/magic-generate/', { email: user.email });
    const code = t.mails.at(-1)!.match(/code=(\d{6})/)![1];
    const magicSignIn = await magic.post('/auth/magic-sign-in/', { email: user.email, code });
    expect(magicSignIn.body.error_code).toBe('USER_ACCOUNT_DEACTIVATED');
  });

  it('is refused with LAST_ADMIN for the sole admin of a workspace with other members', async () => {
    const owner = await signUp(t);
    const ws = await createWorkspace(owner);
    const member = await addMember(t, owner, ws.slug, 15);
    const res = await owner.client.delete('/api/users/me/');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), error_code: 'LAST_ADMIN' });
    expect((await owner.client.get('/api/users/me/')).status).toBe(200);
    expect((await owner.client.get(`/api/workspaces/${ws.slug}/`)).status).toBe(200);

    // The member (not an admin) may leave the instance; then the owner is alone and may too.
    expect((await member.client.delete('/api/users/me/')).status).toBe(204);
    expect((await owner.client.delete('/api/users/me/')).status).toBe(204);
  });

  it('lets the sole admin go when another admin remains', async () => {
    const owner = await signUp(t);
    const ws = await createWorkspace(owner);
    const admin = await addMember(t, owner, ws.slug, 20);
    await addMember(t, owner, ws.slug, 15);
    expect((await owner.client.delete('/api/users/me/')).status).toBe(204);
    expect((await admin.client.get(`/api/workspaces/${ws.slug}/`)).status).toBe(200);
  });
});
