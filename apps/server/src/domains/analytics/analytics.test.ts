import { randomUUID } from 'node:crypto';
import { ANALYTICS_AXES, type AnalyticsAxis } from '@kite/shared/contracts';
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
 * Workspace and project analytics. Every chart (each x-axis, each segment, both measures) is
 * compared with figures worked out here from the same work items, made through the API, for each
 * kind of caller: workspace admin, member, viewer, a project guest (own items only where the
 * project says so) and a workspace guest. Drafts, archived, deleted and intake items, archived
 * projects and other workspaces never count.
 */

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let viewer: SignedIn;
let pguest: SignedIn;
let wguest: SignedIn;
let slug: string;
let otherSlug: string;
const P: Record<'p1' | 'p2' | 'p3', string> = { p1: '', p2: '', p3: '' };

interface Made {
  id: string;
  project: string;
  creator: string;
  state: string;
  group: string;
  priority: string;
  labels: string[];
  assignees: string[];
  cycle: string | null;
  modules: string[];
  points: number;
  created_at: string;
  completed_at: string | null;
}
const made: Made[] = [];

async function ok<T = any>(pending: Promise<HttpResult<T>>, status = 200): Promise<T> {
  const res = await pending;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

const stateIds: Record<string, Record<string, string>> = {};
const pointIds: Record<string, { id: string; value: number }[]> = {};
const labelIds: Record<string, string[]> = {};
const cycleIds: Record<string, string> = {};
const moduleIds: Record<string, string[]> = {};

async function issue(
  by: SignedIn,
  project: string,
  spec: {
    assignees?: SignedIn[];
    group?: string;
    priority?: string;
    labels?: number[];
    cycle?: boolean;
    modules?: number[];
    point?: number;
  },
  keep = true,
): Promise<string> {
  const group = spec.group ?? 'backlog';
  const point = spec.point === undefined ? undefined : pointIds[project]![spec.point]!;
  const labels = (spec.labels ?? []).map((i) => labelIds[project]![i]!);
  const modules = (spec.modules ?? []).map((i) => moduleIds[project]![i]!);
  const body = await ok(
    by.client.post(`/api/workspaces/${slug}/projects/${project}/issues/`, {
      name: `Item ${randomUUID().slice(0, 6)}`,
      state_id: stateIds[project]![group],
      priority: spec.priority ?? 'none',
      assignee_ids: (spec.assignees ?? []).map((a) => a.user.id),
      label_ids: labels,
      module_ids: modules,
      cycle_id: spec.cycle ? cycleIds[project] : null,
      estimate_point: point?.id ?? null,
    }),
    201,
  );
  if (keep) {
    made.push({
      id: body.id,
      project,
      creator: by.user.id,
      state: stateIds[project]![group]!,
      group,
      priority: spec.priority ?? 'none',
      labels,
      assignees: (spec.assignees ?? []).map((a) => a.user.id),
      cycle: spec.cycle ? cycleIds[project]! : null,
      modules,
      points: point?.value ?? 0,
      created_at: body.created_at,
      completed_at: body.completed_at ?? null,
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

const monday = (iso: string) => {
  const d = new Date(iso);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back))
    .toISOString()
    .slice(0, 10);
};

/** The keys of an item on an axis, worked out here ([null]: it has none). */
function keysOf(item: Made, axis: AnalyticsAxis): (string | null)[] {
  const many = (list: string[]) => (list.length === 0 ? [null] : list);
  switch (axis) {
    case 'state_id':
      return [item.state];
    case 'state__group':
      return [item.group];
    case 'priority':
      return [item.priority];
    case 'labels__id':
      return many(item.labels);
    case 'assignees__id':
      return many(item.assignees);
    case 'issue_cycle__cycle_id':
      return [item.cycle];
    case 'issue_module__module_id':
      return many(item.modules);
    case 'project_id':
      return [item.project];
    case 'created_at__week':
      return [monday(item.created_at)];
    case 'created_at__month':
      return [item.created_at.slice(0, 7)];
    case 'completed_at__week':
      return [item.completed_at ? monday(item.completed_at) : null];
    case 'completed_at__month':
      return [item.completed_at ? item.completed_at.slice(0, 7) : null];
  }
}

function expected(items: Made[], x: AnalyticsAxis, segment: AnalyticsAxis | null, byPoints: boolean) {
  const figures = new Map<string, number>();
  for (const item of items) {
    for (const xk of keysOf(item, x)) {
      for (const sk of segment ? keysOf(item, segment) : [null]) {
        const key = `${xk}|${sk}`;
        figures.set(key, (figures.get(key) ?? 0) + (byPoints ? item.points : 1));
      }
    }
  }
  return Object.fromEntries([...figures].sort(([a], [b]) => a.localeCompare(b)));
}

function served(body: {
  distribution: Record<string, { dimension: string | null; segment: string | null; value: number }[]>;
}) {
  const figures: [string, number][] = [];
  for (const [key, entries] of Object.entries(body.distribution)) {
    for (const e of entries) {
      expect(key).toBe(e.dimension ?? 'None');
      figures.push([`${e.dimension}|${e.segment}`, e.value]);
    }
  }
  return Object.fromEntries(figures.sort(([a], [b]) => a.localeCompare(b)));
}

const chart = (user: SignedIn, params: string, workspace = slug) =>
  user.client.get(`/api/workspaces/${workspace}/analytics/?${params}`);

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
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const project of [P.p1, P.p2, P.p3]) {
    const base = `/api/workspaces/${slug}/projects/${project}`;
    const states = await ok(admin.client.get(`${base}/states/`));
    stateIds[project] = Object.fromEntries(
      (states as { id: string; group: string }[]).map((s) => [s.group, s.id]),
    );
    const estimate = await ok(
      admin.client.post(`${base}/estimates/`, {
        estimate: { name: 'Points', type: 'points' },
        estimate_points: ['1', '2', '5'].map((value, key) => ({ key, value })),
      }),
      201,
    );
    await ok(admin.client.patch(`${base}/`, { estimate: estimate.id }));
    pointIds[project] = estimate.points.map((p: { id: string; value: string }) => ({
      id: p.id,
      value: Number(p.value),
    }));
    labelIds[project] = [];
    for (const name of ['Bug', 'Feature']) {
      labelIds[project]!.push((await ok(admin.client.post(`${base}/issue-labels/`, { name }), 201)).id);
    }
    cycleIds[project] = (
      await ok(
        admin.client.post(`${base}/cycles/`, { name: 'Sprint', start_date: inDays(-3), end_date: inDays(7) }),
        201,
      )
    ).id;
    moduleIds[project] = [];
    for (const name of ['Alpha', 'Beta']) {
      moduleIds[project]!.push((await ok(admin.client.post(`${base}/modules/`, { name }), 201)).id);
    }
  }
  expect(today).toBeTruthy();

  // P1: guests see only their own.
  await issue(admin, P.p1, {
    assignees: [member],
    group: 'started',
    priority: 'high',
    labels: [0],
    cycle: true,
    point: 1,
  });
  await issue(admin, P.p1, {
    assignees: [member, admin],
    group: 'unstarted',
    priority: 'urgent',
    labels: [0, 1],
    modules: [0, 1],
    point: 2,
  });
  await issue(admin, P.p1, {
    assignees: [member],
    group: 'completed',
    priority: 'low',
    cycle: true,
    point: 0,
  });
  await issue(admin, P.p1, { assignees: [pguest], group: 'backlog', priority: 'medium', modules: [0] });
  await issue(member, P.p1, { group: 'backlog', priority: 'medium', labels: [1], point: 2 });
  // Made by pguest while a project member; then made a guest of P1.
  await issue(pguest, P.p1, {
    assignees: [pguest],
    group: 'started',
    priority: 'high',
    labels: [1],
    point: 1,
  });
  await issue(pguest, P.p1, { assignees: [member], group: 'cancelled', cycle: true });
  await issue(pguest, P.p1, { assignees: [pguest], group: 'completed', priority: 'urgent', modules: [1] });
  await ok(
    admin.client.patch(`/api/workspaces/${slug}/projects/${P.p1}/members/${pguestInP1.id}/`, { role: 5 }),
  );
  // P2: guests see everything.
  await issue(admin, P.p2, {
    assignees: [pguest, member],
    group: 'started',
    priority: 'high',
    labels: [0],
    cycle: true,
    point: 2,
  });
  await issue(admin, P.p2, {
    assignees: [member],
    group: 'completed',
    priority: 'medium',
    modules: [0],
    point: 1,
  });
  await issue(member, P.p2, { assignees: [pguest], group: 'unstarted', priority: 'low', labels: [0, 1] });
  await ok(
    admin.client.patch(`/api/workspaces/${slug}/projects/${P.p2}/members/${pguestInP2.id}/`, { role: 5 }),
  );
  // Some items created in earlier weeks and months.
  const past = made.slice(0, 3);
  for (const [n, item] of past.entries()) {
    const at = new Date(Date.now() - (n + 1) * 17 * 86_400_000).toISOString();
    await t.database.raw('update issues set created_at = $1 where id = $2', [at, item.id]);
    item.created_at = at;
  }

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
  await ok(
    member.client.post(`/api/workspaces/${otherSlug}/projects/${otherProject}/issues/`, {
      name: 'Elsewhere',
    }),
    201,
  );
}, 240_000);
afterAll(() => t?.close());

