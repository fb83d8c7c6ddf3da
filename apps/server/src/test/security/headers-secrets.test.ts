import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createProject,
  createWorkspace,
  lastMailTo,
  STRONG_PASSWORD,
  signUp,
  uniqueEmail,
} from '../factories.ts';
import { Client, type HttpResult } from '../http-client.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kite</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestApp({ TRUST_PROXY: 'true' }, { webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function assertHardened(res: HttpResult, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'|sandbox/);
  expect(res.headers.get('referrer-policy'), what).toBe('same-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

describe('security headers', () => {
  it('are on every kind of response: JSON, errors, redirects, HTML, assets, files and router refusals', async () => {
    const owner = await signUp(t);
    const slug = (await createWorkspace(owner)).slug;
    const project = await createProject(owner, slug);
    const base = `/api/workspaces/${slug}/projects/${project.id}`;
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'x' })).body;
    const anonymous = new Client(t.baseUrl);
    const form = new FormData();
    form.append('asset', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>']), 'x.svg');
    const svg = await owner.client.request('POST', `${base}/issues/${issue.id}/issue-attachments/`, {
      multipart: form,
    });
    expect(svg.status, svg.text).toBe(201);

    const responses: [string, HttpResult][] = [
      ['json', await owner.client.get('/api/users/me/')],
      ['created', await owner.client.post(`${base}/issue-labels/`, { name: 'l' })],
      ['no content', await owner.client.delete(`${base}/issues/${issue.id}/subscribe/`)],
      ['401', await anonymous.get('/api/users/me/')],
      ['public api 401', await anonymous.get('/api/v1/users/me/')],
      ['403 csrf', await owner.client.post(`${base}/issues/`, { name: 'x' }, { csrf: false })],
      ['404', await owner.client.get(`${base}/issues/00000000-0000-0000-0000-000000000000/`)],
      ['405', await owner.client.request('PUT', '/api/users/me/profile/', { json: {} })],
      ['400', await owner.client.post(`${base}/issues/`, { name: 5 })],
      ['413', await owner.client.post(`${base}/issues/`, { name: 'x'.repeat(2_000_000) })],
      ['415', await owner.client.request('POST', `${base}/issues/`, { form: { name: 'x' } })],
      ['router 404', await owner.client.get(`/api/workspaces/${'x'.repeat(300)}/`)],
      [
        'form redirect',
        await anonymous.request('POST', '/auth/sign-in/', { form: { email: 'a@b.c', password: 'x' } }),
      ],
      ['html', await anonymous.get('/some/client/route')],
      ['asset', await anonymous.get('/assets/app.js')],
      ['openapi', await anonymous.get('/api/openapi.json')],
      ['health', await anonymous.get('/api/health/')],
      ['download', await owner.client.get(svg.body.asset_url)],
    ];
    for (const [what, res] of responses) assertHardened(res, what);
    expect(responses.find(([w]) => w === 'html')![1].headers.get('content-security-policy')).toContain(
      "script-src 'self'",
    );
    // An SVG or HTML upload never renders in the app's origin.
    const download = responses.find(([w]) => w === 'download')![1];
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(responses.find(([w]) => w === 'json')![1].headers.get('strict-transport-security')).toBeNull();
  });

  it('add HSTS behind an https proxy', async () => {
    const res = await new Client(t.baseUrl).get('/api/health/', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    assertHardened(res, 'https');
  });

  it('set the session cookie Secure behind an https proxy, and not over plain http', async () => {
    const email = uniqueEmail('secure');
    await signUp(t, email);
    const signIn = (proto?: string) =>
      new Client(t.baseUrl).post(
        '/auth/sign-in/',
        { email, password: STRONG_PASSWORD },
        { headers: proto ? { 'X-Forwarded-Proto': proto } : {} },
      );
    const cookieOf = (res: Awaited<ReturnType<typeof signIn>>) =>
      res.headers.getSetCookie().find((line) => line.startsWith('session-id='))!;
    const https = await signIn('https');
    expect(https.status, https.text).toBe(200);
    expect(cookieOf(https)).toMatch(/; Secure/);
    expect(cookieOf(https)).toMatch(/; HttpOnly/);
    expect(cookieOf(await signIn())).not.toMatch(/; Secure/);
  });

  it('answer even a request Node refuses before routing (headers too large)', async () => {
    const res = await new Client(t.baseUrl).get(`/api/health/?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    assertHardened(res, '431');
  });
});

describe('secrets at rest', () => {
  it('keeps no raw session id, password, magic code, reset token, invitation token, API token or webhook secret in any table', async () => {
    const email = uniqueEmail('secret');
    const owner = await signUp(t, email);
    const slug = (await createWorkspace(owner)).slug;
    const session = owner.client.cookies.get('session-id')!;
    const magic = new Client(t.baseUrl);
    expect((await magic.post('/auth/magic-generate/', { email: uniqueEmail('magic') })).status).toBe(200);
    const magicCode = /code=(\d{6})/.exec(t.mails.at(-1)!)![1]!;
    await new Client(t.baseUrl).post('/auth/forgot-password/', { email });
    const reset = new URL(lastMailTo(t, email).link!);
    const resetToken = reset.pathname.split('/').filter(Boolean).at(-1)!;
    const invitee = uniqueEmail('invitee');
    await owner.client.post(`/api/workspaces/${slug}/invitations/`, {
      emails: [{ email: invitee, role: 15 }],
    });
    const invitationToken = new URL(lastMailTo(t, invitee).link!).searchParams.get('token')!;
    await addMember(t, owner, slug, 10);
    const apiToken = await owner.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'secret' });
    expect(apiToken.status, apiToken.text).toBe(201);
    const plainApiToken: string = apiToken.body.token;
    // Used once, so the row holds what use records (last_used) too.
    const used = await new Client(t.baseUrl).get('/api/v1/users/me/', {
      headers: { 'X-Api-Key': plainApiToken },
    });
    expect(used.status).toBe(200);
    // Webhook signing secrets (api.md §13.1): the first one, and the one regenerated in its place.
    const webhook = await owner.client.post(`/api/workspaces/${slug}/webhooks/`, {
      url: 'https://93.184.216.34/secret-hook',
      issue: true,
    });
    expect(webhook.status, webhook.text).toBe(201);
    const regenerated = await owner.client.post(
      `/api/workspaces/${slug}/webhooks/${webhook.body.id}/regenerate/`,
    );
    expect(regenerated.status, regenerated.text).toBe(200);

    const tables = await t.database.raw<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await t.database.raw<{ row: string }>(`select t::text as row from "${table_name}" t`);
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).toContain(email); // the dump is real: it holds the account
    expect(dump).toContain(apiToken.body.id); // the token's row is in it
    expect(dump).toContain(webhook.body.id); // and the webhook's
    const secrets = {
      session,
      password: STRONG_PASSWORD,
      resetToken,
      invitationToken,
      apiToken: plainApiToken,
      // Without its prefix, and its random part's first half: no fragment long enough to matter is kept.
      apiTokenSecret: plainApiToken.slice('plane_api_'.length),
      apiTokenHalf: plainApiToken.slice('plane_api_'.length, 'plane_api_'.length + 32),
      webhookSecret: webhook.body.secret_key as string,
      webhookSecretHalf: (webhook.body.secret_key as string).slice(
        'plane_wh_'.length,
        'plane_wh_'.length + 32,
      ),
      regeneratedWebhookSecret: regenerated.body.secret_key as string,
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(dump.includes(value), `${name} stored raw`).toBe(false);
    }
    // Six digits may appear inside a hex hash by chance; raw they would stand alone.
    expect(
      new RegExp(`(?<![0-9a-zA-Z])${magicCode}(?![0-9a-zA-Z])`).test(dump),
      'magic code stored raw',
    ).toBe(false);
  });
});
