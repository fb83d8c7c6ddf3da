import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/** Personal API tokens (api.md §14) and how `/api/v1/` takes them (§15.1). */

let t: TestApp;
let owner: SignedIn;
let viewer: SignedIn;
let member: SignedIn;
let slug: string;
let tokens: string;
let projectId: string;
let otherSlug: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  tokens = `/api/workspaces/${slug}/api-tokens/`;
  [viewer, member] = await Promise.all([addMember(t, owner, slug, 10), addMember(t, owner, slug, 15)]);
  projectId = (await createProject(owner, slug)).id;
  await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
  otherSlug = (await createWorkspace(owner)).slug;
}, 120_000);
afterAll(() => t?.close());

/** A new token of `account` in `workspace`; its full value and id. */
async function mint(account: SignedIn, workspace = slug, body: Record<string, unknown> = {}) {
  const res = await account.client.post(`/api/workspaces/${workspace}/api-tokens/`, { label: 'CI', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; token: string; [key: string]: unknown };
}

const withKey = (key: string) => ({ headers: { 'X-Api-Key': key } });
const anonymous = () => new Client(t.baseUrl);

describe('API tokens', () => {
  it('creates a token shown in full once, stored and listed only masked', async () => {
    const res = await owner.client.post(tokens, {
      label: '  Deploy bot ',
      description: 'Ships releases',
      expired_at: '2099-01-31',
    });
    expect(res.status, res.text).toBe(201);
    const created = res.body;
    expect(created.token).toMatch(/^plane_api_[0-9a-f]{64}$/);
    expect(created).toMatchObject({
      label: 'Deploy bot',
      description: 'Ships releases',
      is_active: true,
      last_used: null,
      expired_at: '2099-01-31T23:59:59.999Z',
      token_masked: `plane_api_****${created.token.slice(-4)}`,
      user: owner.user.id,
      user_type: 0,
    });

    const listed = await owner.client.get(tokens);
    expect(listed.status).toBe(200);
    expect(listed.body.map((token: { id: string }) => token.id)).toContain(created.id);
    expect(listed.text).not.toContain(created.token);
    const one = await owner.client.get(`${tokens}${created.id}/`);
    expect(one.status).toBe(200);
    expect(one.body.token).toBeUndefined();
    expect(one.body.token_masked).toBe(created.token_masked);

    const [row] = await t.database.raw<{ token_hash: string }>(
      'select token_hash from api_tokens where id = $1',
      [created.id],
    );
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(created.token.slice('plane_api_'.length));
  });

  it('refuses a missing label, a bad or past expiry (400), no session (401) and a forged write (403)', async () => {
    const missing = await owner.client.post(tokens, { description: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.label).toBeDefined();
    const past = await owner.client.post(tokens, { label: 'old', expired_at: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ expired_at: 'Expiry must be in the future' });
    const malformed = await owner.client.post(tokens, { label: 'x', expired_at: 'tomorrow' });
    expect(malformed.status).toBe(400);
    expect((await anonymous().get(tokens)).status).toBe(401);
    const forged = await owner.client.post(tokens, { label: 'x' }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.body.error_code).toBe('CSRF_FAILED');
  });

  it("keeps each member's tokens their own: another's token is 404, another workspace is 404", async () => {
    const mine = await mint(member);
    expect((await owner.client.get(`${tokens}${mine.id}/`)).status).toBe(404);
    expect((await owner.client.delete(`${tokens}${mine.id}/`)).status).toBe(404);
    const ownerList = await owner.client.get(tokens);
    expect(ownerList.body.map((token: { id: string }) => token.id)).not.toContain(mine.id);
    const outsider = await signUp(t);
    expect((await outsider.client.get(tokens)).status).toBe(404);
    // The owner's token of this workspace is not found under their other workspace.
    const ownerToken = await mint(owner);
    expect((await owner.client.get(`/api/workspaces/${otherSlug}/api-tokens/${ownerToken.id}/`)).status).toBe(
      404,
    );
    expect((await member.client.get(`${tokens}${mine.id}/`)).status).toBe(200);
  });

  it('authenticates /api/v1/ by X-Api-Key or Bearer, never by the session cookie', async () => {
    const { token } = await mint(owner);
    const me = await anonymous().get('/api/v1/users/me/', withKey(token));
    expect(me.status, me.text).toBe(200);
    expect(me.body).toEqual({
      id: owner.user.id,
      first_name: 'Test',
      last_name: 'User',
      email: owner.user.email,
      avatar: null,
      avatar_url: null,
      display_name: expect.any(String),
    });
    const bearer = await anonymous().get('/api/v1/users/me/', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
    const lower = await anonymous().get('/api/v1/users/me/', { headers: { 'x-api-key': token } });
    expect(lower.status).toBe(200);

    const cookieOnly = await owner.client.get('/api/v1/users/me/');
    expect(cookieOnly.status).toBe(401);
    expect(cookieOnly.body).toMatchObject({
      error: 'Invalid or expired API token',
      error_code: 'AUTHENTICATION_REQUIRED',
    });
    for (const key of ['plane_api_nope', `plane_api_${'0'.repeat(64)}`, token.toUpperCase(), '']) {
      expect((await anonymous().get('/api/v1/users/me/', withKey(key))).status, key).toBe(401);
    }
    // No CSRF on the public API: a write with the key alone goes through.
    const created = await anonymous().post(
      `/api/v1/workspaces/${slug}/projects/${projectId}/labels/`,
      { name: 'From the API' },
      { ...withKey(token), csrf: false },
    );
    expect(created.status, created.text).toBe(201);
  });

  it('answers 401 at once for a deleted token and for an expired one', async () => {
    const deleted = await mint(owner);
    expect((await anonymous().get('/api/v1/users/me/', withKey(deleted.token))).status).toBe(200);
    expect((await owner.client.delete(`${tokens}${deleted.id}/`)).status).toBe(204);
    expect((await anonymous().get('/api/v1/users/me/', withKey(deleted.token))).status).toBe(401);
    expect((await owner.client.get(`${tokens}${deleted.id}/`)).status).toBe(404);
    expect((await owner.client.delete(`${tokens}${deleted.id}/`)).status).toBe(404);

    const expiring = await mint(owner, slug, { expired_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await anonymous().get('/api/v1/users/me/', withKey(expiring.token))).status).toBe(200);
    await t.database.raw("update api_tokens set expired_at = now() - interval '1 second' where id = $1", [
      expiring.id,
    ]);
    expect((await anonymous().get('/api/v1/users/me/', withKey(expiring.token))).status).toBe(401);
    const shown = await owner.client.get(`${tokens}${expiring.id}/`);
    expect(shown.body.is_active).toBe(false);
  });

  it('records last_used on use, at most once a minute', async () => {
    const { id, token } = await mint(owner);
    const lastUsed = async () =>
      (
        await t.database.raw<{ last_used: Date | null }>('select last_used from api_tokens where id = $1', [
          id,
        ])
      )[0]!.last_used;
    expect(await lastUsed()).toBeNull();
    await anonymous().get('/api/v1/users/me/', withKey(token));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await anonymous().get(`/api/v1/workspaces/${slug}/projects/`, withKey(token));
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());

    // Half a minute ago: still not written again.
    await t.database.raw("update api_tokens set last_used = now() - interval '30 seconds' where id = $1", [
      id,
    ]);
    const halfMinute = await lastUsed();
    await anonymous().get('/api/v1/users/me/', withKey(token));
    expect((await lastUsed())!.getTime()).toBe(halfMinute!.getTime());
    // Two minutes ago: the next use is written.
    await t.database.raw("update api_tokens set last_used = now() - interval '2 minutes' where id = $1", [
      id,
    ]);
    const stale = await lastUsed();
    await anonymous().get('/api/v1/users/me/', withKey(token));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(stale!.getTime() + 60_000);
    const shown = await owner.client.get(`${tokens}${id}/`);
    expect(Date.parse(shown.body.last_used)).toBeGreaterThan(Date.now() - 10_000);
  });

  it("acts with the user's current role, only in the token's workspace", async () => {
    const { token } = await mint(viewer);
    const issues = `/api/v1/workspaces/${slug}/projects/${projectId}/work-items/`;
    const read = await anonymous().get(issues, withKey(token));
    expect(read.status, read.text).toBe(200);
    const write = await anonymous().post(issues, { name: 'Not allowed' }, withKey(token));
    expect(write.status).toBe(403);
    expect(write.body.error_code).toBe('FORBIDDEN');

    // The owner's token of this workspace names nothing in their other workspace.
    const { token: ownerToken } = await mint(owner);
    const elsewhere = await anonymous().get(`/api/v1/workspaces/${otherSlug}/projects/`, withKey(ownerToken));
    expect(elsewhere.status).toBe(404);

    // Promoted: the next request writes.
    const members = await owner.client.get(`/api/workspaces/${slug}/members/`);
    const membership = members.body.find((m: { member: { id: string } }) => m.member.id === viewer.user.id);
    expect(
      (await owner.client.patch(`/api/workspaces/${slug}/members/${membership.id}/`, { role: 15 })).status,
    ).toBe(200);
    const projectMembers = await owner.client.get(`/api/workspaces/${slug}/projects/${projectId}/members/`);
    const projectMembership = projectMembers.body.find(
      (m: { member: string }) => m.member === viewer.user.id,
    );
    await owner.client.patch(
      `/api/workspaces/${slug}/projects/${projectId}/members/${projectMembership.id}/`,
      {
        role: 15,
      },
    );
    expect((await anonymous().post(issues, { name: 'Allowed now' }, withKey(token))).status).toBe(201);

    // Removed from the workspace: like the user, the token finds nothing there.
    expect((await owner.client.delete(`/api/workspaces/${slug}/members/${membership.id}/`)).status).toBe(204);
    expect((await anonymous().get(issues, withKey(token))).status).toBe(404);
    expect((await anonymous().get(`/api/v1/workspaces/${slug}/projects/`, withKey(token))).status).toBe(404);
  });

  it('stops working when its user deactivates their account', async () => {
    const leaving = await addMember(t, owner, slug, 15);
    const { token } = await mint(leaving);
    expect((await anonymous().get('/api/v1/users/me/', withKey(token))).status).toBe(200);
    expect((await leaving.client.delete('/api/users/me/')).status).toBe(204);
    expect((await anonymous().get('/api/v1/users/me/', withKey(token))).status).toBe(401);
    expect((await anonymous().get(`/api/v1/workspaces/${slug}/projects/`, withKey(token))).status).toBe(401);
  });
});
