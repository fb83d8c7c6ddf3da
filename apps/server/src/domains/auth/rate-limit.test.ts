import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signInFailures } from '../../platform/db/schema.ts';
import { STRONG_PASSWORD, signUp, uniqueEmail } from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(() => t.close());

const anon = () => new Client(t.baseUrl);

function expectLimited(res: HttpResult, maxRetryAfter: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toEqual({ error: expect.any(String), error_code: 'RATE_LIMIT_EXCEEDED' });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

const signIn = (email: string, password: string) => anon().post('/auth/sign-in/', { email, password });

describe('failed sign-ins per account', () => {
  it('locks the account after 10 failures, even for the right password, for 15 minutes', async () => {
    t = await startTestApp();
    const { user } = await signUp(t);
    const bystander = await signUp(t);
    for (let i = 0; i < 10; i++) {
      // Failures count per account whatever the email's case.
      const email = i % 2 ? user.email.toUpperCase() : user.email;
      const res = await signIn(email, `wrong password ${i}`);
      expect(res.body.error_code, `attempt ${i + 1}`).toBe('AUTHENTICATION_FAILED_SIGN_IN');
    }
    const locked = await signIn(user.email, STRONG_PASSWORD);
    expectLimited(locked, 900);
    expect(locked.headers.getSetCookie().some((l) => l.startsWith('session-id='))).toBe(false);

    // Form mode reports it on the sign-in page.
    const client = anon();
    const token = await client.ensureCsrf();
    const form = await client.post('/auth/sign-in/', undefined, {
      form: { email: user.email, password: STRONG_PASSWORD, csrfmiddlewaretoken: token },
      csrf: false,
    });
    expect(form.status).toBe(302);
    expect(form.headers.get('location')).toMatch(/^\/\?error_code=5900&error_message=RATE_LIMIT_EXCEEDED/);

    // Other accounts from the same address are unaffected.
    expect((await signIn(bystander.user.email, STRONG_PASSWORD)).status).toBe(200);

    // Once the failures are older than the window, the account opens again.
    await t.services.db
      .update(signInFailures)
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInFailures.email, user.email));
    expect((await signIn(user.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('counts failures for unknown emails too', async () => {
    t = await startTestApp();
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) await signIn(ghost, 'whatever it is');
    expectLimited(await signIn(ghost, 'whatever it is'), 900);
  });
});

describe('failed sign-ins per client IP', () => {
  it('blocks every sign-in from the address after SIGN_IN_IP_FAILURE_LIMIT failures', async () => {
    t = await startTestApp({ SIGN_IN_IP_FAILURE_LIMIT: '3' });
    const { user } = await signUp(t);
    // Successful sign-ins are not failures.
    for (let i = 0; i < 4; i++) expect((await signIn(user.email, STRONG_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(uniqueEmail(), 'nope nope nope')).body.error_code).toBe(
        'AUTHENTICATION_FAILED_SIGN_IN',
      );
    }
    expectLimited(await signIn(user.email, STRONG_PASSWORD), 900);
    expectLimited(await signIn(uniqueEmail(), 'nope nope nope'), 900);
  });
});

describe('other /auth/ POSTs per client IP', () => {
  it('allows AUTH_IP_RATE_LIMIT calls a minute, then 429 with Retry-After', async () => {
    t = await startTestApp({ AUTH_IP_RATE_LIMIT: '5' });
    const client = anon();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/auth/email-check/', { email: uniqueEmail() })).status).toBe(200);
    }
    expectLimited(await client.post('/auth/email-check/', { email: uniqueEmail() }), 60);
    // A different client from the same address shares the budget.
    expectLimited(await anon().post('/auth/email-check/', { email: uniqueEmail() }), 60);
    // Reads are not limited.
    expect((await anon().get('/auth/get-csrf-token/')).status).toBe(200);
    expect((await anon().get('/api/users/session/')).status).toBe(200);
  });

  it('shares one budget across the /auth/ POST endpoints', async () => {
    t = await startTestApp({ AUTH_IP_RATE_LIMIT: '5' });
    const client = anon();
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/auth/email-check/', { email: uniqueEmail() })).status).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      expect((await client.post('/auth/forgot-password/', { email: uniqueEmail() })).status).toBe(200);
    }
    const mails = t.mails.length;
    expectLimited(await client.post('/auth/magic-generate/', { email: uniqueEmail() }), 60);
    expect(t.mails.length).toBe(mails);
    expectLimited(
      await client.post('/auth/sign-up/', { email: uniqueEmail(), password: STRONG_PASSWORD }),
      60,
    );
    expect((await anon().get('/api/users/session/')).body.is_authenticated).toBe(false);
  });
});
