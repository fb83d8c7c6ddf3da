import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { magicCodes, passwordResetTokens } from '../../platform/db/schema.ts';
import {
  createWorkspace,
  lastMailTo,
  type SignedIn,
  STRONG_PASSWORD,
  signUp,
  uniqueEmail,
} from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
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
const NEW_PASSWORD = 'purple elephant juggling quietly';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

const anon = () => new Client(t.baseUrl);

function expectUser(body: Record<string, unknown>, expected: Record<string, unknown> = {}) {
  expect(Object.keys(body).sort()).toEqual([...USER_KEYS].sort());
  expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(body.date_joined).toMatch(ISO);
  expect(body).toMatchObject({ is_active: true, is_bot: false, user_timezone: 'UTC', ...expected });
}

function expectAuthError(res: HttpResult, code: string, status = 400) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toEqual({ error: expect.any(String), error_code: code });
  expect(res.body.error.length).toBeGreaterThan(0);
}

function sessionCookieLine(res: HttpResult): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith('session-id='));
}

/** A client that carries only the given session id (and a CSRF token of its own). */
function clientWithSession(sessionId: string): Client {
  const client = anon();
  client.cookies.set('session-id', sessionId);
  return client;
}

async function me(client: Client) {
  return client.get('/api/users/me/');
}

async function requestCode(client: Client, email: string): Promise<string> {
  const res = await client.post('/auth/magic-generate/', { email });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ key: `magic_${email}` });
  const { code } = lastMailTo(t, email);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Creates an account through the magic-code flow (no password). */
async function magicSignUp(email = uniqueEmail('magic')): Promise<SignedIn> {
  const client = anon();
  const code = await requestCode(client, email);
  const res = await client.post('/auth/magic-sign-up/', { email, code });
  expect(res.status, res.text).toBe(200);
  return { client, user: res.body };
}

/** A form-mode POST: urlencoded body with the csrfmiddlewaretoken field, no header. */
async function formPost(client: Client, path: string, form: Record<string, string>) {
  const token = await client.ensureCsrf();
  return client.post(path, undefined, { form: { ...form, csrfmiddlewaretoken: token }, csrf: false });
}

function location(res: HttpResult): URL {
  expect(res.status, res.text).toBe(302);
  return new URL(res.headers.get('location')!, 'http://kite.test');
}

describe('CSRF token and session endpoints', () => {
  it('mints a csrftoken cookie once and returns the same value', async () => {
    const client = anon();
    const res = await client.get('/auth/get-csrf-token/');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['csrf_token']);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('csrftoken='))!;
    expect(line).toContain(`csrftoken=${res.body.csrf_token}`);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=31536000/);
    expect(line).not.toMatch(/HttpOnly/);
    expect(res.body.csrf_token.length).toBeGreaterThanOrEqual(20);

    const again = await client.get('/auth/get-csrf-token/');
    expect(again.body.csrf_token).toBe(res.body.csrf_token);
    expect(again.headers.getSetCookie().some((l) => l.startsWith('csrftoken='))).toBe(false);
  });

  it('reports an anonymous session as unauthenticated', async () => {
    const res = await anon().get('/api/users/session/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_authenticated: false, user: null });
  });
});

