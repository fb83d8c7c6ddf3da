import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createWorkspace, type SignedIn, signUp, uniqueSlug } from '../../test/factories.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const WORKSPACE_KEYS = [
  'id',
  'name',
  'slug',
  'owner',
  'logo_url',
  'organization_size',
  'timezone',
  'total_members',
  'role',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
].sort();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectError(res: HttpResult, status: number, code: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error_code).toBe(code);
  if (message !== undefined) expect(res.body.error).toBe(message);
}

function expectWorkspace(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(WORKSPACE_KEYS);
  expect(body.id).toMatch(UUID);
  expect(body.created_at).toMatch(ISO);
  expect(body.updated_at).toMatch(ISO);
}

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

const ws = (slug: string) => `/api/workspaces/${slug}/`;

describe('creating workspaces', () => {
  it('creates a workspace with every key, makes the caller its admin and lists it', async () => {
    const owner = await signUp(t);
    const res = await owner.client.post('/api/workspaces/', {
      name: '  Acme Corp  ',
      slug: 'acme',
      organization_size: '2-10',
      timezone: 'Europe/Paris',
      // read-only keys are ignored
      id: '00000000-0000-4000-8000-000000000000',
      owner: '00000000-0000-4000-8000-000000000000',
      total_members: 99,
      role: 5,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectWorkspace(res.body);
    expect(res.body).toMatchObject({
      name: 'Acme Corp',
      slug: 'acme',
      owner: owner.user.id,
      logo_url: null,
      organization_size: '2-10',
      timezone: 'Europe/Paris',
      total_members: 1,
      role: 20,
      created_by: owner.user.id,
      updated_by: owner.user.id,
    });
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');

    const got = await owner.client.get(ws('acme'));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    // The same route without the trailing slash.
    expect((await owner.client.get('/api/workspaces/acme')).body).toEqual(res.body);

    for (const path of ['/api/workspaces/', '/api/users/me/workspaces/']) {
      const list = await owner.client.get(path);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([res.body]);
    }
    const me = await owner.client.get('/api/workspaces/acme/workspace-members/me/');
    expect(me.body).toMatchObject({ member: owner.user.id, role: 20, workspace: res.body.id });
  });

  it('defaults timezone to UTC and organization_size to null, and lower-cases the slug', async () => {
    const owner = await signUp(t);
    const res = await owner.client.post('/api/workspaces/', { name: 'Team', slug: '  My-Team_2 ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ slug: 'my-team_2', timezone: 'UTC', organization_size: null });
    expect((await owner.client.get(ws('my-team_2'))).status).toBe(200);
    const longest = 'a'.repeat(48);
    const max = await owner.client.post('/api/workspaces/', { name: 'Long', slug: longest });
    expect(max.status, max.text).toBe(201);
    expect(max.body.slug).toBe(longest);
  });

  it('refuses invalid bodies with 400 VALIDATION_ERROR and field messages, creating nothing', async () => {
    const owner = await signUp(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'no-name' }, 'name'],
      [{ name: '   ', slug: 'blank-name' }, 'name'],
      [{ name: 'x'.repeat(81), slug: 'long-name' }, 'name'],
      [{ name: 42, slug: 'num-name' }, 'name'],
      [{ name: 'No slug' }, 'slug'],
      [{ name: 'Empty', slug: '' }, 'slug'],
      [{ name: 'Bad', slug: 'bad slug!' }, 'slug'],
      [{ name: 'Bad', slug: 'dots.not.allowed' }, 'slug'],
      [{ name: 'Bad', slug: 'é-accent' }, 'slug'],
      [{ name: 'Long', slug: 'a'.repeat(49) }, 'slug'],
      [{ name: 'Reserved', slug: 'api' }, 'slug'],
      [{ name: 'Reserved', slug: 'settings' }, 'slug'],
      [{ name: 'Reserved', slug: 'God-Mode' }, 'slug'],
      [{ name: 'Reserved', slug: 'workspace-invitations' }, 'slug'],
      [{ name: 'Tz', slug: 'tz-ok', timezone: 7 }, 'timezone'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post('/api/workspaces/', body);
      expectError(res, 400, 'VALIDATION_ERROR', 'Invalid request');
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const reserved = await owner.client.post('/api/workspaces/', { name: 'R', slug: 'api' });
    expect(reserved.body.fields.slug).toBe('This slug is reserved');
    expect((await owner.client.get('/api/workspaces/')).body).toEqual([]);
  });

  it('answers 409 SLUG_TAKEN for a live slug (any case), and frees the slug after a delete', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const original = await createWorkspace(first, 'shared-slug');
    for (const slug of ['shared-slug', 'Shared-SLUG']) {
      expectError(await second.client.post('/api/workspaces/', { name: 'Copy', slug }), 409, 'SLUG_TAKEN');
    }
    expect((await second.client.get('/api/workspaces/')).body).toEqual([]);

    expect((await first.client.delete(ws('shared-slug'))).status).toBe(204);
    const reused = await second.client.post('/api/workspaces/', { name: 'Reborn', slug: 'shared-slug' });
    expect(reused.status, reused.text).toBe(201);
    expect(reused.body.id).not.toBe(original.id);
    expect(reused.body).toMatchObject({ owner: second.user.id, total_members: 1, role: 20 });
    // The former owner is not a member of the new workspace behind the old slug.
    expectError(await first.client.get(ws('shared-slug')), 404, 'NOT_FOUND');
    expect((await first.client.get('/api/workspaces/')).body).toEqual([]);
  });

  it('lets only the instance admin create workspaces when DISABLE_WORKSPACE_CREATION is on', async () => {
    await t.close();
    t = await startTestApp({ DISABLE_WORKSPACE_CREATION: 'true' });
    const instanceAdmin = await signUp(t); // the first account is the instance admin
    const other = await signUp(t);
    expectError(
      await other.client.post('/api/workspaces/', { name: 'No', slug: 'refused' }),
      403,
      'FORBIDDEN',
    );
    expect((await other.client.get('/api/workspaces/')).body).toEqual([]);
    const ok = await instanceAdmin.client.post('/api/workspaces/', { name: 'Yes', slug: 'allowed' });
    expect(ok.status, ok.text).toBe(201);
  });
});

describe('slug check', () => {
  it('reports whether a slug is free, valid and not reserved', async () => {
    const owner = await signUp(t);
    await createWorkspace(owner, 'taken');
    const check = async (slug: string) => {
      const res = await owner.client.get(`/api/workspace-slug-check/?slug=${encodeURIComponent(slug)}`);
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body)).toEqual(['status']);
      return res.body.status;
    };
    expect(await check('free-one')).toBe(true);
    expect(await check('Free-Two')).toBe(true);
    expect(await check('taken')).toBe(false);
    expect(await check('TAKEN')).toBe(false);
    expect(await check('api')).toBe(false);
    expect(await check('settings')).toBe(false);
    expect(await check('bad slug')).toBe(false);
    expect(await check('a'.repeat(49))).toBe(false);
    expect(await check('')).toBe(false);
    expect((await owner.client.get('/api/workspace-slug-check/')).body).toEqual({ status: false });

    expect((await owner.client.delete(ws('taken'))).status).toBe(204);
    expect(await check('taken')).toBe(true);
  });
});

describe('reading, updating and deleting a workspace', () => {
  let owner: SignedIn;
  let slug: string;
  beforeEach(async () => {
    owner = await signUp(t);
    slug = (await createWorkspace(owner)).slug;
  });

  it('shows every member the workspace with their own role and the active member count', async () => {
    const guest = await addMember(t, owner, slug, 5);
    const member = await addMember(t, owner, slug, 15);
    const asGuest = await guest.client.get(ws(slug));
    expect(asGuest.status, asGuest.text).toBe(200);
    expectWorkspace(asGuest.body);
    expect(asGuest.body).toMatchObject({ slug, role: 5, total_members: 3, owner: owner.user.id });
    expect((await member.client.get(ws(slug))).body.role).toBe(15);
    expect((await owner.client.get(ws(slug))).body.role).toBe(20);

    const guestList = await guest.client.get('/api/users/me/workspaces/');
    expect(guestList.body).toHaveLength(1);
    expect(guestList.body[0]).toMatchObject({ slug, role: 5, total_members: 3 });

    expect((await owner.client.delete(`${ws(slug)}members/${member.memberId}/`)).status).toBe(204);
    expect((await owner.client.get(ws(slug))).body.total_members).toBe(2);
    expect((await owner.client.get('/api/workspaces/')).body[0].total_members).toBe(2);
  });

  it('lists only the caller’s workspaces, each with the caller’s role', async () => {
    const other = await signUp(t);
    const otherWs = await createWorkspace(other);
    const second = await createWorkspace(owner);
    const member = await addMember(t, other, otherWs.slug, 10);
    const mine = (await owner.client.get('/api/workspaces/')).body;
    expect(mine.map((w: { slug: string }) => w.slug)).toEqual([slug, second.slug]);
    expect((await owner.client.get('/api/users/me/workspaces/')).body).toEqual(mine);
    const theirs = (await member.client.get('/api/workspaces/')).body;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ slug: otherWs.slug, role: 10, total_members: 2 });
    expectWorkspace(theirs[0]);
  });

  it('hides other workspaces behind 404 (never 403), for known and unknown slugs', async () => {
    const stranger = await signUp(t);
    await createWorkspace(stranger);
    const before = (await owner.client.get(ws(slug))).body;
    for (const target of [slug, 'no-such-workspace', uniqueSlug()]) {
      expectError(await stranger.client.get(ws(target)), 404, 'NOT_FOUND');
      expectError(await stranger.client.patch(ws(target), { name: 'Hacked' }), 404, 'NOT_FOUND');
      expectError(await stranger.client.patch(ws(target), { name: '' }), 404, 'NOT_FOUND');
      expectError(await stranger.client.delete(ws(target)), 404, 'NOT_FOUND');
    }
    expect((await owner.client.get(ws(slug))).body).toEqual(before);
  });

  it('requires a session on every workspace route (401 before CSRF)', async () => {
    const anon = new Client(t.baseUrl);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/workspace-slug-check/?slug=${slug}`],
      ['GET', '/api/workspaces/'],
      ['POST', '/api/workspaces/', { name: 'Anon', slug: 'anon' }],
      ['GET', '/api/users/me/workspaces/'],
      ['GET', ws(slug)],
      ['PATCH', ws(slug), { name: 'Anon' }],
      ['DELETE', ws(slug)],
    ];
    for (const [method, path, json] of routes) {
      expectError(await anon.request(method, path, { json }), 401, 'AUTHENTICATION_REQUIRED');
      expectError(await anon.request(method, path, { json, csrf: false }), 401, 'AUTHENTICATION_REQUIRED');
    }
    expect((await owner.client.get(ws(slug))).status).toBe(200);
  });

  it('refuses writes without the CSRF header', async () => {
    expectError(
      await owner.client.patch(ws(slug), { name: 'X' }, { csrf: false }),
      403,
      'CSRF_FAILED',
      'CSRF token not found',
    );
    expectError(await owner.client.delete(ws(slug), { csrf: false }), 403, 'CSRF_FAILED');
    expectError(
      await owner.client.post('/api/workspaces/', { name: 'X', slug: 'x-csrf' }, { csrf: false }),
      403,
      'CSRF_FAILED',
    );
    expect((await owner.client.get(ws(slug))).body.name).toBe(`Workspace ${slug}`);
  });

  it('lets an admin patch name, logo_url, organization_size and timezone; the slug is immutable', async () => {
    const before = (await owner.client.get(ws(slug))).body;
    const editor = await addMember(t, owner, slug, 20);
    const res = await editor.client.patch(ws(slug), {
      name: '  Renamed ',
      logo_url: 'https://example.com/logo.png',
      organization_size: '11-50',
      timezone: 'Asia/Tokyo',
      slug: 'new-slug',
      owner: editor.user.id,
      total_members: 100,
    });
    expect(res.status, res.text).toBe(200);
    expectWorkspace(res.body);
    expect(res.body).toMatchObject({
      id: before.id,
      slug,
      name: 'Renamed',
      logo_url: 'https://example.com/logo.png',
      organization_size: '11-50',
      timezone: 'Asia/Tokyo',
      owner: owner.user.id,
      total_members: 2,
      role: 20,
      created_by: owner.user.id,
      updated_by: editor.user.id,
      created_at: before.created_at,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expectError(await owner.client.get(ws('new-slug')), 404, 'NOT_FOUND');
    expect((await owner.client.get(ws(slug))).body).toMatchObject({ name: 'Renamed', role: 20 });

    // Only the keys sent change; null clears a nullable key.
    const partial = await owner.client.patch(ws(slug), { logo_url: null });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ name: 'Renamed', logo_url: null, timezone: 'Asia/Tokyo' });

    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ timezone: '' }, 'timezone'],
      [{ organization_size: 12 }, 'organization_size'],
    ] as const) {
      const bad = await owner.client.patch(ws(slug), body);
      expectError(bad, 400, 'VALIDATION_ERROR');
      expect(Object.keys(bad.body.fields)).toContain(field);
    }
    expect((await owner.client.get(ws(slug))).body.name).toBe('Renamed');
  });

  it('refuses PATCH and DELETE to members, viewers and guests with 403 (before body validation)', async () => {
    for (const role of [15, 10, 5]) {
      const { client } = await addMember(t, owner, slug, role);
      expectError(await client.patch(ws(slug), { name: 'Mine now' }), 403, 'FORBIDDEN');
      expectError(await client.patch(ws(slug), { name: '' }), 403, 'FORBIDDEN');
      expectError(await client.delete(ws(slug)), 403, 'FORBIDDEN');
      expect((await client.get(ws(slug))).status).toBe(200);
    }
    expect((await owner.client.get(ws(slug))).body.name).toBe(`Workspace ${slug}`);
  });

  it('soft-deletes: the workspace disappears for every member and its routes answer 404', async () => {
    const member = await addMember(t, owner, slug, 15);
    const keep = await createWorkspace(owner);
    const res = await owner.client.delete(ws(slug));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    for (const who of [owner, member]) {
      expectError(await who.client.get(ws(slug)), 404, 'NOT_FOUND');
      expectError(await who.client.get(`${ws(slug)}members/`), 404, 'NOT_FOUND');
      expectError(await who.client.get(`${ws(slug)}workspace-members/me/`), 404, 'NOT_FOUND');
    }
    expectError(await owner.client.patch(ws(slug), { name: 'Back' }), 404, 'NOT_FOUND');
    expectError(await owner.client.delete(ws(slug)), 404, 'NOT_FOUND');
    expect((await owner.client.get('/api/workspaces/')).body.map((w: { slug: string }) => w.slug)).toEqual([
      keep.slug,
    ]);
    expect((await member.client.get('/api/users/me/workspaces/')).body).toEqual([]);
  });
});
