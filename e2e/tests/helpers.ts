import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a screenshot under e2e/screenshots/ (git-ignored) for a human to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let toasts and transitions settle so the picture shows the screen, not a frame of it.
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

export const PASSWORD = 'Kite-e2e-correct-horse-42';

/** The instance admin, signed up first in every run by tests/instance-admin.setup.ts. */
export const INSTANCE_ADMIN = {
  email: 'instance-admin@example.com',
  password: PASSWORD,
  workspaceSlug: 'instance-hq',
} as const;

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** JSON-mode writes need the CSRF cookie echoed in a header, like the web app sends it. */
async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.get('/auth/get-csrf-token/');
  const { csrf_token } = (await answer.json()) as { csrf_token: string };
  return { 'X-CSRFToken': csrf_token };
}

/**
 * Signs up and finishes onboarding through the API (for tests about later screens).
 * The page's cookies are the session afterwards.
 */
export async function signUpWithWorkspace(page: Page, name: string, slug: string) {
  const request = page.request;
  const headers = await csrf(request);
  const email = uniqueEmail('e2e');
  const post = async (url: string, data: unknown, method: 'post' | 'patch' = 'post') => {
    const answer = await request[method](url, { data, headers });
    expect(answer.ok(), `${method.toUpperCase()} ${url}: ${answer.status()} ${await answer.text()}`).toBe(
      true,
    );
    return answer.json();
  };
  await post('/auth/sign-up/', { email, password: PASSWORD, first_name: 'Grace', last_name: 'Hopper' });
  const workspace = (await post('/api/workspaces/', { name, slug })) as { id: string };
  await post('/api/users/me/profile/', { last_workspace_id: workspace.id }, 'patch');
  await post('/api/users/me/onboard/', { is_onboarded: true }, 'patch');
  return { email, slug };
}

/** Ends the page's session through the API (JSON mode of /auth/sign-out/). */
export async function signOutByApi(page: Page): Promise<void> {
  const answer = await page.request.post('/auth/sign-out/', { headers: await csrf(page.request) });
  expect(answer.status()).toBe(204);
}

/** The link of the latest mail logged for `email` (the server logs mail when there is no SMTP). */
export async function mailedLink(email: string): Promise<string> {
  const file = process.env.KITE_E2E_SERVER_LOG;
  if (!file) throw new Error('KITE_E2E_SERVER_LOG is not set');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n');
        const line = lines.reverse().find((l) => l.includes(`MAIL to=${email} `) && l.includes(' link='));
        link = line?.split(' link=')[1]?.trim();
        return link;
      },
      { message: `a mail with a link to ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

export { csrf as csrfHeaders };

/** A JSON write from the page, as the web app sends it (CSRF cookie echoed in X-CSRFToken). */
export async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([u, b]) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken='))
        ?.split('=')[1];
      const res = await fetch(u as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token ?? '' },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.text() };
    },
    [url, body] as const,
  );
  expect(answer.status, `POST ${url}: ${answer.body}`).toBe(201);
  return JSON.parse(answer.body) as T;
}

/** A JSON call with the page's session (writes carry the CSRF header); fails the test on an error status. */
export async function api<T>(
  page: Page,
  method: 'get' | 'post' | 'patch' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const headers = method === 'get' ? {} : await csrf(page.request);
  const answer = await page.request[method](url, { data, headers });
  expect(answer.ok(), `${method.toUpperCase()} ${url}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (answer.status() === 204 ? null : await answer.json()) as T;
}

/** Signs the page in as the instance admin (JSON mode of /auth/sign-in/). */
export async function signInAsInstanceAdmin(page: Page): Promise<void> {
  const answer = await page.request.post('/auth/sign-in/', {
    data: { email: INSTANCE_ADMIN.email, password: INSTANCE_ADMIN.password },
    headers: await csrf(page.request),
  });
  expect(answer.ok(), `sign-in of the instance admin: ${answer.status()} ${await answer.text()}`).toBe(true);
}
