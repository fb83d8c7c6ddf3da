import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceAuditLog, instanceConfigurations } from '../../platform/db/schema.ts';
import { type SignedIn, signUp, uniqueEmail, uniqueSlug } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const AUDIT = '/api/instances/audit-log/';
const CONFIGURATIONS = '/api/instances/configurations/';
const SMTP_SECRET = 'smtp-Secret-4f1c';
const GOOGLE_SECRET = 'google-Secret-9a2e';
const NEW_GOOGLE_SECRET = 'google-Secret-rotated-77';

let t: TestApp;
let admin: SignedIn;
beforeEach(async () => {
  t = await startTestApp();
  admin = await signUp(t, uniqueEmail('admin'));
});
afterEach(() => t.close());

/** The raw audit table, as stored. */
async function rawAudit() {
  return t.services.db.select().from(instanceAuditLog);
}

function expectNoSecret(text: string) {
  for (const secret of [SMTP_SECRET, GOOGLE_SECRET, NEW_GOOGLE_SECRET]) expect(text).not.toContain(secret);
  // Nor their sealed form.
  expect(text).not.toMatch(/v1:[A-Za-z0-9+/=]+:/);
}

describe('the audit of instance changes', () => {
  it('PATCH /api/instances/ records old and new of each changed field, nothing for no change', async () => {
    const res = await admin.client.patch('/api/instances/', {
      instance_name: 'Acme',
      is_telemetry_enabled: false,
    });
    expect(res.status).toBe(200);
    expect((await admin.client.patch('/api/instances/', { instance_name: 'Acme' })).status).toBe(200);
    await admin.client.patch('/api/instances/', { is_telemetry_enabled: true });
    const rows = await rawAudit();
    expect(rows.map((r) => [r.action, r.target, r.details]).sort()).toEqual([
      ['instance.updated', null, { instance_name: { old: 'Kite', new: 'Acme' } }],
      ['instance.updated', null, { is_telemetry_enabled: { old: false, new: true } }],
    ]);
    expect(rows.every((r) => r.actor_id === admin.user.id)).toBe(true);
  });

  it('PATCH configurations: one entry per changed key, secrets only as changed, never their values', async () => {
    const first = await admin.client.patch(CONFIGURATIONS, {
      ENABLE_SIGNUP: false,
      EMAIL_HOST: 'smtp.example.com',
      EMAIL_HOST_PASSWORD: SMTP_SECRET,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
    });
    expect(first.status, first.text).toBe(200);
    expectNoSecret(first.text);
    const byTarget = (rows: Awaited<ReturnType<typeof rawAudit>>) =>
      Object.fromEntries(rows.map((r) => [r.target, r.details]));
    expect(byTarget(await rawAudit())).toEqual({
      ENABLE_SIGNUP: { old: null, new: '0' },
      EMAIL_HOST: { old: null, new: 'smtp.example.com' },
      EMAIL_HOST_PASSWORD: { changed: true },
      GOOGLE_CLIENT_ID: { old: null, new: 'google-client' },
      GOOGLE_CLIENT_SECRET: { changed: true },
    });

    // The masks sent back, the same values again, and the same secret retyped: nothing changed.
    const same = await admin.client.patch(CONFIGURATIONS, {
      ENABLE_SIGNUP: 'false',
      EMAIL_HOST: ' smtp.example.com ',
      EMAIL_HOST_PASSWORD: '********',
      GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
      GOOGLE_CLIENT_ID: 'google-client',
    });
    expect(same.status).toBe(200);
    expect(await rawAudit()).toHaveLength(5);

    await admin.client.patch(CONFIGURATIONS, {
      GOOGLE_CLIENT_SECRET: NEW_GOOGLE_SECRET,
      EMAIL_HOST_PASSWORD: null,
      ENABLE_SIGNUP: true,
    });
    const rows = await rawAudit();
    expect(rows).toHaveLength(8);
    expect(
      rows
        .filter((r) => r.target === 'GOOGLE_CLIENT_SECRET' || r.target === 'EMAIL_HOST_PASSWORD')
        .map((r) => r.details),
    ).toEqual([{ changed: true }, { changed: true }, { changed: true }, { changed: true }]);
    expect(rows.filter((r) => r.target === 'ENABLE_SIGNUP').map((r) => r.details)).toContainEqual({
      old: '0',
      new: '1',
    });

    // Nowhere a secret: not in the raw table, not in the log's answer.
    expectNoSecret(JSON.stringify(rows));
    const listed = await admin.client.get(AUDIT);
    expect(listed.status).toBe(200);
    expectNoSecret(listed.text);

    // At rest the secret is sealed with the server key, and it is masked when read.
    const stored = Object.fromEntries(
      (await t.services.db.select().from(instanceConfigurations)).map((r) => [r.key, r.value]),
    );
    expect(stored.GOOGLE_CLIENT_SECRET).toMatch(/^v1:/);
    expect(stored.GOOGLE_CLIENT_SECRET).not.toContain(NEW_GOOGLE_SECRET);
    expect(stored.EMAIL_HOST_PASSWORD).toBeNull();
    await admin.client.patch(CONFIGURATIONS, { EMAIL_HOST_PASSWORD: SMTP_SECRET });
    const [smtpRow] = (await t.services.db.select().from(instanceConfigurations)).filter(
      (r) => r.key === 'EMAIL_HOST_PASSWORD',
    );
    expect(smtpRow!.value).toMatch(/^v1:/);
    expect(smtpRow!.value).not.toContain(SMTP_SECRET);
    const configurations = await admin.client.get(CONFIGURATIONS);
    expectNoSecret(configurations.text);
    const masked = Object.fromEntries(
      configurations.body.map((c: { key: string; value: string | null }) => [c.key, c.value]),
    );
    expect(masked).toMatchObject({ EMAIL_HOST_PASSWORD: '********', GOOGLE_CLIENT_SECRET: '********' });
    // The services still read the real values.
    const settings = await t.services.instance.settings();
    expect(settings.smtp?.password).toBe(SMTP_SECRET);
    expect(settings.providers.google.clientSecret).toBe(NEW_GOOGLE_SECRET);
  });

  it('a refused change writes nothing', async () => {
    const res = await admin.client.patch(CONFIGURATIONS, { ENABLE_SIGNUP: false, NOT_A_KEY: '1' });
    expect(res.status).toBe(400);
    expect(await rawAudit()).toEqual([]);
  });
});

