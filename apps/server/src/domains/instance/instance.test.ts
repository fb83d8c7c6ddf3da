import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceConfigurations } from '../../platform/db/schema.ts';
import {
  createWorkspace,
  type SignedIn,
  STRONG_PASSWORD,
  signUp,
  uniqueEmail,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INSTANCE_KEYS = [
  'id',
  'instance_name',
  'instance_id',
  'current_version',
  'edition',
  'is_activated',
  'is_setup_done',
  'is_telemetry_enabled',
  'workspaces_exist',
  'created_at',
  'updated_at',
];
const CONFIG_KEYS = [
  'enable_signup',
  'is_workspace_creation_disabled',
  'is_email_password_enabled',
  'is_magic_login_enabled',
  'is_smtp_configured',
  'is_google_enabled',
  'is_github_enabled',
  'is_gitlab_enabled',
  'is_gitea_enabled',
  'is_oidc_enabled',
  'oidc_button_label',
  'file_size_limit',
  'app_base_url',
  'space_base_url',
  'admin_base_url',
  'has_unsplash_configured',
  'has_llm_configured',
];
const CONFIGURATION_KEYS = [
  'ENABLE_SIGNUP',
  'ENABLE_MAGIC_LINK_LOGIN',
  'ENABLE_EMAIL_PASSWORD',
  'DISABLE_WORKSPACE_CREATION',
  'WEBHOOK_ALLOW_PRIVATE',
  'EMAIL_HOST',
  'EMAIL_PORT',
  'EMAIL_HOST_USER',
  'EMAIL_HOST_PASSWORD',
  'EMAIL_FROM',
  'EMAIL_USE_SSL',
  ...['GOOGLE', 'GITHUB'].flatMap((p) => [`IS_${p}_ENABLED`, `${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`]),
  ...['GITLAB', 'GITEA'].flatMap((p) => [
    `IS_${p}_ENABLED`,
    `${p}_HOST`,
    `${p}_CLIENT_ID`,
    `${p}_CLIENT_SECRET`,
  ]),
  'IS_OIDC_ENABLED',
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_SCOPES',
  'OIDC_BUTTON_LABEL',
  'OIDC_ALLOWED_DOMAINS',
];
const SECRET_KEYS = [
  'EMAIL_HOST_PASSWORD',
  'GOOGLE_CLIENT_SECRET',
  'GITHUB_CLIENT_SECRET',
  'GITLAB_CLIENT_SECRET',
  'GITEA_CLIENT_SECRET',
  'OIDC_CLIENT_SECRET',
];

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

const anon = () => new Client(t.baseUrl);
const getInstance = async () => (await anon().get('/api/instances/')).body;

/** The first account (instance admin) and a second, ordinary one. */
async function adminAndUser(): Promise<{ admin: SignedIn; user: SignedIn }> {
  const admin = await signUp(t, uniqueEmail('admin'));
  const user = await signUp(t, uniqueEmail('user'));
  return { admin, user };
}

async function configurations(
  admin: SignedIn,
): Promise<Record<string, { value: string | null; category: string; is_encrypted: boolean }>> {
  const res = await admin.client.get('/api/instances/configurations/');
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(res.body.map((c: { key: string }) => [c.key, c]));
}

describe('GET /api/instances/', () => {
  it('answers the full instance and config anonymously and tracks setup', async () => {
    const res = await anon().get('/api/instances/');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['config', 'instance']);
    const { instance, config } = res.body;
    expect(Object.keys(instance).sort()).toEqual([...INSTANCE_KEYS].sort());
    expect(Object.keys(config).sort()).toEqual([...CONFIG_KEYS].sort());
    expect(instance.created_at).toMatch(ISO);
    expect(instance.updated_at).toMatch(ISO);
    expect(instance).toMatchObject({
      instance_name: 'Kite',
      is_activated: true,
      is_setup_done: false,
      is_telemetry_enabled: false,
      workspaces_exist: false,
    });
    expect(typeof instance.current_version).toBe('string');
    expect(config).toEqual({
      enable_signup: true,
      is_workspace_creation_disabled: false,
      is_email_password_enabled: true,
      is_magic_login_enabled: true,
      is_smtp_configured: false,
      is_google_enabled: false,
      is_github_enabled: false,
      is_gitlab_enabled: false,
      is_gitea_enabled: false,
      is_oidc_enabled: false,
      oidc_button_label: null,
      file_size_limit: 5242880,
      app_base_url: null,
      space_base_url: null,
      admin_base_url: null,
      has_unsplash_configured: false,
      has_llm_configured: false,
    });

    const admin = await signUp(t);
    expect((await getInstance()).instance.is_setup_done).toBe(true);
    expect((await getInstance()).instance.workspaces_exist).toBe(false);
    await createWorkspace(admin);
    const after = await getInstance();
    expect(after.instance).toMatchObject({
      id: instance.id,
      instance_id: instance.instance_id,
      workspaces_exist: true,
    });
  });

  it('reflects the environment defaults', async () => {
    await t.close();
    t = await startTestApp({
      ENABLE_SIGNUP: '0',
      ENABLE_MAGIC_LINK_LOGIN: 'false',
      DISABLE_WORKSPACE_CREATION: '1',
      APP_BASE_URL: 'https://kite.example/',
    });
    expect((await getInstance()).config).toMatchObject({
      enable_signup: false,
      is_magic_login_enabled: false,
      is_email_password_enabled: true,
      is_workspace_creation_disabled: true,
      app_base_url: 'https://kite.example',
    });
  });
});