describe('POST /auth/sign-up/', () => {
  it('creates the account, starts a session and answers the full User', async () => {
    const client = anon();
    const email = uniqueEmail('new');
    const res = await client.post('/auth/sign-up/', {
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
      first_name: ' Ada ',
      last_name: 'Lovelace',
    });
    expect(res.status, res.text).toBe(200);
    expectUser(res.body, {
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: email.split('@')[0],
      is_password_autoset: false,
      is_email_verified: false,
      last_login_medium: 'email',
      avatar: null,
      cover_image: null,
    });

    const cookie = sessionCookieLine(res)!;
    expect(cookie).toMatch(/^session-id=[A-Za-z0-9_-]{22,}/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/);

    const session = await client.get('/api/users/session/');
    expect(session.body).toEqual({ is_authenticated: true, user: res.body });
    expect((await me(client)).body).toEqual(res.body);
  });

  it('refuses a taken email, weak passwords, missing fields and bad emails', async () => {
    const { user } = await signUp(t);
    const client = anon();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: user.email.toUpperCase(), password: STRONG_PASSWORD }, 'USER_ALREADY_EXIST'],
      [{ email: uniqueEmail(), password: 'password' }, 'PASSWORD_TOO_WEAK'],
      [{ email: uniqueEmail(), password: 'abc12' }, 'PASSWORD_TOO_WEAK'],
      [{ email: uniqueEmail(), password: '12345678' }, 'PASSWORD_TOO_WEAK'],
      [{ email: uniqueEmail(), password: '' }, 'REQUIRED_EMAIL_PASSWORD_SIGN_UP'],
      [{ password: STRONG_PASSWORD }, 'REQUIRED_EMAIL_PASSWORD_SIGN_UP'],
      [{ email: '   ', password: STRONG_PASSWORD }, 'REQUIRED_EMAIL_PASSWORD_SIGN_UP'],
      [{ email: 42, password: STRONG_PASSWORD }, 'REQUIRED_EMAIL_PASSWORD_SIGN_UP'],
      [{ email: 'not-an-email', password: STRONG_PASSWORD }, 'INVALID_EMAIL_SIGN_UP'],
      [{ email: 'a@b', password: STRONG_PASSWORD }, 'INVALID_EMAIL_SIGN_UP'],
    ];
    for (const [body, code] of cases) {
      const res = await client.post('/auth/sign-up/', body);
      expectAuthError(res, code);
      expect(sessionCookieLine(res)).toBeUndefined();
    }
    // The password may not simply be the user's own email.
    const email = 'zebrafinch.observatory@example.com';
    expectAuthError(await client.post('/auth/sign-up/', { email, password: email }), 'PASSWORD_TOO_WEAK');
    expect((await client.get('/api/users/session/')).body.is_authenticated).toBe(false);
  });

  it('with ENABLE_SIGNUP=0 lets only the first account and invited emails sign up', async () => {
    await t.close();
    t = await startTestApp({ ENABLE_SIGNUP: '0' });
    const admin = await signUp(t, uniqueEmail('admin'));
    expect((await admin.client.get('/api/users/me/instance-admin/')).body).toEqual({
      is_instance_admin: true,
    });

    const stranger = uniqueEmail('stranger');
    expectAuthError(
      await anon().post('/auth/sign-up/', { email: stranger, password: STRONG_PASSWORD }),
      'SIGNUP_DISABLED',
    );
    // The magic-code route is closed the same way.
    const magicClient = anon();
    const code = await requestCode(magicClient, stranger);
    expectAuthError(
      await magicClient.post('/auth/magic-sign-up/', { email: stranger, code }),
      'SIGNUP_DISABLED',
    );

    const ws = await createWorkspace(admin);
    const invited = uniqueEmail('invited');
    const invite = await admin.client.post(`/api/workspaces/${ws.slug}/invitations/`, {
      emails: [{ email: invited, role: 15 }],
    });
    expect(invite.status, invite.text).toBe(201);
    const res = await anon().post('/auth/sign-up/', { email: invited, password: STRONG_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body.email).toBe(invited);
  });

  it('with ENABLE_EMAIL_PASSWORD=0 refuses password sign-up and sign-in', async () => {
    await t.close();
    t = await startTestApp({ ENABLE_EMAIL_PASSWORD: '0' });
    expectAuthError(
      await anon().post('/auth/sign-up/', { email: uniqueEmail(), password: STRONG_PASSWORD }),
      'PASSWORD_LOGIN_DISABLED',
    );
    const { user } = await magicSignUp();
    expectAuthError(
      await anon().post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD }),
      'PASSWORD_LOGIN_DISABLED',
    );
    expect((await anon().post('/auth/email-check/', { email: user.email })).body).toEqual({
      existing: true,
      status: 'MAGIC_CODE',
    });
  });
});

