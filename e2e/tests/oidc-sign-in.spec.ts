import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import Provider from 'oidc-provider';
import { BASE_URL } from '../playwright.config.ts';
import { csrfHeaders, INSTANCE_ADMIN, PASSWORD, snap, uniqueEmail } from './helpers.ts';

/**
 * Sign-in through a real OpenID Connect provider (the `oidc-provider` package on loopback, with its
 * development login and consent forms), configured by the instance admin like a real one.
 */
const CLIENT = { id: 'kite-e2e', secret: `secret-${randomBytes(8).toString('hex')}` };
const people: Record<string, { email: string; email_verified: boolean; name: string }> = {
  alice: { email: uniqueEmail('alice'), email_verified: true, name: 'Alice Liddell' },
  bob: { email: uniqueEmail('bob'), email_verified: true, name: 'Bob Builder' },
};

let server: http.Server;
let admin: APIRequestContext;

async function configure(settings: Record<string, unknown>) {
  const answer = await admin.patch('/api/instances/configurations/', {
    data: settings,
    headers: await csrfHeaders(admin),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${BASE_URL}/auth/oidc/callback/`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const person = people[id];
      return person && { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
  });
  server.on('request', provider.callback());

  admin = await request.newContext({ baseURL: BASE_URL });
  const signedIn = await admin.post('/auth/sign-in/', {
    data: INSTANCE_ADMIN,
    headers: await csrfHeaders(admin),
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  await configure({
    IS_OIDC_ENABLED: true,
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_BUTTON_LABEL: 'Sign in with Corp SSO',
  });
});

test.afterAll(async () => {
  // Other specs expect the default sign-in screen.
  await configure({ IS_OIDC_ENABLED: false });
  await admin.dispose();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** From the sign-in screen's button through the provider's login and consent pages, back into the app. */
async function signInWithSso(page: Page, login: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/`));
}

async function me(page: Page) {
  return (await (await page.request.get('/api/users/me/')).json()) as { id: string; email: string };
}

test('a new person signs in with the OpenID provider, and the same account comes back the next time', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in with Corp SSO' })).toBeVisible();
  await snap(page, 'sign-in-with-sso-button');

  await signInWithSso(page, 'alice');
  await expect(page).toHaveURL(/\/onboarding/);
  const first = await me(page);
  expect(first.email).toBe(people.alice!.email);

  // Signed out everywhere (the provider's session too): a second sign-in reuses the account.
  await context.clearCookies();
  await signInWithSso(page, 'alice');
  await expect(page).toHaveURL(/\/onboarding/);
  expect((await me(page)).id).toBe(first.id);
});

test('a person who signed up with a password first is linked by their verified email', async ({ page }) => {
  const headers = await csrfHeaders(page.request);
  const signUp = await page.request.post('/auth/sign-up/', {
    data: { email: people.bob!.email, password: PASSWORD, first_name: 'Bob', last_name: 'Builder' },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const byPassword = (await signUp.json()) as { id: string };
  await page.context().clearCookies();

  await signInWithSso(page, 'bob');
  expect((await me(page)).id).toBe(byPassword.id);

  await page.goto('/settings/profile/security');
  const providers = page.getByRole('region', { name: 'Sign-in providers' });
  await expect(providers.getByText('OpenID Connect')).toBeVisible();
  await expect(providers.getByText(people.bob!.email, { exact: false })).toBeVisible();
  await snap(page, 'security-linked-providers');
});

test('a refused sign-in comes back to the sign-in screen with its reason', async ({ page }) => {
  await page.goto('/sign-in?error_code=5170&error_message=OAUTH_DOMAIN_NOT_ALLOWED');
  await expect(page.getByRole('alert')).toContainText('Your email domain is not allowed to sign in here');
  await snap(page, 'sign-in-sso-refused');
});
