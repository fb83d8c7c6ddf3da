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
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

const activityPath = (userId: string, s = slug) => `/api/workspaces/${s}/user-activity/${userId}/`;
const exportPath = (userId: string, s = slug) => `${activityPath(userId, s)}export/`;
const issuesOf = (projectId: string) => `/api/workspaces/${slug}/projects/${projectId}/issues/`;

type Row = {
  verb: string;
  field: string | null;
  new_value: string | null;
  issue_detail: { name: string } | null;
};

async function createIssue(who: SignedIn, projectId: string, name: string) {
  const res = await who.client.post(issuesOf(projectId), { name });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; sequence_id: number };
}

async function rename(who: SignedIn, projectId: string, issueId: string, name: string) {
  const res = await who.client.patch(`${issuesOf(projectId)}${issueId}/`, { name });
  expect(res.status, res.text).toBe(200);
}

/** The owner works in the public project WEB and in OPS, a private project only they are in. */
async function seed() {
  const web = await createProject(owner, slug, { identifier: 'WEB' });
  const ops = await createProject(owner, slug, { identifier: 'OPS', network: 0 });
  const member = await addMember(t, owner, slug, 15);
  await addProjectMember(owner, slug, web.id, member.user.id, 15);
  const open = await createIssue(owner, web.id, 'Open');
  await rename(owner, web.id, open.id, 'Open renamed');
  await createIssue(owner, ops.id, 'Secret');
  return { web, ops, member, open };
}

/** A second project the member is in (WEB's items are the owner's). */
async function seed2(member: SignedIn) {
  const project = await createProject(owner, slug, { identifier: 'MEM' });
  await addProjectMember(owner, slug, project.id, member.user.id, 15);
  return project;
}

