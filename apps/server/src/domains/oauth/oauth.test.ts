import { afterEach, describe, expect, it } from 'vitest';
import { type SignedIn, STRONG_PASSWORD, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import {
  type FakePerson,
  startFakeProvider,
  startOidcProvider,
  throughProvider,
} from '../../test/oauth-fakes.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const CLIENT = { id: 'kite-test-client', secret: 'kite-test-secret-0123456789' };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp(env);
  cleanups.push(() => t.close());
  return t;
}

/** The error a refused sign-in redirects to, as the sign-in screen reads it. */
function refusal(location: string | null): string | null {
  const url = new URL(location ?? '/', 'http://app');
  expect(url.pathname).toBe('/sign-in');
  return url.searchParams.get('error_message');
}

async function counts(t: TestApp) {
  const [row] = await t.database.raw<{ users: number; accounts: number }>(
    'select (select count(*)::int from users) as users, (select count(*)::int from accounts) as accounts',
  );
  return row!;
}

/** A browser starting a sign-in at the app, going through the provider, and back. */
async function signInThrough(
  t: TestApp,
  provider: string,
  options: {
    login?: string;
    nextPath?: string;
    tamper?: (providerUrl: URL) => void;
    beforeCallback?: () => Promise<void>;
  } = {},
) {
  const browser = new Client(t.baseUrl);
  const start = await browser.get(
    `/auth/${provider}/${options.nextPath ? `?next_path=${encodeURIComponent(options.nextPath)}` : ''}`,
  );
  expect(start.status, start.text).toBe(302);
  const providerUrl = new URL(start.headers.get('location')!);
  options.tamper?.(providerUrl);
  const { callback } = await throughProvider(providerUrl.href, t.baseUrl, options.login ?? 'alice');
  await options.beforeCallback?.();
  const back = await browser.get(callback.slice(t.baseUrl.length));
  expect(back.status, back.text).toBe(302);
  return { browser, location: back.headers.get('location'), providerUrl, callback };
}