describe('POST /auth/sign-in/', () => {
  it('signs in with a new session id each time; the previous id stops working', async () => {
    const { user } = await signUp(t);
    const client = anon();
    const first = await client.post('/auth/sign-in/', {
      email: ` ${user.email.toUpperCase()}`,
      password: STRONG_PASSWORD,
    });
    expect(first.status, first.text).toBe(200);
    expectUser(first.body, { id: user.id, email: user.email, last_login_medium: 'email' });
    const firstId = client.cookies.get('session-id')!;
    expect(sessionCookieLine(first)).toMatch(/HttpOnly; SameSite=Lax/);
    // quality.md §2: at least 128 random bits (the id is base64url).
    expect(Buffer.from(firstId, 'base64url').length).toBeGreaterThanOrEqual(16);

    const second = await client.post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD });
    expect(second.status).toBe(200);
    const secondId = client.cookies.get('session-id')!;
    expect(secondId).not.toBe(firstId);
    expect((await me(client)).body.id).toBe(user.id);
    expect((await me(clientWithSession(firstId))).status).toBe(401);
  });

  it('refuses unknown emails and wrong passwords alike, and deactivated accounts', async () => {
    const { user, client: owner } = await signUp(t);
    const client = anon();
    const unknown = await client.post('/auth/sign-in/', { email: uniqueEmail(), password: STRONG_PASSWORD });
    const wrong = await client.post('/auth/sign-in/', { email: user.email, password: 'wrong password 123' });
    expectAuthError(unknown, 'AUTHENTICATION_FAILED_SIGN_IN');
    expectAuthError(wrong, 'AUTHENTICATION_FAILED_SIGN_IN');
    expect(wrong.body).toEqual(unknown.body);

    expectAuthError(
      await client.post('/auth/sign-in/', { email: user.email }),
      'REQUIRED_EMAIL_PASSWORD_SIGN_IN',
    );
    expectAuthError(
      await client.post('/auth/sign-in/', { password: 'x' }),
      'REQUIRED_EMAIL_PASSWORD_SIGN_IN',
    );
    expectAuthError(
      await client.post('/auth/sign-in/', { email: 'nope', password: STRONG_PASSWORD }),
      'INVALID_EMAIL_SIGN_IN',
    );
    // An account made by magic code has no password to match.
    const magic = await magicSignUp();
    expectAuthError(
      await client.post('/auth/sign-in/', { email: magic.user.email, password: STRONG_PASSWORD }),
      'AUTHENTICATION_FAILED_SIGN_IN',
    );
    expect(client.cookies.has('session-id')).toBe(false);

    expect((await owner.delete('/api/users/me/')).status).toBe(204);
    expectAuthError(
      await client.post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD }),
      'USER_ACCOUNT_DEACTIVATED',
    );
    expect(client.cookies.has('session-id')).toBe(false);
  });
});

describe('POST /auth/email-check/', () => {
  it('tells which method an email signs in with', async () => {
    const { user } = await signUp(t);
    const magic = await magicSignUp();
    const client = anon();
    expect((await client.post('/auth/email-check/', { email: uniqueEmail() })).body).toEqual({
      existing: false,
      status: 'MAGIC_CODE',
    });
    expect((await client.post('/auth/email-check/', { email: user.email.toUpperCase() })).body).toEqual({
      existing: true,
      status: 'CREDENTIAL',
    });
    expect((await client.post('/auth/email-check/', { email: magic.user.email })).body).toEqual({
      existing: true,
      status: 'MAGIC_CODE',
    });
    expectAuthError(await client.post('/auth/email-check/', {}), 'EMAIL_REQUIRED');
    expectAuthError(await client.post('/auth/email-check/', { email: 'bad@' }), 'INVALID_EMAIL');
  });
});