describe('GET user-activity', () => {
  it("lists the member's actions newest first, only on items the caller can see", async () => {
    const { member } = await seed();
    const res = await member.client.get(activityPath(owner.user.id));
    expect(res.status, res.text).toBe(200);
    const rows = res.body.results as Row[];
    expect(rows.map((r) => [r.verb, r.field, r.issue_detail?.name])).toEqual([
      ['updated', 'name', 'Open renamed'],
      ['created', null, 'Open renamed'],
    ]);
    expect(res.body.total_count).toBe(2);
    expect(res.body.results[0]).toMatchObject({
      actor: owner.user.id,
      actor_detail: { id: owner.user.id, display_name: owner.user.display_name },
      issue_detail: { project__identifier: 'WEB', sequence_id: 1 },
    });
    // A member (not admin) never sees another member's email.
    expect(res.body.results[0].actor_detail.email).toBeUndefined();

    // The owner sees their own work in OPS as well.
    const own = await owner.client.get(activityPath(owner.user.id));
    expect(own.body.results.map((r: Row) => r.issue_detail?.name)).toContain('Secret');
    expect(own.body.total_count).toBe(3);
  });

  it('pages with per_page and cursor, newest first across pages', async () => {
    const web = await createProject(owner, slug, { identifier: 'WEB' });
    const item = await createIssue(owner, web.id, 'v0');
    for (const n of [1, 2, 3, 4]) await rename(owner, web.id, item.id, `v${n}`);
    const first = await owner.client.get(`${activityPath(owner.user.id)}?per_page=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      count: 2,
      total_count: 5,
      next_page_results: true,
      prev_page_results: false,
    });
    expect(first.body.results.map((r: Row) => r.new_value)).toEqual(['v4', 'v3']);
    const second = await owner.client.get(`${activityPath(owner.user.id)}?cursor=${first.body.next_cursor}`);
    expect(second.body.results.map((r: Row) => r.new_value)).toEqual(['v2', 'v1']);
    const last = await owner.client.get(`${activityPath(owner.user.id)}?cursor=${second.body.next_cursor}`);
    expect(last.body.results.map((r: Row) => r.verb)).toEqual(['created']);
    expect(last.body.next_page_results).toBe(false);
    const bad = await owner.client.get(`${activityPath(owner.user.id)}?cursor=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('INVALID_CURSOR');
  });

  it('hides a draft from everyone but its creator', async () => {
    const { web, member } = await seed();
    const draft = await owner.client.post(`/api/workspaces/${slug}/projects/${web.id}/issue-drafts/`, {
      name: 'Draft',
    });
    expect(draft.status, draft.text).toBe(201);
    const theirs = await member.client.get(activityPath(owner.user.id));
    expect(theirs.body.results.map((r: Row) => r.issue_detail?.name)).not.toContain('Draft');
    const own = await owner.client.get(activityPath(owner.user.id));
    expect(own.body.results.map((r: Row) => r.issue_detail?.name)).toContain('Draft');
  });

  it("hides an item still waiting in intake, and keeps a deleted item's history without its link", async () => {
    const { member } = await seed();
    const triaged = await createProject(owner, slug, { identifier: 'TRI', intake_view: true });
    await addProjectMember(owner, slug, triaged.id, member.user.id, 15);
    const submitted = await owner.client.post(
      `/api/workspaces/${slug}/projects/${triaged.id}/intake-issues/`,
      {
        source: 'IN_APP',
        issue: { name: 'Report' },
      },
    );
    expect(submitted.status, submitted.text).toBe(201);
    const gone = await createIssue(owner, triaged.id, 'Gone');
    const removed = await owner.client.delete(`${issuesOf(triaged.id)}${gone.id}/`);
    expect(removed.status, removed.text).toBe(204);

    const res = await member.client.get(activityPath(owner.user.id));
    const rows = res.body.results as (Row & { issue: string })[];
    expect(rows.map((r) => r.issue_detail?.name)).not.toContain('Report');
    // The submission did write activity: the owner's own feed has it.
    const own = await owner.client.get('/api/users/me/activities/');
    expect(own.body.results.map((r: { issue: string }) => r.issue)).toContain(submitted.body.issue.id);
    const ofGone = rows.filter((r) => r.issue === gone.id);
    expect(ofGone.length).toBeGreaterThan(0);
    expect(ofGone.every((r) => r.issue_detail === null)).toBe(true);
  });

  it("gives the actor's email only to a workspace admin or the member themself", async () => {
    const { member } = await seed();
    await createIssue(member, (await seed2(member)).id, 'By member');
    const seen = await owner.client.get(activityPath(member.user.id));
    expect(seen.body.results[0].actor_detail.email).toBe(member.user.email);
    const self = await member.client.get(activityPath(member.user.id));
    expect(self.body.results[0].actor_detail.email).toBe(member.user.email);
  });

  it('shows a guest only what guests see in the project', async () => {
    const { web } = await seed();
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, web.id, guest.user.id, 5);
    const none = await guest.client.get(activityPath(owner.user.id));
    expect(none.status, none.text).toBe(200);
    expect(none.body.results).toEqual([]);
    const opened = await owner.client.patch(`/api/workspaces/${slug}/projects/${web.id}/`, {
      guest_view_all_features: true,
    });
    expect(opened.status, opened.text).toBe(200);
    const all = await guest.client.get(activityPath(owner.user.id));
    expect(all.body.results.map((r: Row) => r.issue_detail?.name)).toEqual(['Open renamed', 'Open renamed']);
  });

  it('is 404 for a non-member, another workspace, or through a workspace the caller is not in', async () => {
    const stranger = await signUp(t);
    const otherOwner = await signUp(t);
    const other = await createWorkspace(otherOwner);
    for (const path of [
      activityPath(stranger.user.id),
      activityPath(otherOwner.user.id),
      activityPath(owner.user.id, other.slug),
      exportPath(stranger.user.id),
    ]) {
      const res = path.endsWith('export/') ? await owner.client.post(path) : await owner.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
  });
});

describe('POST user-activity export', () => {
  it('answers a CSV attachment with one escaped row per visible action', async () => {
    const { web, member } = await seed();
    const tricky = await createIssue(owner, web.id, 'Hello, "world"\nnext');
    await rename(owner, web.id, tricky.id, '=SUM(A1)');
    const res = await member.client.post(exportPath(owner.user.id));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[A-Za-z0-9_-]+-activity\.csv"$/,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('created_at,project,work_item,verb,field,old_value,new_value');
    expect(lines.at(-1)).toBe('');
    // Newest first: the rename of the tricky item, its creation, then WEB-1's two rows; OPS absent.
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[^,]+Z,WEB,WEB-2,updated,name,"Hello, ""world""\nnext",'=SUM\(A1\)$/,
    );
    expect(lines[2]).toMatch(/,WEB,WEB-2,created,,,$/);
    expect(lines.slice(3, 5).map((l) => l.split(',').slice(1, 5).join(','))).toEqual([
      'WEB,WEB-1,updated,name',
      'WEB,WEB-1,created,',
    ]);
    expect(lines).toHaveLength(6);
    expect(res.text).not.toContain('OPS');
  });
});
