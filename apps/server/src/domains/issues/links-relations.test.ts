import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: SignedIn;
let slug: string;
let base: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  base = `/api/workspaces/${slug}/projects/${(await createProject(owner, slug)).id}`;
});
afterEach(() => t.close());

const create = async (name: string, projectBase = base) =>
  (await owner.client.post(`${projectBase}/issues/`, { name })).body;

describe('links', () => {
  it('adds http(s) links once, counts them, edits and deletes them', async () => {
    const issue = await create('Linked');
    const url = `${base}/issues/${issue.id}/issue-links/`;
    const link = await owner.client.post(url, { url: 'https://example.com/spec', title: 'Spec' });
    expect(link.status, link.text).toBe(201);
    expect(link.body).toMatchObject({
      url: 'https://example.com/spec',
      title: 'Spec',
      metadata: {},
      issue_id: issue.id,
    });
    expect(link.body.created_by_detail.id).toBe(owner.user.id);
    expect((await owner.client.post(url, { url: 'https://example.com/spec' })).body.error_code).toBe(
      'ALREADY_EXISTS',
    );
    expect((await owner.client.post(url, { url: 'javascript:alert(1)' })).body.error_code).toBe(
      'INVALID_URL',
    );
    expect((await owner.client.post(url, { url: 'not a url' })).body.error_code).toBe('INVALID_URL');
    expect((await owner.client.get(`${base}/issues/${issue.id}/`)).body.link_count).toBe(1);
    const edited = await owner.client.patch(`${url}${link.body.id}/`, { title: 'Specification' });
    expect(edited.body.title).toBe('Specification');
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, base.split('/').pop()!, viewer.user.id, 10);
    expect((await viewer.client.post(url, { url: 'https://example.org' })).status).toBe(403);
    expect((await viewer.client.delete(`${url}${link.body.id}/`)).status).toBe(403);
    expect((await owner.client.delete(`${url}${link.body.id}/`)).status).toBe(204);
    expect((await owner.client.get(url)).body).toEqual([]);
    expect((await owner.client.get(`${base}/issues/${issue.id}/`)).body.link_count).toBe(0);
  });

  it('lets any member change a link, and one below member only the links they added (api.md §5.9: P15 +link creator)', async () => {
    const projectId = base.split('/').pop()!;
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const author = await addMember(t, owner, slug, 15);
    const membership = await addProjectMember(owner, slug, projectId, author.user.id, 15);
    const issue = (await author.client.post(`${base}/issues/`, { name: 'Theirs' })).body;
    const url = `${base}/issues/${issue.id}/issue-links/`;
    const byOwner = (await owner.client.post(url, { url: 'https://example.com/a' })).body;
    const byAuthor = (await author.client.post(url, { url: 'https://example.com/b' })).body;

    // A member who added neither link edits and deletes one.
    expect((await member.client.patch(`${url}${byOwner.id}/`, { title: 'Renamed' })).status).toBe(200);
    expect((await member.client.delete(`${url}${byOwner.id}/`)).status).toBe(204);

    // Made a viewer, the item's creator still adds links to it and changes their own, not others'.
    const demoted = await owner.client.patch(`${base}/members/${membership.id}/`, { role: 10 });
    expect(demoted.status, demoted.text).toBe(200);
    const byMember = (await member.client.post(url, { url: 'https://example.com/c' })).body;
    expect((await author.client.post(url, { url: 'https://example.com/d' })).status).toBe(201);
    expect((await author.client.patch(`${url}${byAuthor.id}/`, { title: 'Mine' })).status).toBe(200);
    expect((await author.client.patch(`${url}${byMember.id}/`, { title: 'No' })).status).toBe(403);
    expect((await author.client.delete(`${url}${byMember.id}/`)).status).toBe(403);
    expect((await author.client.delete(`${url}${byAuthor.id}/`)).status).toBe(204);
  });
});

describe('relations', () => {
  it('stores each relation once and shows it from both sides, across projects', async () => {
    const a = await create('A');
    const b = await create('B');
    const otherBase = `/api/workspaces/${slug}/projects/${(await createProject(owner, slug)).id}`;
    const c = await create('C', otherBase);
    const blocked = await owner.client.post(`${base}/issues/${a.id}/issue-relation/`, {
      relation_type: 'blocked_by',
      issues: [b.id, c.id],
    });
    expect(blocked.status, blocked.text).toBe(201);
    expect(
      blocked.body.map((r: { id: string; relation_type: string }) => [r.id, r.relation_type]).sort(),
    ).toEqual(
      [
        [b.id, 'blocked_by'],
        [c.id, 'blocked_by'],
      ].sort(),
    );
    const fromA = (await owner.client.get(`${base}/issues/${a.id}/issue-relation/`)).body;
    expect(Object.keys(fromA).sort()).toEqual([
      'blocked_by',
      'blocking',
      'duplicate',
      'finish_after',
      'finish_before',
      'relates_to',
      'start_after',
      'start_before',
    ]);
    expect(fromA.blocked_by).toHaveLength(2);
    const fromB = (await owner.client.get(`${base}/issues/${b.id}/issue-relation/`)).body;
    expect(fromB.blocking.map((r: { id: string }) => r.id)).toEqual([a.id]);
    // Relating the same pair again replaces the relation.
    await owner.client.post(`${base}/issues/${b.id}/issue-relation/`, {
      relation_type: 'relates_to',
      issues: [a.id],
    });
    const again = (await owner.client.get(`${base}/issues/${a.id}/issue-relation/`)).body;
    expect(again.blocked_by.map((r: { id: string }) => r.id)).toEqual([c.id]);
    expect(again.relates_to.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect(
      (await owner.client.post(`${base}/issues/${a.id}/remove-relation/`, { related_issue: b.id })).status,
    ).toBe(204);
    expect((await owner.client.delete(`${base}/issues/${a.id}/issue-relation/${c.id}/`)).status).toBe(204);
    const none = (await owner.client.get(`${base}/issues/${a.id}/issue-relation/`)).body;
    expect(Object.values(none).flat()).toEqual([]);
    const self = await owner.client.post(`${base}/issues/${a.id}/issue-relation/`, {
      relation_type: 'duplicate',
      issues: [a.id],
    });
    expect(self.status).toBe(400);
    expect(
      (
        await owner.client.post(`${base}/issues/${a.id}/issue-relation/`, {
          relation_type: 'parent',
          issues: [b.id],
        })
      ).status,
    ).toBe(400);
  });

  it('refuses related work items the caller cannot see', async () => {
    const a = await create('A');
    const member = await addMember(t, owner, slug, 15);
    const projectId = base.split('/').pop()!;
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const hiddenBase = `/api/workspaces/${slug}/projects/${(await createProject(owner, slug, { network: 0 })).id}`;
    const hidden = await create('Hidden', hiddenBase);
    const refused = await member.client.post(`${base}/issues/${a.id}/issue-relation/`, {
      relation_type: 'relates_to',
      issues: [hidden.id],
    });
    expect(refused.status).toBe(400);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect((await viewer.client.get(`${base}/issues/${a.id}/issue-relation/`)).status).toBe(200);
    const b = await create('B');
    expect(
      (
        await viewer.client.post(`${base}/issues/${a.id}/issue-relation/`, {
          relation_type: 'relates_to',
          issues: [b.id],
        })
      ).status,
    ).toBe(403);
  });
});