describe('OpenID Connect sign-in against a real provider (oidc-provider)', () => {
  let t: TestApp;
  let admin: SignedIn;

  async function setUp(
    people: Record<string, Omit<FakePerson, 'sub'>>,
    settings: Record<string, string> = {},
    codeTtl?: number,
  ) {
    t = await app();
    admin = await signUp(t, 'admin@corp.example');
    const provider = await startOidcProvider({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      redirectUri: `${t.baseUrl}/auth/oidc/callback/`,
      people,
      codeTtl,
    });
    cleanups.push(provider.close);
    const res = await admin.client.patch('/api/instances/configurations/', {
      IS_OIDC_ENABLED: true,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      OIDC_BUTTON_LABEL: 'Sign in with Corp SSO',
      ...settings,
    });
    expect(res.status, res.text).toBe(200);
    return provider;
  }

  it('creates the account on first sign-in, signs the same account in the next time, and reports the provider as on', async () => {
    await setUp({ alice: { email: 'Alice@corp.example', email_verified: true, name: 'Alice Liddell' } });
    const config = (await new Client(t.baseUrl).get('/api/instances/')).body.config;
    expect(config).toMatchObject({ is_oidc_enabled: true, oidc_button_label: 'Sign in with Corp SSO' });

    const before = await counts(t);
    const first = await signInThrough(t, 'oidc');
    expect(first.location).toBe('/onboarding');
    const me = (await first.browser.get('/api/users/me/')).body;
    expect(me).toMatchObject({
      email: 'alice@corp.example',
      first_name: 'Alice',
      last_name: 'Liddell',
      is_email_verified: true,
      is_password_autoset: true,
      last_login_medium: 'oidc',
    });
    const accounts = (await first.browser.get('/api/users/me/accounts/')).body;
    expect(accounts).toEqual([
      expect.objectContaining({
        provider: 'oidc',
        provider_account_id: 'alice',
        email: 'alice@corp.example',
      }),
    ]);
    expect(await counts(t)).toEqual({ users: before.users + 1, accounts: 1 });

    const second = await signInThrough(t, 'oidc', { nextPath: '/acme/projects/' });
    expect(second.location).toBe('/acme/projects/');
    expect((await second.browser.get('/api/users/me/')).body.id).toBe(me.id);
    expect(await counts(t)).toEqual({ users: before.users + 1, accounts: 1 });
  });

  it('links a verified email to the account made by password first', async () => {
    await setUp({ bob: { email: 'bob@corp.example', email_verified: true } });
    const byPassword = await signUp(t, 'bob@corp.example');
    const { browser } = await signInThrough(t, 'oidc', { login: 'bob' });
    const me = (await browser.get('/api/users/me/')).body;
    expect(me.id).toBe(byPassword.user.id);
    expect(me.is_email_verified).toBe(true);
    // The password still works, and the link is listed on the account.
    const again = await new Client(t.baseUrl).post('/auth/sign-in/', {
      email: 'bob@corp.example',
      password: STRONG_PASSWORD,
    });
    expect(again.status).toBe(200);
    expect((await byPassword.client.get('/api/users/me/accounts/')).body).toHaveLength(1);
  });

  it('neither links nor creates an account from an unverified email', async () => {
    await setUp({
      mallory: { email: 'carol@corp.example', email_verified: false },
      newbie: { email: 'newbie@corp.example', email_verified: false },
    });
    await signUp(t, 'carol@corp.example');
    const before = await counts(t);
    expect(refusal((await signInThrough(t, 'oidc', { login: 'mallory' })).location)).toBe(
      'OAUTH_EMAIL_NOT_VERIFIED',
    );
    expect(refusal((await signInThrough(t, 'oidc', { login: 'newbie' })).location)).toBe(
      'OAUTH_EMAIL_NOT_VERIFIED',
    );
    expect(await counts(t)).toEqual(before);
  });

  it('refuses a tampered state and a wrong nonce, creating nothing', async () => {
    await setUp({ alice: { email: 'alice@corp.example', email_verified: true } });
    const before = await counts(t);

    const browser = new Client(t.baseUrl);
    const start = await browser.get('/auth/oidc/');
    const { callback } = await throughProvider(start.headers.get('location')!, t.baseUrl, 'alice');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const back = await browser.get(tampered.pathname + tampered.search);
    expect(refusal(back.headers.get('location'))).toBe('OAUTH_STATE_MISMATCH');

    // The provider puts the nonce it was sent into the ID token; one the app did not send must fail.
    const wrongNonce = await signInThrough(t, 'oidc', {
      tamper: (url) => url.searchParams.set('nonce', 'not-the-one'),
    });
    expect(refusal(wrongNonce.location)).toBe('OAUTH_ID_TOKEN_INVALID');

    // A callback with no flow of this browser behind it (another browser's, or replayed).
    const replay = await new Client(t.baseUrl).get(new URL(callback).pathname + new URL(callback).search);
    expect(refusal(replay.headers.get('location'))).toBe('OAUTH_STATE_MISMATCH');
    expect(await counts(t)).toEqual(before);
  });

  it('refuses an expired code as the provider’s error', async () => {
    await setUp({ alice: { email: 'alice@corp.example', email_verified: true } }, {}, 1);
    const before = await counts(t);
    const late = await signInThrough(t, 'oidc', {
      beforeCallback: () => new Promise((r) => setTimeout(r, 2100)),
    });
    expect(refusal(late.location)).toBe('OIDC_OAUTH_PROVIDER_ERROR');
    expect(await counts(t)).toEqual(before);
  });

  it('refuses an email outside the allowed domains', async () => {
    await setUp(
      {
        eve: { email: 'eve@elsewhere.example', email_verified: true },
        alice: { email: 'alice@corp.example', email_verified: true },
      },
      { OIDC_ALLOWED_DOMAINS: 'corp.example, @sub.corp.example' },
    );
    const before = await counts(t);
    expect(refusal((await signInThrough(t, 'oidc', { login: 'eve' })).location)).toBe(
      'OAUTH_DOMAIN_NOT_ALLOWED',
    );
    expect(await counts(t)).toEqual(before);
    expect((await signInThrough(t, 'oidc', { login: 'alice' })).location).toBe('/onboarding');
  });

  it('refuses a new account when sign-up is disabled, and lets an invited email in', async () => {
    await setUp({
      dave: { email: 'dave@corp.example', email_verified: true },
      erin: { email: 'erin@corp.example', email_verified: true },
    });
    await admin.client.patch('/api/instances/configurations/', { ENABLE_SIGNUP: false });
    const workspace = await admin.client.post('/api/workspaces/', { name: 'Corp', slug: 'corp-sso' });
    expect(workspace.status, workspace.text).toBe(201);
    const invited = await admin.client.post('/api/workspaces/corp-sso/invitations/', {
      emails: [{ email: 'erin@corp.example', role: 15 }],
    });
    expect(invited.status, invited.text).toBeLessThan(300);
    const before = await counts(t);
    expect(refusal((await signInThrough(t, 'oidc', { login: 'dave' })).location)).toBe('SIGNUP_DISABLED');
    expect(await counts(t)).toEqual(before);
    expect((await signInThrough(t, 'oidc', { login: 'erin' })).location).toBe('/onboarding');
  });

  it('refuses a deactivated account and keeps the client secret sealed and masked', async () => {
    await setUp({ frank: { email: 'frank@corp.example', email_verified: true } });
    const { browser } = await signInThrough(t, 'oidc', { login: 'frank' });
    expect((await browser.delete('/api/users/me/')).status).toBe(204);
    expect(refusal((await signInThrough(t, 'oidc', { login: 'frank' })).location)).toBe(
      'USER_ACCOUNT_DEACTIVATED',
    );

    const listed = (await admin.client.get('/api/instances/configurations/')).body as {
      key: string;
      value: string;
    }[];
    expect(listed.find((c) => c.key === 'OIDC_CLIENT_SECRET')?.value).toBe('********');
    const [stored] = await t.database.raw<{ value: string }>(
      `select value from instance_configurations where key = 'OIDC_CLIENT_SECRET'`,
    );
    expect(stored!.value).not.toContain(CLIENT.secret);
    expect(stored!.value.startsWith('v1:')).toBe(true);
  });
});