describe('magic codes', () => {
  it('signs up a new account by code: verified, password autoset, code single use', async () => {
    const client = anon();
    const email = uniqueEmail('magic');
    const code = await requestCode(client, email);
    expect(lastMailTo(t, email).line).toMatch(new RegExp(`^MAIL to=${email} subject=".*" code=${code}$`));
    const res = await client.post('/auth/magic-sign-up/', { email, code });
    expect(res.status, res.text).toBe(200);
    expectUser(res.body, {
      email,
      is_password_autoset: true,
      is_email_verified: true,
      last_login_medium: 'magic-code',
    });
    expect(sessionCookieLine(res)).toMatch(/HttpOnly/);
    expect((await me(client)).body.id).toBe(res.body.id);

    // The same code cannot be used again, nor can an existing account magic-sign-up.
    expectAuthError(await anon().post('/auth/magic-sign-in/', { email, code }), 'INVALID_MAGIC_CODE_SIGN_IN');
    const again = await requestCode(anon(), email);
    expectAuthError(await anon().post('/auth/magic-sign-up/', { email, code: again }), 'USER_ALREADY_EXIST');
  });

  it('signs an existing account in by code and verifies its email', async () => {
    const { user } = await signUp(t);
    expect(user.is_email_verified).toBe(false);
    const client = anon();
    expectAuthError(
      await client.post('/auth/magic-sign-in/', { email: user.email }),
      'MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED',
    );
    expectAuthError(
      await client.post('/auth/magic-sign-in/', { email: 'x@', code: '123456' }),
      'INVALID_EMAIL_MAGIC_SIGN_IN',
    );
    const code = await requestCode(client, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expectAuthError(
      await client.post('/auth/magic-sign-in/', { email: user.email, code: wrong }),
      'INVALID_MAGIC_CODE_SIGN_IN',
    );
    const res = await client.post('/auth/magic-sign-in/', { email: user.email, code });
    expect(res.status, res.text).toBe(200);
    expectUser(res.body, { id: user.id, is_email_verified: true, last_login_medium: 'magic-code' });
    expect((await me(client)).body.id).toBe(user.id);
  });

  it('answers USER_DOES_NOT_EXIST for magic sign-in of an unknown email', async () => {
    const client = anon();
    const email = uniqueEmail('ghost');
    const code = await requestCode(client, email);
    expectAuthError(await client.post('/auth/magic-sign-in/', { email, code }), 'USER_DOES_NOT_EXIST');
  });

  it('voids the previous code when a new one is requested', async () => {
    const client = anon();
    const email = uniqueEmail();
    const first = await requestCode(client, email);
    const second = await requestCode(client, email);
    if (first !== second) {
      expectAuthError(
        await client.post('/auth/magic-sign-up/', { email, code: first }),
        'INVALID_MAGIC_CODE_SIGN_UP',
      );
    }
    expect((await client.post('/auth/magic-sign-up/', { email, code: second })).status).toBe(200);
  });

  it('refuses an expired code; a code lives ten minutes', async () => {
    const { user } = await signUp(t);
    const client = anon();
    const sent = Date.now();
    const code = await requestCode(client, user.email);
    const [stored] = await t.services.db.select().from(magicCodes).where(eq(magicCodes.email, user.email));
    const lifetime = stored!.expires_at.getTime() - sent;
    expect(lifetime).toBeGreaterThan(10 * 60_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    await t.services.db
      .update(magicCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(magicCodes.email, user.email));
    expectAuthError(
      await client.post('/auth/magic-sign-in/', { email: user.email, code }),
      'EXPIRED_MAGIC_CODE_SIGN_IN',
    );
    const other = uniqueEmail();
    const signUpCode = await requestCode(client, other);
    await t.services.db
      .update(magicCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(magicCodes.email, other));
    expectAuthError(
      await client.post('/auth/magic-sign-up/', { email: other, code: signUpCode }),
      'EXPIRED_MAGIC_CODE_SIGN_UP',
    );
  });

  it('burns the code after 5 wrong guesses; the right code then fails too', async () => {
    const { user } = await signUp(t);
    const client = anon();
    const code = await requestCode(client, user.email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) {
      expectAuthError(
        await client.post('/auth/magic-sign-in/', { email: user.email, code: wrong }),
        'INVALID_MAGIC_CODE_SIGN_IN',
      );
    }
    expectAuthError(
      await client.post('/auth/magic-sign-in/', { email: user.email, code: wrong }),
      'EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN',
    );
    const right = await client.post('/auth/magic-sign-in/', { email: user.email, code });
    expectAuthError(right, 'EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN');
    expect(client.cookies.has('session-id')).toBe(false);
    // A fresh code works again.
    const fresh = await requestCode(client, user.email);
    expect((await client.post('/auth/magic-sign-in/', { email: user.email, code: fresh })).status).toBe(200);
  });

  it('sends at most 3 codes per email per 10 minutes', async () => {
    const client = anon();
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) await requestCode(client, email);
    const mails = t.mails.length;
    const res = await client.post('/auth/magic-generate/', { email });
    expectAuthError(res, 'RATE_LIMIT_EXCEEDED', 429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(t.mails.length).toBe(mails);
    // Another email is unaffected.
    await requestCode(client, uniqueEmail());
    expectAuthError(await client.post('/auth/magic-generate/', { email: 'nope' }), 'INVALID_EMAIL');
    expectAuthError(await client.post('/auth/magic-generate/', {}), 'EMAIL_REQUIRED');
  });

  it('is refused when magic login is disabled', async () => {
    await t.close();
    t = await startTestApp({ ENABLE_MAGIC_LINK_LOGIN: '0' });
    const { user } = await signUp(t);
    const client = anon();
    expectAuthError(
      await client.post('/auth/magic-generate/', { email: user.email }),
      'MAGIC_LINK_LOGIN_DISABLED',
    );
    expectAuthError(
      await client.post('/auth/magic-sign-in/', { email: user.email, code: '123456' }),
      'MAGIC_LINK_LOGIN_DISABLED',
    );
    expect(t.mails).toEqual([]);
    expect((await client.post('/auth/email-check/', { email: uniqueEmail() })).body.status).toBe(
      'CREDENTIAL',
    );
  });
});

describe('password reset', () => {
  async function resetLink(email: string) {
    const res = await anon().post('/auth/forgot-password/', { email });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Check your email to reset your password' });
    const link = new URL(lastMailTo(t, email).link!);
    return {
      link,
      path: `/auth/reset-password/${link.searchParams.get('uidb64')}/${link.searchParams.get('token')}/`,
    };
  }

  it('answers the same for unknown emails and mails nobody', async () => {
    const { user } = await signUp(t);
    const unknown = await anon().post('/auth/forgot-password/', { email: uniqueEmail() });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: 'Check your email to reset your password' });
    expect(t.mails).toEqual([]);
    const { link } = await resetLink(user.email);
    expect(t.mails).toHaveLength(1);
    expect(link.origin).toBe(t.baseUrl);
    expect(link.pathname).toBe('/accounts/reset-password/');
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(22);
    expectAuthError(await anon().post('/auth/forgot-password/', { email: 'nope' }), 'INVALID_EMAIL');
  });

  it('resets once, revokes every session and retires the old password', async () => {
    const { user, client: signedIn } = await signUp(t);
    const { path } = await resetLink(user.email);

    expectAuthError(await anon().post(path, { password: 'password1' }), 'PASSWORD_TOO_WEAK');
    const res = await anon().post(path, { password: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });

    expect((await me(signedIn)).status).toBe(401);
    expectAuthError(
      await anon().post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD }),
      'AUTHENTICATION_FAILED_SIGN_IN',
    );
    expect((await anon().post('/auth/sign-in/', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );

    const reuse = await anon().post(path, { password: 'another strong passphrase here' });
    expect(reuse.status).toBe(400);
    expect(['EXPIRED_PASSWORD_TOKEN', 'INVALID_PASSWORD_TOKEN']).toContain(reuse.body.error_code);
    expect((await anon().post('/auth/sign-in/', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('refuses forged, expired and superseded links', async () => {
    const { user, client } = await signUp(t);
    const { link, path } = await resetLink(user.email);
    const uid = link.searchParams.get('uidb64')!;
    expectAuthError(
      await anon().post(`/auth/reset-password/${uid}/forged-token/`, { password: NEW_PASSWORD }),
      'INVALID_PASSWORD_TOKEN',
    );
    expectAuthError(
      await anon().post(`/auth/reset-password/bm90LWEtdXVpZA/${link.searchParams.get('token')}/`, {
        password: NEW_PASSWORD,
      }),
      'INVALID_PASSWORD_TOKEN',
    );

    await t.services.db
      .update(passwordResetTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.user_id, user.id));
    expectAuthError(await anon().post(path, { password: NEW_PASSWORD }), 'EXPIRED_PASSWORD_TOKEN');

    // Any password change voids outstanding links.
    const second = await resetLink(user.email);
    const change = await client.post('/auth/change-password/', {
      old_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(change.status, change.text).toBe(200);
    expectAuthError(
      await anon().post(second.path, { password: 'yet another fine passphrase' }),
      'EXPIRED_PASSWORD_TOKEN',
    );
  });
});

describe('POST /auth/set-password/', () => {
  it('sets a first password for a magic-code account, once', async () => {
    const { client, user } = await magicSignUp();
    const before = client.cookies.get('session-id');
    expectAuthError(await client.post('/auth/set-password/', {}), 'INVALID_PASSWORD');
    expectAuthError(await client.post('/auth/set-password/', { password: 'qwerty123' }), 'PASSWORD_TOO_WEAK');
    const res = await client.post('/auth/set-password/', { password: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expectUser(res.body, { id: user.id, is_password_autoset: false });
    expect(client.cookies.get('session-id')).not.toBe(before);
    expect((await me(client)).status).toBe(200);

    expect((await anon().post('/auth/sign-in/', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    expectAuthError(
      await client.post('/auth/set-password/', { password: NEW_PASSWORD }),
      'PASSWORD_ALREADY_SET',
    );
    expect((await anon().post('/auth/email-check/', { email: user.email })).body.status).toBe('CREDENTIAL');
  });

  it('is refused for password accounts and without a session', async () => {
    const { client } = await signUp(t);
    expectAuthError(
      await client.post('/auth/set-password/', { password: NEW_PASSWORD }),
      'PASSWORD_ALREADY_SET',
    );
    const res = await anon().post('/auth/set-password/', { password: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), error_code: 'AUTHENTICATION_REQUIRED' });
  });
});

describe('POST /auth/change-password/', () => {
  it('checks the old password and the new one', async () => {
    const { client } = await signUp(t);
    expectAuthError(
      await client.post('/auth/change-password/', {
        old_password: 'not my password',
        new_password: NEW_PASSWORD,
      }),
      'INCORRECT_OLD_PASSWORD',
    );
    expectAuthError(
      await client.post('/auth/change-password/', { new_password: NEW_PASSWORD }),
      'MISSING_PASSWORD',
    );
    expectAuthError(
      await client.post('/auth/change-password/', { old_password: STRONG_PASSWORD }),
      'MISSING_PASSWORD',
    );
    expectAuthError(
      await client.post('/auth/change-password/', {
        old_password: STRONG_PASSWORD,
        new_password: 'letmein1',
      }),
      'PASSWORD_TOO_WEAK',
    );
    const res = await anon().post('/auth/change-password/', {
      old_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('revokes other sessions and rotates the caller onto a new session id', async () => {
    const { client, user } = await signUp(t);
    const other = anon();
    expect(
      (await other.post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    const before = client.cookies.get('session-id')!;

    const res = await client.post('/auth/change-password/', {
      old_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Password updated successfully' });
    const after = client.cookies.get('session-id')!;
    expect(sessionCookieLine(res)).toMatch(/HttpOnly; SameSite=Lax/);
    expect(after).not.toBe(before);

    expect((await me(client)).body.id).toBe(user.id);
    expect((await me(other)).status).toBe(401);
    expect((await me(clientWithSession(before))).status).toBe(401);
    expectAuthError(
      await anon().post('/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD }),
      'AUTHENTICATION_FAILED_SIGN_IN',
    );
    expect((await anon().post('/auth/sign-in/', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('needs no old password while the password is autoset', async () => {
    const { client, user } = await magicSignUp();
    const res = await client.post('/auth/change-password/', { new_password: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect((await anon().post('/auth/sign-in/', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('POST /auth/sign-out/', () => {
  it('JSON mode: 204, clears the cookie and ends the session', async () => {
    const { client } = await signUp(t);
    const sessionId = client.cookies.get('session-id')!;
    const res = await client.post('/auth/sign-out/');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(sessionCookieLine(res)).toMatch(/^session-id=;.*Max-Age=0/);
    expect(client.cookies.has('session-id')).toBe(false);
    expect((await me(clientWithSession(sessionId))).status).toBe(401);
    expect((await client.get('/api/users/session/')).body).toEqual({ is_authenticated: false, user: null });
  });

  it('form mode: 302 to / and the old session id no longer works', async () => {
    const { client } = await signUp(t);
    const sessionId = client.cookies.get('session-id')!;
    const res = await formPost(client, '/auth/sign-out/', {});
    expect(location(res).pathname).toBe('/');
    expect(res.headers.get('location')).toBe('/');
    expect(sessionCookieLine(res)).toMatch(/Max-Age=0/);
    expect((await me(clientWithSession(sessionId))).status).toBe(401);
  });

  it('without a CSRF token is refused and the session survives', async () => {
    const { client } = await signUp(t);
    const res = await client.post('/auth/sign-out/', undefined, {
      form: { next: '/' },
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'CSRF token not found', error_code: 'CSRF_FAILED' });
    expect((await me(client)).status).toBe(200);
  });
});

describe('form mode', () => {
  it('redirects a new user to /onboarding and honours only safe next paths', async () => {
    const { user } = await signUp(t);
    const client = anon();
    const res = await formPost(client, '/auth/sign-in/', { email: user.email, password: STRONG_PASSWORD });
    expect(res.headers.get('location')).toBe('/onboarding');
    expect(sessionCookieLine(res)).toMatch(/HttpOnly/);
    expect((await me(client)).body.id).toBe(user.id);

    const next = await formPost(anon(), '/auth/sign-in/', {
      email: user.email,
      password: STRONG_PASSWORD,
      next_path: '/acme/projects/',
    });
    expect(next.headers.get('location')).toBe('/acme/projects/');
    for (const unsafe of ['//evil.com', 'https://evil.com/', '/\\evil.com', 'evil']) {
      const res2 = await formPost(anon(), '/auth/sign-in/', {
        email: user.email,
        password: STRONG_PASSWORD,
        next_path: unsafe,
      });
      expect(res2.headers.get('location'), unsafe).toBe('/onboarding');
    }
  });

  it('lands onboarded users in their last workspace, else on /create-workspace', async () => {
    const owner = await signUp(t);
    expect((await owner.client.patch('/api/users/me/onboard/', { is_onboarded: true })).status).toBe(200);
    const land = () =>
      formPost(anon(), '/auth/sign-in/', { email: owner.user.email, password: STRONG_PASSWORD });
    expect((await land()).headers.get('location')).toBe('/create-workspace');
    const ws = await createWorkspace(owner);
    expect((await land()).headers.get('location')).toBe(`/${ws.slug}/`);
  });

  it('sends errors back to the form page with Plane numeric codes', async () => {
    const { user } = await signUp(t);
    const failed = location(
      await formPost(anon(), '/auth/sign-in/', { email: user.email, password: 'wrong', next_path: '/x/' }),
    );
    expect(failed.pathname).toBe('/');
    expect(failed.searchParams.get('error_code')).toBe('5065');
    expect(failed.searchParams.get('error_message')).toBe('AUTHENTICATION_FAILED_SIGN_IN');
    expect(failed.searchParams.get('email')).toBe(user.email);
    expect(failed.searchParams.get('next_path')).toBe('/x/');
    const raw = await formPost(anon(), '/auth/sign-in/', { email: user.email, password: 'wrong' });
    expect(raw.headers.get('location')).toMatch(
      /^\/\?error_code=5065&error_message=AUTHENTICATION_FAILED_SIGN_IN/,
    );
    expect(sessionCookieLine(raw)).toBeUndefined();

    const unsafe = location(
      await formPost(anon(), '/auth/sign-in/', {
        email: user.email,
        password: 'wrong',
        next_path: '//evil.com',
      }),
    );
    expect(unsafe.searchParams.has('next_path')).toBe(false);

    const signUpError = location(
      await formPost(anon(), '/auth/sign-up/', { email: user.email, password: STRONG_PASSWORD }),
    );
    expect(signUpError.pathname).toBe('/sign-up/');
    expect(signUpError.searchParams.get('error_code')).toBe('5030');
    expect(signUpError.searchParams.get('error_message')).toBe('USER_ALREADY_EXIST');

    const resetError = location(
      await formPost(anon(), '/auth/reset-password/bm9wZQ/nope/', { password: NEW_PASSWORD }),
    );
    expect(resetError.pathname).toBe('/accounts/reset-password/');
    expect(resetError.searchParams.get('error_code')).toBe('5125');
  });

  it('signs up by form and resets by form', async () => {
    const client = anon();
    const email = uniqueEmail('form');
    const res = await formPost(client, '/auth/sign-up/', { email, password: STRONG_PASSWORD });
    expect(res.headers.get('location')).toBe('/onboarding');
    expect((await me(client)).body.email).toBe(email);

    await anon().post('/auth/forgot-password/', { email });
    const link = new URL(lastMailTo(t, email).link!);
    const reset = await formPost(
      anon(),
      `/auth/reset-password/${link.searchParams.get('uidb64')}/${link.searchParams.get('token')}/`,
      { password: NEW_PASSWORD },
    );
    expect(reset.headers.get('location')).toBe('/sign-in?success=true');
    expect((await me(client)).status).toBe(401);
  });
});
