import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceAuditLog } from '../../platform/db/schema.ts';
import {
  addMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
  uniqueEmail,
  uniqueSlug,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const WORKSPACES = '/api/instances/workspaces/';
const KEYS = ['created_at', 'id', 'name', 'owner', 'slug', 'total_members', 'total_projects'];

let t: TestApp;
let admin: SignedIn;
beforeEach(async () => {
  t = await startTestApp();
  admin = await signUp(t, uniqueEmail('admin'));
});
afterEach(() => t.close());

const slugsOf = (body: { results: { slug: string }[] }) => body.results.map((w) => w.slug);

describe('GET /api/instances/workspaces/', () => {
  it('lists every live workspace with its owner, active members and live projects', async () => {
    const owner = await signUp(t, uniqueEmail('owner'));
    const busy = await createWorkspace(owner, uniqueSlug('busy'));
    const member = await addMember(t, owner, busy.slug, 15);
    await addMember(t, owner, busy.slug, 10);
    // One member leaves: not counted.
    expect((await member.client.post(`/api/workspaces/${busy.slug}/members/leave/`)).status).toBe(204);
    const [kept, archived, deleted] = [
      await createProject(owner, busy.slug),
      await createProject(owner, busy.slug),
      await createProject(owner, busy.slug),
    ];
    const base = `/api/workspaces/${busy.slug}/projects`;
    expect((await owner.client.post(`${base}/${archived.id}/archive/`)).status).toBe(200);
    expect((await owner.client.delete(`${base}/${deleted.id}/`)).status).toBe(204);
    expect(kept.id).toBeDefined();
    const empty = await createWorkspace(admin, uniqueSlug('empty'));
    const gone = await createWorkspace(admin, uniqueSlug('gone'));
    expect((await admin.client.delete(`/api/workspaces/${gone.slug}/`)).status).toBe(204);

    const res = await admin.client.get(WORKSPACES);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ total_count: 2, count: 2 });
    expect(slugsOf(res.body)).toEqual([busy.slug, empty.slug]);
    for (const w of res.body.results) expect(Object.keys(w).sort()).toEqual(KEYS);
    expect(res.body.results[0]).toEqual({
      id: busy.id,
      name: busy.name,
      slug: busy.slug,
      owner: { id: owner.user.id, email: owner.user.email, display_name: expect.any(String) },
      // The owner and the viewer; the member who left is not counted.
      total_members: 2,
      // Archived projects count (they still hold work and can be restored); deleted ones do not.
      total_projects: 2,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(res.body.results[1]).toMatchObject({ total_members: 1, total_projects: 0 });
  });

  it('searches name and slug case-insensitively and pages by cursor', async () => {
    const alpha = await createWorkspace(admin, uniqueSlug('alpha'));
    const beta = await createWorkspace(admin, uniqueSlug('beta'));
    await admin.client.patch(`/api/workspaces/${beta.slug}/`, { name: 'Marketing Team' });
    const gamma = await createWorkspace(admin, uniqueSlug('gamma'));

    const search = async (q: string) =>
      slugsOf((await admin.client.get(`${WORKSPACES}?search=${encodeURIComponent(q)}`)).body);
    expect(await search('ALPHA')).toEqual([alpha.slug]);
    expect(await search('marketing')).toEqual([beta.slug]);
    expect(await search('%')).toEqual([]);

    const first = await admin.client.get(`${WORKSPACES}?per_page=2`);
    expect(first.body).toMatchObject({ total_count: 3, count: 2, next_page_results: true });
    const second = await admin.client.get(`${WORKSPACES}?cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ count: 1, next_page_results: false, prev_page_results: true });
    expect([...slugsOf(first.body), ...slugsOf(second.body)]).toEqual([alpha.slug, beta.slug, gamma.slug]);
  });

  it('is for instance admins only', async () => {
    const user = await signUp(t);
    expect((await user.client.get(WORKSPACES)).status).toBe(403);
    expect((await new Client(t.baseUrl).get(WORKSPACES)).status).toBe(401);
  });
});

describe('POST /api/instances/workspaces/', () => {
  it('creates a workspace the admin owns, audited with its slug', async () => {
    const slug = uniqueSlug('console');
    const res = await admin.client.post(WORKSPACES, { name: '  Console Made ', slug: slug.toUpperCase() });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(KEYS);
    expect(res.body).toMatchObject({
      name: 'Console Made',
      slug,
      owner: { id: admin.user.id, email: admin.user.email },
      total_members: 1,
      total_projects: 0,
    });
    const mine = await admin.client.get(`/api/workspaces/${slug}/`);
    expect(mine.status).toBe(200);
    expect(mine.body.role).toBe(20);
    const audit = await t.services.db.select().from(instanceAuditLog);
    expect(audit.map((r) => [r.action, r.target, r.actor_id])).toEqual([
      ['workspace.created', slug, admin.user.id],
    ]);
  });

  it('keeps the rules of POST /api/workspaces/ and writes no entry for a refused one', async () => {
    const taken = await createWorkspace(admin);
    const conflict = await admin.client.post(WORKSPACES, { name: 'Again', slug: taken.slug });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error_code).toBe('SLUG_TAKEN');
    for (const slug of ['god-mode', 'api', 'has space', 'x'.repeat(49), '']) {
      const res = await admin.client.post(WORKSPACES, { name: 'Nope', slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(res.body.fields.slug).toEqual(expect.any(String));
    }
    const noName = await admin.client.post(WORKSPACES, { name: ' ', slug: uniqueSlug() });
    expect(noName.status).toBe(400);
    expect(noName.body.fields.name).toBeDefined();
    expect(await t.services.db.select().from(instanceAuditLog)).toEqual([]);
  });

  it('works while workspace creation is disabled for everyone else', async () => {
    const user = await signUp(t);
    const off = await admin.client.patch('/api/instances/configurations/', {
      DISABLE_WORKSPACE_CREATION: true,
    });
    expect(off.status).toBe(200);
    const refused = await user.client.post('/api/workspaces/', { name: 'Mine', slug: uniqueSlug() });
    expect(refused.status).toBe(403);
    const res = await admin.client.post(WORKSPACES, { name: 'Still', slug: uniqueSlug('still') });
    expect(res.status, res.text).toBe(201);
    expect((await user.client.post(WORKSPACES, { name: 'Sneaky', slug: uniqueSlug() })).status).toBe(403);
  });
});