describe('the first account is the instance admin', () => {
  it('only the first account gets is_instance_admin', async () => {
    const { admin, user } = await adminAndUser();
    expect((await admin.client.get('/api/users/me/instance-admin/')).body).toEqual({
      is_instance_admin: true,
    });
    expect((await user.client.get('/api/users/me/instance-admin/')).body).toEqual({
      is_instance_admin: false,
    });
  });
});

describe('PATCH /api/instances/', () => {
  it('lets the instance admin rename and toggle telemetry', async () => {
    const { admin } = await adminAndUser();
    const before = await getInstance();
    const res = await admin.client.patch('/api/instances/', {
      instance_name: '  Acme Kite ',
      is_telemetry_enabled: true,
      is_setup_done: false,
      instance_id: 'forged',
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.instance).sort()).toEqual([...INSTANCE_KEYS].sort());
    expect(Object.keys(res.body.config).sort()).toEqual([...CONFIG_KEYS].sort());
    expect(res.body.instance).toMatchObject({
      instance_name: 'Acme Kite',
      is_telemetry_enabled: true,
      is_setup_done: true,
      instance_id: before.instance.instance_id,
    });
    expect(res.body.instance.updated_at).toMatch(ISO);
    expect(Date.parse(res.body.instance.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(before.instance.updated_at),
    );
    expect((await getInstance()).instance).toEqual(res.body.instance);
  });

  it('validates the body', async () => {
    const { admin } = await adminAndUser();
    const res = await admin.client.patch('/api/instances/', {
      instance_name: '   ',
      is_telemetry_enabled: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.any(String),
      error_code: 'VALIDATION_ERROR',
      fields: { instance_name: expect.any(String), is_telemetry_enabled: expect.any(String) },
    });
    expect((await getInstance()).instance.instance_name).toBe('Kite');
  });

  it('is 401 anonymous, CSRF 403 before the role check, then 403 for others', async () => {
    const { user } = await adminAndUser();
    const anonymous = await anon().patch('/api/instances/', { instance_name: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error_code).toBe('AUTHENTICATION_REQUIRED');
    const noCsrf = await user.client.patch('/api/instances/', { instance_name: 'x' }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toEqual({ error: 'CSRF token not found', error_code: 'CSRF_FAILED' });
    const forbidden = await user.client.patch('/api/instances/', { instance_name: 'x' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: expect.any(String), error_code: 'FORBIDDEN' });
    expect((await getInstance()).instance.instance_name).toBe('Kite');
  });
});

describe('/api/instances/configurations/', () => {
  it('GET lists every key for the admin only', async () => {
    const { admin, user } = await adminAndUser();
    const res = await admin.client.get('/api/instances/configurations/');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { key: string }) => c.key).sort()).toEqual([...CONFIGURATION_KEYS].sort());
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(['category', 'is_encrypted', 'key', 'value']);
      expect(item.value).toBeNull();
      expect(item.is_encrypted).toBe(SECRET_KEYS.includes(item.key));
    }
    const byKey = Object.fromEntries(
      res.body.map((c: { key: string; category: string }) => [c.key, c.category]),
    );
    expect(byKey).toMatchObject({ ENABLE_SIGNUP: 'AUTHENTICATION', EMAIL_HOST: 'SMTP' });

    const forbidden = await user.client.get('/api/instances/configurations/');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error_code).toBe('FORBIDDEN');
    expect((await anon().get('/api/instances/configurations/')).status).toBe(401);
  });

  it('PATCH stores values, masks the SMTP password and answers the list', async () => {
    const { admin } = await adminAndUser();
    const res = await admin.client.patch('/api/instances/configurations/', {
      EMAIL_HOST_PASSWORD: 'hunter2-secret',
      EMAIL_HOST_USER: ' mailer ',
      EMAIL_PORT: 2525,
      EMAIL_USE_SSL: 'true',
      DISABLE_WORKSPACE_CREATION: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toContain('hunter2-secret');
    const byKey = Object.fromEntries(res.body.map((c: { key: string }) => [c.key, c]));
    expect(byKey.EMAIL_HOST_PASSWORD).toEqual({
      key: 'EMAIL_HOST_PASSWORD',
      value: '********',
      category: 'SMTP',
      is_encrypted: true,
    });
    expect(byKey.EMAIL_HOST_USER.value).toBe('mailer');
    expect(byKey.EMAIL_PORT.value).toBe('2525');
    expect(byKey.EMAIL_USE_SSL.value).toBe('1');
    expect(byKey.DISABLE_WORKSPACE_CREATION.value).toBe('1');
    expect(byKey.EMAIL_HOST.value).toBeNull();

    const listed = await configurations(admin);
    expect(listed.EMAIL_HOST_PASSWORD!.value).toBe('********');
    const instance = await getInstance();
    expect(instance.config.is_workspace_creation_disabled).toBe(true);
    // No host, so mail still goes to the log.
    expect(instance.config.is_smtp_configured).toBe(false);

    const host = await admin.client.patch('/api/instances/configurations/', {
      EMAIL_HOST: 'smtp.example.com',
    });
    expect(host.status).toBe(200);
    expect((await getInstance()).config.is_smtp_configured).toBe(true);
    await admin.client.patch('/api/instances/configurations/', { EMAIL_HOST: null });
    expect((await getInstance()).config.is_smtp_configured).toBe(false);
  });

  it('PATCH refuses unknown keys and stores nothing from that body', async () => {
    const { admin } = await adminAndUser();
    const res = await admin.client.patch('/api/instances/configurations/', {
      ENABLE_SIGNUP: false,
      SECRET_BACKDOOR: '1',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.any(String),
      error_code: 'VALIDATION_ERROR',
      fields: { SECRET_BACKDOOR: expect.any(String) },
    });
    const lower = await admin.client.patch('/api/instances/configurations/', { enable_signup: false });
    expect(lower.status).toBe(400);
    expect(lower.body.error_code).toBe('VALIDATION_ERROR');
    const badValue = await admin.client.patch('/api/instances/configurations/', {
      ENABLE_SIGNUP: { on: false },
    });
    expect(badValue.status).toBe(400);
    expect((await configurations(admin)).ENABLE_SIGNUP!.value).toBeNull();
    expect((await getInstance()).config.enable_signup).toBe(true);
  });

  it('PATCH is for the instance admin only', async () => {
    const { user } = await adminAndUser();
    const res = await user.client.patch('/api/instances/configurations/', { ENABLE_SIGNUP: false });
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('FORBIDDEN');
    expect((await anon().patch('/api/instances/configurations/', { ENABLE_SIGNUP: false })).status).toBe(401);
    expect((await getInstance()).config.enable_signup).toBe(true);
  });

  it('ENABLE_SIGNUP=false closes sign-up; turning it back on reopens it', async () => {
    const { admin } = await adminAndUser();
    const off = await admin.client.patch('/api/instances/configurations/', { ENABLE_SIGNUP: false });
    expect(off.status).toBe(200);
    expect(off.body.find((c: { key: string }) => c.key === 'ENABLE_SIGNUP').value).toBe('0');
    expect((await getInstance()).config.enable_signup).toBe(false);

    const email = uniqueEmail('late');
    const refused = await anon().post('/auth/sign-up/', { email, password: STRONG_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('SIGNUP_DISABLED');
    // Existing accounts still sign in.
    expect(
      (await anon().post('/auth/sign-in/', { email: admin.user.email, password: STRONG_PASSWORD })).status,
    ).toBe(200);

    await admin.client.patch('/api/instances/configurations/', { ENABLE_SIGNUP: true });
    expect((await anon().post('/auth/sign-up/', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('ENABLE_EMAIL_PASSWORD and ENABLE_MAGIC_LINK_LOGIN switch the sign-in methods', async () => {
    const { admin, user } = await adminAndUser();
    await admin.client.patch('/api/instances/configurations/', {
      ENABLE_EMAIL_PASSWORD: false,
      ENABLE_MAGIC_LINK_LOGIN: false,
    });
    expect((await getInstance()).config).toMatchObject({
      is_email_password_enabled: false,
      is_magic_login_enabled: false,
    });
    const signIn = await anon().post('/auth/sign-in/', { email: user.user.email, password: STRONG_PASSWORD });
    expect(signIn.body.error_code).toBe('PASSWORD_LOGIN_DISABLED');
    const magic = await anon().post('/auth/magic-generate/', { email: user.user.email });
    expect(magic.body.error_code).toBe('MAGIC_LINK_LOGIN_DISABLED');
    // The admin's own session keeps working.
    expect((await admin.client.get('/api/instances/configurations/')).status).toBe(200);
  });
});

describe('masked secrets', () => {
  it('keeps the stored SMTP password when the masked value is sent back', async () => {
    const t = await startTestApp();
    try {
      const admin = await signUp(t);
      const url = '/api/instances/configurations/';
      await admin.client.patch(url, { EMAIL_HOST_PASSWORD: 'real-secret' });
      await admin.client.patch(url, { EMAIL_HOST_PASSWORD: '********', EMAIL_FROM: 'kite@example.com' });
      const settings = await t.services.instance.settings();
      expect(settings.smtp).toBeUndefined();
      const rows = await t.services.instance.listConfigurations();
      expect(rows.find((r) => r.key === 'EMAIL_HOST_PASSWORD')?.value).toBe('********');
      const stored = await t.services.db.select().from(instanceConfigurations);
      // Sealed with the server key at rest, and still the first value (not the mask).
      const sealed = stored.find((r) => r.key === 'EMAIL_HOST_PASSWORD')!.value!;
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain('real-secret');
      await admin.client.patch(url, { EMAIL_HOST: 'smtp.example.com' });
      expect((await t.services.instance.settings()).smtp?.password).toBe('real-secret');
    } finally {
      await t.close();
    }
  });
});
