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
let states: { id: string; group: string }[];
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug, { identifier: 'WEB' });
  base = `/api/workspaces/${slug}/projects/${project.id}`;
  states = (await owner.client.get(`${base}/states/`)).body;
});
afterEach(() => t.close());

const create = async (body: Record<string, unknown>) =>
  (await owner.client.post(`${base}/issues/`, body)).body;
const stateOf = (group: string) => states.find((s) => s.group === group)!.id;

describe('bulk operations', () => {
  it('updates many work items in one transaction, all or nothing', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const updated = await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { priority: 'urgent', state_id: stateOf('started'), assignee_ids: [owner.user.id] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(
      updated.body.map((r: { priority: string; state__group: string }) => [r.priority, r.state__group]),
    ).toEqual([
      ['urgent', 'started'],
      ['urgent', 'started'],
    ]);
    const missing = await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id, '00000000-0000-4000-8000-000000000000'],
      properties: { priority: 'low' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Issue not found');
    expect((await owner.client.get(`${base}/issues/${a.id}/`)).body.priority).toBe('urgent');
    const badDates = await owner.client.post(`${base}/bulk-operation-issues/`, {
      issue_ids: [a.id],
      properties: { start_date: '2026-06-02', target_date: '2026-06-01' },
    });
    expect(badDates.status).toBe(400);
  });

  it('archives only when every work item is closed, and deletes for admins', async () => {
    const done = await create({ name: 'Done', state_id: stateOf('completed') });
    const open = await create({ name: 'Open' });
    const refused = await owner.client.post(`${base}/bulk-archive-issues/`, {
      issue_ids: [done.id, open.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('ARCHIVE_NOT_ALLOWED');
    expect(Object.keys(refused.body.fields)).toEqual([open.id]);
    expect((await owner.client.get(`${base}/issues/${done.id}/`)).body.archived_at).toBeNull();
    const archived = await owner.client.post(`${base}/bulk-archive-issues/`, { issue_ids: [done.id] });
    expect(archived.body.archived_at).toMatch(/Z$/);

    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    expect(
      (
        await member.client.request('DELETE', `${base}/bulk-delete-issues/`, {
          json: { issue_ids: [open.id] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await owner.client.request('DELETE', `${base}/bulk-delete-issues/`, {
          json: { issue_ids: [open.id] },
        })
      ).status,
    ).toBe(204);
    expect((await owner.client.get(`${base}/issues/${open.id}/`)).status).toBe(404);
  });
});

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

describe('work item keys', () => {
  it('finds a work item by IDENTIFIER-number for project members only', async () => {
    const issue = await create({ name: 'Keyed' });
    const found = await owner.client.get(`/api/workspaces/${slug}/work-items/web-1/`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.id).toBe(issue.id);
    expect((await owner.client.get(`/api/workspaces/${slug}/work-items/WEB-2/`)).body.error).toBe(
      'Issue not found',
    );
    expect((await owner.client.get(`/api/workspaces/${slug}/work-items/nonsense/`)).status).toBe(404);
    const outsider = await addMember(t, owner, slug, 15);
    expect((await outsider.client.get(`/api/workspaces/${slug}/work-items/WEB-1/`)).status).toBe(404);
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

describe('issue dates', () => {
  it('moves gantt bars in one transaction and refuses inverted dates for all', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const moved = await owner.client.post(`${base}/issue-dates/`, {
      updates: [
        { id: a.id, start_date: '2026-06-01', target_date: '2026-06-05' },
        { id: b.id, target_date: '2026-06-10' },
      ],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(
      moved.body.map((r: { start_date: string; target_date: string }) => [r.start_date, r.target_date]),
    ).toEqual([
      ['2026-06-01', '2026-06-05'],
      [null, '2026-06-10'],
    ]);
    const refused = await owner.client.post(`${base}/issue-dates/`, {
      updates: [
        { id: b.id, start_date: '2026-07-01' },
        { id: a.id, start_date: '2026-06-09' },
      ],
    });
    expect(refused.status).toBe(400);
    expect((await owner.client.get(`${base}/issues/${b.id}/`)).body.start_date).toBeNull();
  });
});
