import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, addProjectMember, createProject, createWorkspace, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startSecondNode, startTestApp, type TestApp } from '../../test/test-app.ts';
import { type AccessCache, createAccessCache } from './access-cache.ts';

const session = (id: string) => ({ user: { id } as never, tokenHash: `h-${id}` });

describe('access cache', () => {
  let cache: AccessCache;
  beforeEach(() => {
    cache = createAccessCache({ ttlMs: 1_000 });
  });

  it('keeps nothing while the change feed is down, and forgets everything when it comes or goes', () => {
    expect(cache.ticket()).toBeNull();
    cache.set(cache.ticket(), 'k', session('a'), Date.now() + 10_000);
    expect(cache.get('k', Date.now())).toBeUndefined();
    cache.setAvailable(true);
    cache.set(cache.ticket(), 'k', session('a'), Date.now() + 10_000);
    expect(cache.get('k', Date.now())?.user.id).toBe('a');
    cache.setAvailable(false);
    cache.setAvailable(true);
    expect(cache.get('k', Date.now())).toBeUndefined();
  });

  it('drops a lookup that a change overtook, and keeps nothing past the session or the backstop', () => {
    cache.setAvailable(true);
    const ticket = cache.ticket();
    cache.clear(); // a change committed while the lookup ran
    cache.set(ticket, 'k', session('a'), Date.now() + 10_000);
    expect(cache.get('k', Date.now())).toBeUndefined();

    const now = Date.now();
    cache.set(cache.ticket(), 'expiring', session('b'), now + 100);
    expect(cache.get('expiring', now + 99)).toBeDefined();
    expect(cache.get('expiring', now + 100)).toBeUndefined();
    cache.set(cache.ticket(), 'long', session('c'), now + 60_000);
    expect(cache.get('long', now + 500)).toBeDefined();
    expect(cache.get('long', Date.now() + 1_000)).toBeUndefined();
  });

  it('hands out values nobody can change in place', () => {
    cache.setAvailable(true);
    cache.set(cache.ticket(), 'k', session('a'), Date.now() + 10_000);
    const value = cache.get('k', Date.now())!;
    expect(() => {
      (value.user as { id: string }).id = 'other';
    }).toThrow(TypeError);
  });
});

describe('cached session access over HTTP', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t?.close());

  async function memberOfProject() {
    const owner = await signUp(t);
    const { slug } = await createWorkspace(owner);
    const project = await createProject(owner, slug);
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    const issues = `/api/workspaces/${slug}/projects/${project.id}/issues/`;
    return { owner, slug, project, member, issues };
  }

  it('serves repeated reads from the cache, and a removed member is refused at once', async () => {
    const { owner, slug, member, issues } = await memberOfProject();
    expect((await member.client.get(issues)).status).toBe(200);
    const filled = t.services.accessCache.size();
    expect(filled).toBeGreaterThan(0);
    expect((await member.client.get(issues)).status).toBe(200);
    // A work-item write keeps what the cache holds; other writes (a label here) forget it at once,
    // before they are answered, without waiting for the database's notification.
    expect((await member.client.post(issues, { name: 'Kept' })).status).toBe(201);
    expect(t.services.accessCache.size()).toBe(filled);
    const label = await owner.client.post(issues.replace('/issues/', '/issue-labels/'), { name: 'Bug' });
    expect(label.status, label.text).toBe(201);
    expect(t.services.accessCache.size()).toBe(0);
    expect((await member.client.get(issues)).status).toBe(200);

    const removed = await owner.client.delete(`/api/workspaces/${slug}/members/${member.memberId}/`);
    expect(removed.status, removed.text).toBe(204);
    expect((await member.client.get(issues)).status).toBe(404);
    expect((await member.client.get(`/api/workspaces/${slug}/`)).status).toBe(404);
  });

  it('hears a change committed by anyone through the database, not only its own writes', async () => {
    const { slug, member, issues } = await memberOfProject();
    const create = () => member.client.post(issues, { name: 'Allowed' });
    expect((await create()).status).toBe(201);
    // The set-up's own changes are heard a moment later on PostgreSQL (and empty the cache): read
    // until the member's access stays cached.
    await expect
      .poll(async () => {
        await member.client.get(issues);
        return t.services.accessCache.size();
      })
      .toBeGreaterThan(0);
    // Another process demotes the member to viewer (a statement no request of this process made).
    await t.database.raw(
      'update workspace_members set role = 10 where member_id = $1 and workspace_id = (select id from workspaces where slug = $2)',
      [member.user.id, slug],
    );
    await t.database.raw('update project_members set role = 10 where member_id = $1', [member.user.id]);
    await expect.poll(async () => (await create()).status, { timeout: 2_000 }).toBe(403);
  });

  it('ends a signed-out session at once', async () => {
    const { member, issues } = await memberOfProject();
    const copy = new Client(t.baseUrl);
    for (const [k, v] of member.client.cookies) copy.cookies.set(k, v);
    expect((await copy.get(issues)).status).toBe(200);
    expect((await member.client.post('/auth/sign-out/', {})).status).toBeLessThan(400);
    expect((await copy.get(issues)).status).toBe(401);
  });

  it('tells another app process on the same PostgreSQL: removal and sign-out reach its cache', async () => {
    const nodeB = await startSecondNode(t);
    if (!nodeB) return; // PGlite: one process
    try {
      const { owner, slug, member, issues } = await memberOfProject();
      const onB = new Client(nodeB.baseUrl);
      for (const [k, v] of member.client.cookies) onB.cookies.set(k, v);
      expect((await onB.get(issues)).status).toBe(200);
      expect(nodeB.services.accessCache.size()).toBeGreaterThan(0);

      const removed = await owner.client.delete(`/api/workspaces/${slug}/members/${member.memberId}/`);
      expect(removed.status, removed.text).toBe(204);
      await expect.poll(async () => (await onB.get(issues)).status, { timeout: 2_000 }).toBe(404);

      const ownerOnB = new Client(nodeB.baseUrl);
      for (const [k, v] of owner.client.cookies) ownerOnB.cookies.set(k, v);
      expect((await ownerOnB.get(`/api/workspaces/${slug}/`)).status).toBe(200);
      expect((await owner.client.post('/auth/sign-out/', {})).status).toBeLessThan(400);
      await expect.poll(async () => (await ownerOnB.get(`/api/workspaces/${slug}/`)).status).toBe(401);
    } finally {
      await nodeB.close();
    }
  });
});
