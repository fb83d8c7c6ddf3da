import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import type { HttpResult } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The home dashboard (api.md §11). Every widget's figures are compared with counts worked out here
 * from the same work items, made through the API, for each kind of caller: workspace admin, member,
 * viewer, a project guest (own items only where the project says so) and a workspace guest. Drafts,
 * archived, deleted and intake items, archived projects and other workspaces never count.
 */

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let viewer: SignedIn;
/** A workspace member who is a guest of both projects (P1 keeps guests to their own items; P2 not). */
let pguest: SignedIn;
/** A workspace guest, guest of P1. */
let wguest: SignedIn;
let slug: string;
let otherSlug: string;
const P: Record<'p1' | 'p2' | 'p3', string> = { p1: '', p2: '', p3: '' };

const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const today = dayOf(0);

interface Made {
  id: string;
  project: string;
  creator: string;
  assignees: string[];
  group: string;
  priority: string;
  target: string | null;
}
/** Live work items that may count (drafts, archived, deleted and intake ones are not kept here). */
const made: Made[] = [];

async function ok<T = any>(pending: Promise<HttpResult<T>>, status = 200): Promise<T> {
  const res = await pending;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

const stateIds: Record<string, Record<string, string>> = {};
async function statesOf(projectId: string) {
  if (!stateIds[projectId]) {
    const states = await ok(admin.client.get(`/api/workspaces/${slug}/projects/${projectId}/states/`));
    stateIds[projectId] = Object.fromEntries(
      (states as { id: string; group: string }[]).map((s) => [s.group, s.id]),
    );
  }
  return stateIds[projectId]!;
}

async function issue(
  by: SignedIn,
  project: string,
  spec: { assignees?: SignedIn[]; group?: string; priority?: string; target?: string | null },
  keep = true,
): Promise<string> {
  const group = spec.group ?? 'backlog';
  const states = await statesOf(project);
  const body = await ok(
    by.client.post(`/api/workspaces/${slug}/projects/${project}/issues/`, {
      name: `Item ${randomUUID().slice(0, 6)}`,
      state_id: states[group],
      priority: spec.priority ?? 'none',
      assignee_ids: (spec.assignees ?? []).map((a) => a.user.id),
      target_date: spec.target ?? null,
    }),
    201,
  );
  if (keep) {
    made.push({
      id: body.id,
      project,
      creator: by.user.id,
      assignees: (spec.assignees ?? []).map((a) => a.user.id),
      group,
      priority: spec.priority ?? 'none',
      target: spec.target ?? null,
    });
  }
  return body.id;
}

/** Which projects each caller is in, and where they see only what they made. */
function visibleTo(user: SignedIn): Made[] {
  const id = user.user.id;
  const projects: Record<string, { ownOnly: boolean }> =
    user === admin || user === member
      ? { [P.p1]: { ownOnly: false }, [P.p2]: { ownOnly: false } }
      : user === viewer
        ? { [P.p1]: { ownOnly: false } }
        : user === pguest
          ? { [P.p1]: { ownOnly: true }, [P.p2]: { ownOnly: false } }
          : { [P.p1]: { ownOnly: true } };
  return made.filter((i) => projects[i.project] && (!projects[i.project]!.ownOnly || i.creator === id));
}

const CALLERS = () => ({ admin, member, viewer, pguest, wguest });
const closed = (g: string) => g === 'completed' || g === 'cancelled';
const open = (g: string) => ['backlog', 'unstarted', 'started'].includes(g);

function ofKind(list: Made[], kind: string) {
  return list.filter((i) => {
    if (kind === 'pending') return open(i.group);
    if (kind === 'completed') return i.group === 'completed';
    if (closed(i.group) || !i.target) return false;
    return kind === 'upcoming' ? i.target > today : i.target <= today;
  });
}

const dashboards = new Map<string, { id: string; widgets: { id: string; key: string }[] }>();
async function home(user: SignedIn, workspace = slug) {
  const key = `${user.user.id}:${workspace}`;
  if (!dashboards.has(key)) {
    const body = await ok(user.client.get(`/api/workspaces/${workspace}/dashboard/?dashboard_type=home`));
    dashboards.set(key, { id: body.dashboard.id, widgets: body.widgets });
  }
  return dashboards.get(key)!;
}

async function widget(user: SignedIn, params: string) {
  const { id } = await home(user);
  return ok(user.client.get(`/api/workspaces/${slug}/dashboard/${id}/?${params}`));
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t);
  slug = (await createWorkspace(admin)).slug;
  [member, viewer, pguest, wguest] = await Promise.all([
    addMember(t, admin, slug, 15),
    addMember(t, admin, slug, 10),
    addMember(t, admin, slug, 15),
    addMember(t, admin, slug, 5),
  ]);
  P.p1 = (await createProject(admin, slug)).id;
  P.p2 = (await createProject(admin, slug)).id;
  P.p3 = (await createProject(admin, slug)).id;
  const pguestInP1 = await addProjectMember(admin, slug, P.p1, pguest.user.id, 15);
  const pguestInP2 = await addProjectMember(admin, slug, P.p2, pguest.user.id, 15);
  await Promise.all([
    addProjectMember(admin, slug, P.p1, member.user.id, 15),
    addProjectMember(admin, slug, P.p1, viewer.user.id, 10),
    addProjectMember(admin, slug, P.p1, wguest.user.id, 5),
    addProjectMember(admin, slug, P.p2, member.user.id, 15),
    addProjectMember(admin, slug, P.p3, member.user.id, 15),
  ]);
  await ok(
    admin.client.patch(`/api/workspaces/${slug}/projects/${P.p2}/`, { guest_view_all_features: true }),
  );

  // P1: guests see only their own.
  await issue(admin, P.p1, { assignees: [member], group: 'started', priority: 'high', target: dayOf(-3) });
  await issue(admin, P.p1, {
    assignees: [member, admin],
    group: 'unstarted',
    priority: 'urgent',
    target: dayOf(5),
  });
  await issue(admin, P.p1, { assignees: [member], group: 'completed', priority: 'low' });
  await issue(admin, P.p1, { assignees: [pguest], group: 'backlog', priority: 'medium', target: dayOf(4) });
  await issue(admin, P.p1, { assignees: [admin], group: 'unstarted', priority: 'high', target: dayOf(-1) });
  await issue(member, P.p1, { group: 'backlog', priority: 'medium', target: dayOf(9) });
  await issue(member, P.p1, { assignees: [member], group: 'backlog', priority: 'urgent', target: today });
  // Made by pguest while a project member; then made a guest of P1.
  await issue(pguest, P.p1, { assignees: [pguest], group: 'started', priority: 'high', target: dayOf(-2) });
  await issue(pguest, P.p1, { assignees: [member], group: 'cancelled' });
  await issue(pguest, P.p1, { assignees: [pguest], group: 'completed', priority: 'urgent' });
  await ok(
    admin.client.patch(`/api/workspaces/${slug}/projects/${P.p1}/members/${pguestInP1.id}/`, { role: 5 }),
  );
  // P2: guests see everything.
  await issue(admin, P.p2, {
    assignees: [pguest, member],
    group: 'started',
    priority: 'high',
    target: dayOf(2),
  });
  await issue(admin, P.p2, { assignees: [member], group: 'completed', priority: 'medium' });
  await issue(member, P.p2, { assignees: [pguest], group: 'unstarted', priority: 'low', target: dayOf(-5) });
  await ok(
    admin.client.patch(`/api/workspaces/${slug}/projects/${P.p2}/members/${pguestInP2.id}/`, { role: 5 }),
  );

  // Never counted: a draft, an archived and a deleted item, an intake submission, an archived project.
  const p1 = `/api/workspaces/${slug}/projects/${P.p1}`;
  await ok(member.client.post(`${p1}/issue-drafts/`, { name: 'Draft', assignee_ids: [member.user.id] }), 201);
  const archived = await issue(member, P.p1, { assignees: [member], group: 'completed' }, false);
  await ok(admin.client.post(`${p1}/issues/${archived}/archive/`, {}));
  const deleted = await issue(member, P.p1, { assignees: [member], group: 'started' }, false);
  await ok(admin.client.delete(`${p1}/issues/${deleted}/`), 204);
  await ok(admin.client.patch(`${p1}/`, { intake_view: true }));
  await ok(
    member.client.post(`${p1}/inbox-issues/`, { source: 'IN_APP', issue: { name: 'Waiting in intake' } }),
    201,
  );
  await issue(member, P.p3, { assignees: [member], group: 'started' }, false);
  await ok(admin.client.post(`/api/workspaces/${slug}/projects/${P.p3}/archive/`, {}));

  // Another workspace of the member's own.
  otherSlug = (await createWorkspace(member)).slug;
  const otherProject = (await createProject(member, otherSlug)).id;
  const otherStates = await ok(
    member.client.get(`/api/workspaces/${otherSlug}/projects/${otherProject}/states/`),
  );
  await ok(
    member.client.post(`/api/workspaces/${otherSlug}/projects/${otherProject}/issues/`, {
      name: 'Elsewhere',
      state_id: otherStates.find((s: { group: string }) => s.group === 'started').id,
      assignee_ids: [member.user.id],
      target_date: dayOf(-1),
    }),
    201,
  );
}, 180_000);
afterAll(() => t?.close());