describe('workspace analytics chart', () => {
  it('counts, per x-axis, what each caller may see', async () => {
    for (const [name, user] of Object.entries(CALLERS())) {
      const items = visibleTo(user);
      for (const x of ANALYTICS_AXES) {
        const body = await ok(chart(user, `x_axis=${x}&y_axis=issue_count`));
        expect(served(body), `${name} ${x}`).toEqual(expected(items, x, null, false));
        expect(body.total, `${name} ${x}`).toBe(items.length);
        expect(body).toMatchObject({ x_axis: x, y_axis: 'issue_count', segment: null });
        // Every key is named, "None" last.
        expect(body.extras.x_axis.map((k: { key: string | null }) => k.key ?? 'None').sort()).toEqual(
          Object.keys(body.distribution).sort(),
        );
        if (Object.hasOwn(body.distribution, 'None')) expect(body.extras.x_axis.at(-1).name).toBe('None');
      }
    }
  });

  it('splits each x-axis by each segment, in counts and in estimate points', async () => {
    const items = visibleTo(admin);
    for (const x of ANALYTICS_AXES) {
      for (const segment of ANALYTICS_AXES) {
        if (segment === x) continue;
        const body = await ok(chart(admin, `x_axis=${x}&segment=${segment}`));
        expect(served(body), `${x} × ${segment}`).toEqual(expected(items, x, segment, false));
      }
      const by: AnalyticsAxis = x === 'priority' ? 'state__group' : 'priority';
      const points = await ok(chart(admin, `x_axis=${x}&segment=${by}&y_axis=estimate`));
      expect(served(points), `${x} points`).toEqual(expected(items, x, by, true));
      expect(points.total).toBe(items.reduce((sum, i) => sum + i.points, 0));
    }
  }, 120_000);

  it("shows a guest's segmented figures over their own items only", async () => {
    for (const user of [pguest, wguest]) {
      const body = await ok(chart(user, 'x_axis=labels__id&segment=assignees__id&y_axis=estimate'));
      expect(served(body)).toEqual(expected(visibleTo(user), 'labels__id', 'assignees__id', true));
    }
    // The workspace guest sees only what they created in P1: nothing.
    expect((await ok(chart(wguest, 'x_axis=state_id'))).total).toBe(0);
  });

  it('names and orders keys: state groups in their order, states, labels and projects by name', async () => {
    const groups = await ok(chart(admin, 'x_axis=state__group'));
    expect(groups.extras.x_axis.map((k: { key: string }) => k.key)).toEqual([
      'backlog',
      'unstarted',
      'started',
      'completed',
      'cancelled',
    ]);
    expect(groups.extras.x_axis[0]).toMatchObject({ name: 'Backlog' });
    const labels = await ok(chart(admin, 'x_axis=labels__id&segment=priority'));
    expect(labels.extras.x_axis.map((k: { name: string }) => k.name)).toEqual([
      'Bug',
      'Bug',
      'Feature',
      'Feature',
      'None',
    ]);
    expect(labels.extras.segment.map((k: { key: string }) => k.key)).toEqual([
      'urgent',
      'high',
      'medium',
      'low',
      'none',
    ]);
    const members = await ok(chart(admin, 'x_axis=assignees__id'));
    expect(members.extras.x_axis.map((k: { key: string | null }) => k.key)).toContain(member.user.id);
  });

  it('filters by project, cycle and module', async () => {
    const items = visibleTo(admin);
    const p2 = await ok(chart(admin, `x_axis=priority&project=${P.p2}`));
    expect(served(p2)).toEqual(
      expected(
        items.filter((i) => i.project === P.p2),
        'priority',
        null,
        false,
      ),
    );
    const cycles = `${cycleIds[P.p1]},${cycleIds[P.p2]}`;
    const inCycle = await ok(chart(admin, `x_axis=state__group&cycle=${cycles}`));
    expect(served(inCycle)).toEqual(
      expected(
        items.filter((i) => i.cycle),
        'state__group',
        null,
        false,
      ),
    );
    const alpha = moduleIds[P.p1]![0]!;
    const inModule = await ok(chart(admin, `x_axis=assignees__id&module=${alpha}`));
    expect(served(inModule)).toEqual(
      expected(
        items.filter((i) => i.modules.includes(alpha)),
        'assignees__id',
        null,
        false,
      ),
    );
    // Accepts the cycle and module axes by their short names too.
    const short = await ok(chart(admin, 'x_axis=cycle_id&segment=module_id'));
    expect(short).toMatchObject({ x_axis: 'issue_cycle__cycle_id', segment: 'issue_module__module_id' });
  });

  it('refuses an unknown axis or measure, a segment equal to the x-axis, and a bad filter', async () => {
    for (const params of [
      'x_axis=colour',
      '',
      'x_axis=priority&y_axis=weight',
      'x_axis=priority&segment=nope',
    ]) {
      const res = await chart(admin, params);
      expect(res.status, params).toBe(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
    }
    const same = await chart(admin, 'x_axis=priority&segment=priority');
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { segment: expect.any(String) },
    });
    expect((await chart(admin, 'x_axis=priority&project=not-an-id')).status).toBe(400);
  });

  it('is not found outside the workspace, and needs a session', async () => {
    expect((await chart(viewer, 'x_axis=priority', otherSlug)).status).toBe(404);
    expect((await chart(admin, 'x_axis=priority', otherSlug)).status).toBe(404);
    expect((await chart(member, 'x_axis=priority', otherSlug)).body.total).toBe(1);
    const anonymous = await fetch(`${t.baseUrl}/api/workspaces/${slug}/analytics/?x_axis=priority`);
    expect(anonymous.status).toBe(401);
  });
});