describe('sign-in providers that are off or unknown', () => {
  it('redirects to the sign-in screen with the provider’s NOT_CONFIGURED error, and 404s an unknown provider', async () => {
    const t = await app();
    const anon = new Client(t.baseUrl);
    for (const [provider, code] of [
      ['google', 5105],
      ['github', 5110],
      ['gitlab', 5111],
      ['gitea', 5112],
      ['oidc', 5113],
    ] as const) {
      const res = await anon.get(`/auth/${provider}/?next_path=/x/`);
      expect(res.status).toBe(302);
      const url = new URL(res.headers.get('location')!, t.baseUrl);
      expect(url.pathname).toBe('/sign-in');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        error_code: String(code),
        error_message: `${provider.toUpperCase()}_NOT_CONFIGURED`,
        next_path: '/x/',
      });
    }
    expect((await anon.get('/auth/myspace/')).status).toBe(404);
    const config = (await anon.get('/api/instances/')).body.config;
    expect(config).toMatchObject({
      is_google_enabled: false,
      is_github_enabled: false,
      is_gitlab_enabled: false,
      is_gitea_enabled: false,
      is_oidc_enabled: false,
      oidc_button_label: null,
    });
  });

  it('is on only when switched on and complete (a client id without its secret is not enough)', async () => {
    const t = await app({ IS_GITHUB_ENABLED: '1', GITHUB_CLIENT_ID: 'abc' });
    expect((await new Client(t.baseUrl).get('/api/instances/')).body.config.is_github_enabled).toBe(false);
    const t2 = await app({ IS_GITHUB_ENABLED: '1', GITHUB_CLIENT_ID: 'abc', GITHUB_CLIENT_SECRET: 'def' });
    expect((await new Client(t2.baseUrl).get('/api/instances/')).body.config.is_github_enabled).toBe(true);

    // The console shows what the environment set (the secret masked) until the admin changes it.
    const admin = await signUp(t2);
    const listed = async () =>
      Object.fromEntries(
        (
          (await admin.client.get('/api/instances/configurations/')).body as { key: string; value: string }[]
        ).map((c) => [c.key, c.value]),
      );
    expect(await listed()).toMatchObject({
      IS_GITHUB_ENABLED: '1',
      GITHUB_CLIENT_ID: 'abc',
      GITHUB_CLIENT_SECRET: '********',
      GOOGLE_CLIENT_ID: null,
    });
    await admin.client.patch('/api/instances/configurations/', { IS_GITHUB_ENABLED: false });
    expect((await listed()).IS_GITHUB_ENABLED).toBe('0');
    expect((await new Client(t2.baseUrl).get('/api/instances/')).body.config.is_github_enabled).toBe(false);
  });
});