describe('home dashboard', () => {
  it('is made on first use with every widget, once, even under concurrent first calls', async () => {
    const fresh = await addMember(t, admin, slug, 15);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ok(fresh.client.get(`/api/workspaces/${slug}/dashboard/?dashboard_type=home`)),
      ),
    );
    const ids = new Set(answers.map((a) => a.dashboard.id));
    expect(ids.size).toBe(1);
    for (const a of answers) {
      expect(a.widgets.map((w: { key: string }) => w.key)).toEqual([
        'overview_stats',
        'assigned_issues',
        'created_issues',
        'issues_by_state_groups',
        'issues_by_priority',
        'recent_activity',
        'recent_projects',
        'recent_collaborators',
      ]);
    }
    expect(answers[0].dashboard).toMatchObject({ type: 'home', is_default: true, owned_by: fresh.user.id });
    const rows = await t.database.raw<{ n: number }>(
      'select count(*)::int as n from dashboard_widgets w join dashboards d on d.id = w.dashboard_id where d.owned_by = $1',
      [fresh.user.id],
    );
    expect(Number(rows[0]!.n)).toBe(8);
    // Its own: one per workspace.
    const again = await ok(fresh.client.get(`/api/dashboard/${answers[0].dashboard.id}/`));
    expect(again.dashboard.id).toBe(answers[0].dashboard.id);
    expect(again.widgets).toHaveLength(8);

    const other = await ok(member.client.get(`/api/workspaces/${otherSlug}/dashboard/?dashboard_type=home`));
    expect(other.dashboard.id).not.toBe((await home(member)).id);
  });

  it('refuses another dashboard type and an unknown widget', async () => {
    expect(
      (await member.client.get(`/api/workspaces/${slug}/dashboard/?dashboard_type=project`)).status,
    ).toBe(400);
    expect((await member.client.get(`/api/workspaces/${slug}/dashboard/`)).status).toBe(400);
    const { id } = await home(member);
    const res = await member.client.get(`/api/workspaces/${slug}/dashboard/${id}/?widget_key=nope`);
    expect(res.status).toBe(400);
    const bad = await member.client.get(
      `/api/workspaces/${slug}/dashboard/${id}/?widget_key=assigned_issues&target_date=soon`,
    );
    expect(bad.status).toBe(400);
  });

  it('overview stats count what each caller sees', async () => {
    for (const [name, user] of Object.entries(CALLERS())) {
      const seen = visibleTo(user);
      const mine = seen.filter((i) => i.assignees.includes(user.user.id));
      const body = await widget(user, 'widget_key=overview_stats');
      expect(body, name).toEqual({
        assigned_issues_count: mine.length,
        pending_issues_count: mine.filter((i) => !closed(i.group)).length,
        completed_issues_count: mine.filter((i) => i.group === 'completed').length,
        created_issues_count: seen.filter((i) => i.creator === user.user.id).length,
      });
    }
    // The default widget is the overview.
    const { id } = await home(member);
    const plain = await ok(member.client.get(`/api/workspaces/${slug}/dashboard/${id}/`));
    expect(plain.assigned_issues_count).toBeGreaterThan(0);
  });

  it('assigned and created lists per tab match, up to five, with their count', async () => {
    for (const [name, user] of Object.entries(CALLERS())) {
      const seen = visibleTo(user);
      for (const relation of ['assigned', 'created'] as const) {
        const mine = seen.filter((i) =>
          relation === 'assigned' ? i.assignees.includes(user.user.id) : i.creator === user.user.id,
        );
        for (const kind of ['pending', 'upcoming', 'overdue', 'completed']) {
          const expected = ofKind(mine, kind);
          const body = await widget(user, `widget_key=${relation}_issues&issue_type=${kind}`);
          const label = `${name} ${relation} ${kind}`;
          expect(body.count, label).toBe(expected.length);
          expect(body.issues.length, label).toBe(Math.min(5, expected.length));
          const ids = expected.map((i) => i.id);
          for (const row of body.issues) {
            expect(ids, label).toContain(row.id);
            expect(row.project__identifier, label).toMatch(/^P/);
            expect(row.is_draft).toBe(false);
          }
        }
      }
    }
  });

  it('applies the duration filter (target_date terms) to the lists', async () => {
    const seen = visibleTo(member).filter((i) => i.assignees.includes(member.user.id));
    const from = dayOf(1);
    const to = dayOf(3);
    const expected = ofKind(seen, 'upcoming').filter((i) => i.target! >= from && i.target! <= to);
    const body = await widget(
      member,
      `widget_key=assigned_issues&issue_type=upcoming&target_date=${from};after,${to};before`,
    );
    expect(body.count).toBe(expected.length);
    expect(body.issues.map((i: { id: string }) => i.id).sort()).toEqual(expected.map((i) => i.id).sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('counts assigned work by state group and by priority', async () => {
    for (const [name, user] of Object.entries(CALLERS())) {
      const mine = visibleTo(user).filter((i) => i.assignees.includes(user.user.id));
      const groups = await widget(user, 'widget_key=issues_by_state_groups');
      expect(groups, name).toEqual(
        ['backlog', 'unstarted', 'started', 'completed', 'cancelled'].map((state) => ({
          state,
          count: mine.filter((i) => i.group === state).length,
        })),
      );
      const priorities = await widget(user, 'widget_key=issues_by_priority');
      expect(priorities, name).toEqual(
        ['urgent', 'high', 'medium', 'low', 'none'].map((priority) => ({
          priority,
          count: mine.filter((i) => i.priority === priority && !closed(i.group)).length,
        })),
      );
    }
  });

  it('lists recent activity, projects and collaborators within what the caller sees', async () => {
    const member$ = await widget(member, 'widget_key=recent_activity');
    expect(member$.length).toBeGreaterThan(0);
    expect(member$.length).toBeLessThanOrEqual(8);
    const memberIssues = new Set(visibleTo(member).map((i) => i.id));
    for (const a of member$) {
      expect(a.actor).toBe(member.user.id);
      expect(a.actor_detail.id).toBe(member.user.id);
      expect([P.p1, P.p2]).toContain(a.project);
      if (a.issue) expect(memberIssues.has(a.issue)).toBe(true);
    }
    expect(await widget(wguest, 'widget_key=recent_activity')).toEqual([]);

    const projects = await widget(member, 'widget_key=recent_projects');
    expect([...projects].sort()).toEqual([P.p1, P.p2].sort());
    expect(await widget(viewer, 'widget_key=recent_projects')).toEqual([P.p1]);

    for (const [name, user] of Object.entries(CALLERS())) {
      const seen = visibleTo(user);
      // Everyone shares P1 with everyone.
      const inMyProjects = [admin, member, viewer, pguest, wguest].filter((p) => p !== user);
      const expected = inMyProjects
        .map((p) => ({
          user_id: p.user.id,
          active_issue_count: seen.filter((i) => i.assignees.includes(p.user.id) && open(i.group)).length,
        }))
        .sort((a, b) => b.active_issue_count - a.active_issue_count);
      const body: { user_id: string; active_issue_count: number }[] = await widget(
        user,
        'widget_key=recent_collaborators',
      );
      const byId = Object.fromEntries(body.map((c) => [c.user_id, c.active_issue_count]));
      expect(byId, name).toEqual(Object.fromEntries(expected.map((c) => [c.user_id, c.active_issue_count])));
      const counts = body.map((c) => c.active_issue_count);
      expect(counts, name).toEqual([...counts].sort((a, b) => b - a));
    }
    const paged = await widget(member, 'widget_key=recent_collaborators&cursor=2:0:0');
    expect(paged).toMatchObject({ count: 2, total_results: 4, next_page_results: true });
  });

  it('answers Dashboard not found and Widget not found', async () => {
    const mine = await home(member);
    const theirs = await home(viewer);
    const notFound = { error: 'Dashboard not found', error_code: 'NOT_FOUND' };
    for (const path of [
      `/api/workspaces/${slug}/dashboard/${randomUUID()}/?widget_key=overview_stats`,
      `/api/workspaces/${slug}/dashboard/${theirs.id}/?widget_key=overview_stats`,
      `/api/workspaces/${otherSlug}/dashboard/${mine.id}/?widget_key=overview_stats`,
      `/api/dashboard/${randomUUID()}/`,
      `/api/dashboard/${theirs.id}/`,
    ]) {
      const res = await member.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(notFound);
    }
    const patchTheirs = await member.client.patch(
      `/api/dashboard/${theirs.id}/widgets/${theirs.widgets[0]!.id}/`,
      {
        is_visible: false,
      },
    );
    expect(patchTheirs.status).toBe(404);
    expect(patchTheirs.body).toEqual(notFound);
    for (const widgetId of [randomUUID(), theirs.widgets[0]!.id]) {
      const res = await member.client.patch(`/api/dashboard/${mine.id}/widgets/${widgetId}/`, {
        is_visible: false,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Widget not found', error_code: 'NOT_FOUND' });
    }
  });

  it('a widget change persists: visibility, order and filters (which replace the old ones)', async () => {
    const { id, widgets } = await home(viewer);
    const assigned = widgets.find((w) => w.key === 'assigned_issues')!;
    const updated = await ok(
      viewer.client.patch(`/api/dashboard/${id}/widgets/${assigned.id}/`, {
        is_visible: false,
        sort_order: 12,
        filters: { duration: 'custom', custom_dates: ['2026-01-01', '2026-01-31'], tab: 'overdue' },
      }),
    );
    expect(updated).toEqual({
      id: assigned.id,
      key: 'assigned_issues',
      is_visible: false,
      sort_order: 12,
      widget_filters: { duration: 'custom', custom_dates: ['2026-01-01', '2026-01-31'], tab: 'overdue' },
    });
    await ok(
      viewer.client.patch(`/api/dashboard/${id}/widgets/${assigned.id}/`, { filters: { tab: 'completed' } }),
    );
    const read = await ok(viewer.client.get(`/api/workspaces/${slug}/dashboard/?dashboard_type=home`));
    const after = read.widgets.find((w: { id: string }) => w.id === assigned.id);
    expect(after).toMatchObject({ is_visible: false, sort_order: 12, widget_filters: { tab: 'completed' } });
    expect(read.widgets[0].key).toBe('assigned_issues');
    const byId = await ok(viewer.client.get(`/api/dashboard/${id}/`));
    expect(byId.widgets.find((w: { id: string }) => w.id === assigned.id).is_visible).toBe(false);

    const invalid = await viewer.client.patch(`/api/dashboard/${id}/widgets/${assigned.id}/`, {
      filters: { duration: 'forever' },
    });
    expect(invalid.status).toBe(400);
  });
});