describe('analytics contract', () => {
  it('is documented in the OpenAPI description', async () => {
    const doc = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(doc.status).toBe(200);
    const paths = Object.keys(((await doc.json()) as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/workspaces/{slug}/analytics/',
        '/api/workspaces/{slug}/analytics/overview/',
        '/api/workspaces/{slug}/projects/{project_id}/analytics/',
      ]),
    );
  });
});

describe('project analytics chart', () => {
  it('is the workspace chart limited to the project, for each caller in it', async () => {
    for (const user of [admin, member, viewer, pguest, wguest]) {
      const body = await ok(
        user.client.get(
          `/api/workspaces/${slug}/projects/${P.p1}/analytics/?x_axis=state_id&segment=labels__id`,
        ),
      );
      const items = visibleTo(user).filter((i) => i.project === P.p1);
      expect(served(body)).toEqual(expected(items, 'state_id', 'labels__id', false));
    }
    // The viewer is not in P2.
    expect(
      (await viewer.client.get(`/api/workspaces/${slug}/projects/${P.p2}/analytics/?x_axis=priority`)).status,
    ).toBe(404);
  });
});

describe('analytics overview', () => {
  it('gives each project its created and completed items per week, and its running cycle', async () => {
    const body = await ok(admin.client.get(`/api/workspaces/${slug}/analytics/overview/?weeks=8`));
    expect(body.weeks).toHaveLength(8);
    expect(body.weeks.at(-1)).toBe(monday(new Date().toISOString()));
    const items = visibleTo(admin);
    expect(body.projects.map((p: { project_id: string }) => p.project_id).sort()).toEqual(
      [P.p1, P.p2].sort(),
    );
    for (const project of body.projects) {
      const mine = items.filter((i) => i.project === project.project_id);
      expect(project.created).toEqual(
        body.weeks.map((w: string) => mine.filter((i) => monday(i.created_at) === w).length),
      );
      expect(project.completed).toEqual(
        body.weeks.map(
          (w: string) => mine.filter((i) => i.completed_at && monday(i.completed_at) === w).length,
        ),
      );
      expect(project.current_cycle).toMatchObject({ id: cycleIds[project.project_id], name: 'Sprint' });
      const today = Object.keys(project.current_cycle.scope_chart).sort().at(-1);
      expect(project.current_cycle.scope_chart[today!]).toBe(mine.filter((i) => i.cycle).length);
      expect(project.current_cycle.completion_chart[today!]).toBe(
        mine.filter((i) => i.cycle && !['completed', 'cancelled'].includes(i.group)).length,
      );
    }
  });

  it("keeps a guest's trend to what they see, without the whole cycle's burn where they see only their own", async () => {
    const body = await ok(pguest.client.get(`/api/workspaces/${slug}/analytics/overview/?weeks=12`));
    const p1 = body.projects.find((p: { project_id: string }) => p.project_id === P.p1);
    const p2 = body.projects.find((p: { project_id: string }) => p.project_id === P.p2);
    const seen = visibleTo(pguest);
    expect(p1.created.reduce((a: number, b: number) => a + b, 0)).toBe(
      seen.filter((i) => i.project === P.p1).length,
    );
    expect(p1.current_cycle).toBeNull();
    expect(p2.current_cycle).not.toBeNull();
    const project = await ok(
      pguest.client.get(`/api/workspaces/${slug}/projects/${P.p2}/analytics/overview/`),
    );
    expect(project.projects.map((p: { project_id: string }) => p.project_id)).toEqual([P.p2]);
    expect((await pguest.client.get(`/api/workspaces/${otherSlug}/analytics/overview/`)).status).toBe(404);
  });
});
