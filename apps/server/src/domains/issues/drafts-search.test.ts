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
let project: { id: string; identifier: string };
let base: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug, { identifier: 'WEB' });
  base = `/api/workspaces/${slug}/projects/${project.id}`;
});
afterEach(() => t.close());

const create = async (body: Record<string, unknown>) =>
  (await owner.client.post(`${base}/issues/`, body)).body;

describe('drafts', () => {
  it('keeps drafts to their creator until published', async () => {
    const draft = await owner.client.post(`${base}/issue-drafts/`, { name: 'Idea' });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.body.is_draft).toBe(true);
    const me = await owner.client.get(`/api/workspaces/${slug}/workspace-members/me/`);
    expect(me.body.draft_issue_count).toBe(1);
    expect((await owner.client.get(`${base}/issues/`)).body.total_count).toBe(0);
    expect((await owner.client.get(`${base}/issues/${draft.body.id}/`)).status).toBe(404);
    expect(
      (await owner.client.get(`${base}/issue-drafts/`)).body.results.map((r: { id: string }) => r.id),
    ).toEqual([draft.body.id]);
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    expect((await member.client.get(`${base}/issue-drafts/`)).body.total_count).toBe(0);
    expect((await member.client.get(`${base}/issue-drafts/${draft.body.id}/`)).status).toBe(404);
    const published = await owner.client.patch(`${base}/issue-drafts/${draft.body.id}/`, { is_draft: false });
    expect(published.body.is_draft).toBe(false);
    expect((await owner.client.get(`${base}/issue-drafts/`)).body.total_count).toBe(0);
    expect((await member.client.get(`${base}/issues/${draft.body.id}/`)).status).toBe(200);
    expect(
      (await owner.client.get(`/api/workspaces/${slug}/workspace-members/me/`)).body.draft_issue_count,
    ).toBe(0);
  });
});

describe('search', () => {
  it('finds by name, key and number, and leaves out the item, its parent chain and related ones', async () => {
    const parent = await create({ name: 'Login page' });
    const child = await create({ name: 'Login button', parent_id: parent.id });
    const other = await create({ name: 'Signup form' });
    const search = (q: string) => owner.client.get(`${base}/search-issues/?${q}`);
    const byName = await search('search=login');
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.map((r: { name: string }) => r.name).sort()).toEqual(['Login button', 'Login page']);
    expect(byName.body[0]).toMatchObject({
      project__identifier: 'WEB',
      workspace__slug: slug,
      state__group: 'backlog',
    });
    expect((await search('search=web-3')).body.map((r: { id: string }) => r.id)).toEqual([other.id]);
    expect((await search('search=2')).body.map((r: { id: string }) => r.id)).toContain(child.id);
    const forParent = await search(`search=login&issue_id=${parent.id}&parent=true`);
    expect(forParent.body).toEqual([]);
    const forSubIssues = await search(`search=login&issue_id=${parent.id}&sub_issue=true`);
    expect(forSubIssues.body).toEqual([]);
    await owner.client.post(`${base}/issues/${other.id}/issue-relation/`, {
      relation_type: 'relates_to',
      issues: [parent.id],
    });
    const forRelations = await search(`issue_id=${parent.id}&issue_relation=true`);
    expect(forRelations.body.map((r: { id: string }) => r.id)).toEqual([child.id]);
    const elsewhere = await createProject(owner, slug, { identifier: 'API' });
    await owner.client.post(`/api/workspaces/${slug}/projects/${elsewhere.id}/issues/`, {
      name: 'Login API',
    });
    expect((await search('search=login')).body).toHaveLength(2);
    expect((await search('search=login&workspace_search=true')).body).toHaveLength(3);
    // Short terms (no trigram to use) match the same way.
    expect((await search('search=Lo')).body.map((r: { name: string }) => r.name).sort()).toEqual([
      'Login button',
      'Login page',
    ]);
    expect((await search('search=1')).body.map((r: { id: string }) => r.id)).toContain(parent.id);
  });

  it('never finds another workspace’s work items', async () => {
    await create({ name: 'Login page' });
    const stranger = await signUp(t);
    const theirs = await createWorkspace(stranger);
    const theirProject = await createProject(stranger, theirs.slug, { identifier: 'WEB' });
    await stranger.client.post(`/api/workspaces/${theirs.slug}/projects/${theirProject.id}/issues/`, {
      name: 'Login secrets',
    });
    for (const q of ['search=login', 'search=login&workspace_search=true', 'search=web-1', 'search=1']) {
      const names = (await owner.client.get(`${base}/search-issues/?${q}`)).body.map(
        (r: { name: string }) => r.name,
      );
      expect(names, q).not.toContain('Login secrets');
    }
  });
});