describe('GET /api/instances/audit-log/', () => {
  it('lists entries newest first with their actor, paged by cursor', async () => {
    const other = await signUp(t, uniqueEmail('second-admin'));
    await admin.client.patch(`/api/instances/users/${other.user.id}/`, { is_instance_admin: true });
    await admin.client.patch('/api/instances/', { instance_name: 'Renamed' });
    const slug = uniqueSlug('audited');
    expect((await other.client.post('/api/instances/workspaces/', { name: 'Audited', slug })).status).toBe(
      201,
    );

    const res = await admin.client.get(AUDIT);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ total_count: 3, count: 3, next_page_results: false });
    const entries = res.body.results;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'workspace.created',
      'instance.updated',
      'user.admin_granted',
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'actor', 'created_at', 'details', 'id', 'target']);
    }
    expect(entries[0]).toMatchObject({
      target: slug,
      details: {},
      actor: { id: other.user.id, email: other.user.email, display_name: expect.any(String) },
    });
    expect(entries[2]).toMatchObject({ target: other.user.email, actor: { id: admin.user.id } });
    expect(entries[0].created_at).toMatch(/Z$/);

    const page1 = await admin.client.get(`${AUDIT}?per_page=2`);
    const page2 = await admin.client.get(`${AUDIT}?cursor=${page1.body.next_cursor}`);
    expect(page1.body).toMatchObject({ count: 2, next_page_results: true, total_pages: 2 });
    expect(page2.body).toMatchObject({ count: 1, next_page_results: false });
    expect([...page1.body.results, ...page2.body.results].map((e: { id: string }) => e.id)).toEqual(
      entries.map((e: { id: string }) => e.id),
    );
  });

  it('is for instance admins only', async () => {
    const user = await signUp(t);
    expect((await user.client.get(AUDIT)).status).toBe(403);
    expect((await new Client(t.baseUrl).get(AUDIT)).status).toBe(401);
  });
});