describe('Google, GitHub, GitLab and Gitea through the redirect flow, against local stand-ins', () => {
  async function withFake(kind: 'google' | 'github' | 'gitlab' | 'gitea') {
    const fake = await startFakeProvider(kind, CLIENT);
    cleanups.push(fake.close);
    const upper = kind.toUpperCase();
    const hosts: Record<string, string> = {
      google: { GOOGLE_ISSUER_URL: fake.issuer },
      github: { GITHUB_HOST: fake.issuer, GITHUB_API_URL: fake.issuer },
      gitlab: { GITLAB_HOST: fake.issuer },
      gitea: { GITEA_HOST: fake.issuer },
    }[kind];
    const t = await app({
      [`IS_${upper}_ENABLED`]: '1',
      [`${upper}_CLIENT_ID`]: CLIENT.id,
      [`${upper}_CLIENT_SECRET`]: CLIENT.secret,
      ...hosts,
    });
    return { fake, t };
  }

  for (const kind of ['google', 'github', 'gitlab', 'gitea'] as const) {
    it(`${kind}: signs a new person up with the provider's verified email, sends PKCE, and signs them in again`, async () => {
      const { fake, t } = await withFake(kind);
      fake.person = {
        sub: '4242',
        email: `ada.${kind}@example.com`,
        email_verified: true,
        name: 'Ada Lovelace',
      };
      const first = await signInThrough(t, kind);
      expect(first.location).toBe('/onboarding');
      const me = (await first.browser.get('/api/users/me/')).body;
      expect(me).toMatchObject({
        email: `ada.${kind}@example.com`,
        first_name: 'Ada',
        last_name: 'Lovelace',
        last_login_medium: kind,
      });
      expect((await first.browser.get('/api/users/me/accounts/')).body).toEqual([
        expect.objectContaining({ provider: kind, provider_account_id: '4242' }),
      ]);
      const authorize = fake.requests.find((r) => r.params.code_challenge);
      expect(authorize?.params).toMatchObject({ code_challenge_method: 'S256', client_id: CLIENT.id });
      expect(authorize?.params.redirect_uri).toBe(`${t.baseUrl}/auth/${kind}/callback/`);

      // The person's address changed at the provider: the link by subject still finds them.
      fake.person = { ...fake.person, email: `lovelace.${kind}@example.com` };
      const again = await signInThrough(t, kind);
      expect((await again.browser.get('/api/users/me/')).body.id).toBe(me.id);
    });

    it(`${kind}: refuses an unverified email`, async () => {
      const { fake, t } = await withFake(kind);
      fake.person = {
        sub: '77',
        email: `unverified.${kind}@example.com`,
        email_verified: false,
        name: 'Nobody',
      };
      const before = await counts(t);
      expect(refusal((await signInThrough(t, kind)).location)).toBe('OAUTH_EMAIL_NOT_VERIFIED');
      expect(await counts(t)).toEqual(before);
    });
  }

  it('github: takes the primary verified address from the emails listing when the user object has none', async () => {
    const { fake, t } = await withFake('github');
    fake.person = { sub: '9', name: 'Grace Hopper' };
    fake.emails = [
      { email: 'old@example.com', primary: false, verified: false },
      { email: 'grace@example.com', primary: true, verified: true },
    ];
    const { browser } = await signInThrough(t, 'github');
    expect((await browser.get('/api/users/me/')).body.email).toBe('grace@example.com');
  });

  it('an OpenID provider whose ID token is signed by a key it does not publish is refused', async () => {
    const fake = await startFakeProvider('google', CLIENT);
    cleanups.push(fake.close);
    const t = await app({
      IS_OIDC_ENABLED: '1',
      OIDC_ISSUER_URL: fake.issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
    });
    fake.signWithRogueKey = true;
    const before = await counts(t);
    expect(refusal((await signInThrough(t, 'oidc')).location)).toBe('OAUTH_ID_TOKEN_INVALID');
    expect(await counts(t)).toEqual(before);
    fake.signWithRogueKey = false;
    expect((await signInThrough(t, 'oidc')).location).toBe('/onboarding');
  });

  it('a provider that is down sends the person back with the provider’s error, not a 500', async () => {
    const t = await app({
      IS_OIDC_ENABLED: '1',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
    });
    const res = await new Client(t.baseUrl).get('/auth/oidc/');
    expect(res.status).toBe(302);
    expect(refusal(res.headers.get('location'))).toBe('OIDC_OAUTH_PROVIDER_ERROR');
  });
});

describe('linked accounts', () => {
  it('unlinks a provider while another way to sign in remains, and never another user’s link', async () => {
    const fake = await startFakeProvider('gitlab', CLIENT);
    cleanups.push(fake.close);
    const t = await app({
      IS_GITLAB_ENABLED: '1',
      GITLAB_HOST: fake.issuer,
      GITLAB_CLIENT_ID: CLIENT.id,
      GITLAB_CLIENT_SECRET: CLIENT.secret,
    });
    const admin = await signUp(t);
    fake.person = { sub: '5', email: 'linked@example.com', email_verified: true, name: 'Linked Person' };
    const { browser } = await signInThrough(t, 'gitlab');
    const [account] = (await browser.get('/api/users/me/accounts/')).body;

    expect((await admin.client.delete(`/api/users/me/accounts/${account.id}/`)).status).toBe(404);

    // No password, magic codes off, no other provider: the last way in stays.
    await admin.client.patch('/api/instances/configurations/', { ENABLE_MAGIC_LINK_LOGIN: false });
    const refused = await browser.delete(`/api/users/me/accounts/${account.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('LAST_SIGN_IN_METHOD');

    // With a password set, the provider can go.
    expect((await browser.post('/auth/set-password/', { password: STRONG_PASSWORD })).status).toBe(200);
    expect((await browser.delete(`/api/users/me/accounts/${account.id}/`)).status).toBe(204);
    expect((await browser.get('/api/users/me/accounts/')).body).toEqual([]);
  });
});
