import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A saved view's items are the issue list's: random filters stored in a view answer exactly what
 * `{p}/issues/` (and, for a workspace view, `{ws}/issues/`) answers for the same filters as legacy
 * params, with the same display params — every key of the envelope, every row in order.
 */

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'];
const STATE_GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'];
const DATE_TERMS = [
  '2026-03-10;after',
  '2026-03-20;before',
  '2026-03-15',
  '1_weeks;after;fromnow',
  '2_months;before;ago',
  '1_months;after;ago',
];
const ORDERS = [
  'sort_order',
  '-created_at',
  'created_at',
  '-priority',
  'priority',
  'target_date',
  '-updated_at',
  'state',
  'label',
];

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let ws: string;
let pbase: string;
let pool: {
  states: string[];
  labels: string[];
  users: string[];
  cycles: string[];
  modules: string[];
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  ws = `/api/workspaces/${slug}`;
  member = await addMember(t, owner, slug, 15);
  const project = await createProject(owner, slug);
  pbase = `${ws}/projects/${project.id}`;
  await addProjectMember(owner, slug, project.id, member.user.id, 15);
  const ok = async (pending: Promise<{ status: number; body: any; text: string }>) => {
    const res = await pending;
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };

  const states = (await ok(owner.client.get(`${pbase}/states/`))) as { id: string }[];
  const labels: string[] = [];
  for (const name of ['bug', 'ui', 'api', 'gone']) {
    labels.push((await ok(owner.client.post(`${pbase}/issue-labels/`, { name }))).id);
  }
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const cycle = await ok(
    owner.client.post(`${pbase}/cycles/`, { name: 'Now', start_date: day(-3), end_date: day(3) }),
  );
  const module = await ok(owner.client.post(`${pbase}/modules/`, { name: 'Theme' }));
  const users = [owner.user.id, member.user.id];

  // Deterministic variety: every property takes several values, some items are sub-issues.
  const made: string[] = [];
  for (let n = 0; n < 30; n++) {
    const body: Record<string, unknown> = {
      name: `Item ${n}`,
      state_id: states[n % states.length]!.id,
      priority: PRIORITIES[(n * 3) % PRIORITIES.length],
      label_ids: labels.filter((_, i) => (n >> i) % 2 === 1),
      assignee_ids: users.filter((_, i) => (n + i) % 3 === 0),
      start_date: n % 4 === 0 ? null : `2026-03-${String(5 + (n % 20)).padStart(2, '0')}`,
      target_date: n % 5 === 0 ? null : day((n % 11) - 5),
      cycle_id: n % 3 === 0 ? cycle.id : null,
      module_ids: n % 4 === 1 ? [module.id] : [],
      parent_id: n % 6 === 5 ? made[n - 1] : null,
    };
    const client = n % 2 === 0 ? owner.client : member.client;
    made.push((await ok(client.post(`${pbase}/issues/`, body))).id);
  }
  // Filters may name objects that are gone: a deleted label (items lose it) and a deleted state.
  await ok(owner.client.delete(`${pbase}/issue-labels/${labels[3]}/`));
  const limbo = await ok(
    owner.client.post(`${pbase}/states/`, { name: 'Limbo', color: '#101010', group: 'started' }),
  );
  await ok(owner.client.delete(`${pbase}/states/${limbo.id}/`));
  // A second project, so workspace lists span more than the filters' project.
  const second = await createProject(owner, slug);
  for (const priority of PRIORITIES) {
    await ok(
      owner.client.post(`${ws}/projects/${second.id}/issues/`, { name: `Elsewhere ${priority}`, priority }),
    );
  }
  pool = {
    states: [...states.map((s) => s.id), limbo.id],
    labels: [...labels, 'None'],
    users: [...users, 'None'],
    cycles: [cycle.id, 'None'],
    modules: [module.id, 'None'],
  };
}, 120_000);
afterAll(() => t?.close());

/** A filter key is set one time in four, so most runs combine a couple of filters and still match items. */
const some = (values: string[]) =>
  fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.subarray(values, { minLength: 1 }), weight: 1 },
  );

const filtersArb = () =>
  fc.record({
    priority: some(PRIORITIES),
    state: some(pool.states),
    state_group: some(STATE_GROUPS),
    labels: some(pool.labels),
    assignees: some(pool.users),
    created_by: some(pool.users.filter((u) => u !== 'None')),
    subscriber: some(pool.users.filter((u) => u !== 'None')),
    cycle: some(pool.cycles),
    module: some(pool.modules),
    start_date: some(DATE_TERMS),
    target_date: some(DATE_TERMS),
  });

const displayArb = fc.record({
  order_by: fc.constantFrom(...ORDERS),
  type: fc.constantFrom(null, 'active', 'backlog'),
  sub_issue: fc.boolean(),
});

/** The request's own §5.2 params: none (the view's display applies), or an order and maybe a grouping. */
const requestArb = fc.option(
  fc.record({
    order_by: fc.constantFrom(...ORDERS),
    group_by: fc.option(fc.constantFrom('priority', 'state_id', 'labels__id', 'assignees__id', 'cycle_id'), {
      nil: undefined,
    }),
    per_page: fc.constantFrom('3', '1000'),
  }),
  { nil: null },
);

/** Filters as the issue list's legacy params (api.md §5.3): comma lists. */
function legacyParams(filters: Record<string, string[] | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter((entry): entry is [string, string[]] => !!entry[1])
      .map(([key, values]) => [key, values.join(',')]),
  );
}

describe('saved view items (property)', () => {
  it('equal the issue list called with the same filters and display params', async () => {
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(filtersArb(), displayArb, requestArb, async (filters, display, request) => {
        const sent = Object.fromEntries(
          Object.entries(request ?? {}).filter(([, v]) => v !== undefined),
        ) as Record<string, string>;
        // The view's order, type and sub_issue, where the request does not name its own.
        const displayParams: Record<string, string> = {
          order_by: display.order_by,
          sub_issue: String(display.sub_issue),
          ...(display.type ? { type: display.type } : {}),
          ...sent,
        };
        const requestQuery = request ? `?${new URLSearchParams(sent)}` : '';
        const listQuery = `?${new URLSearchParams({ ...legacyParams(filters), ...displayParams })}`;

        for (const [views, list] of [
          [`${pbase}/views/`, `${pbase}/issues/`],
          [`${ws}/views/`, `${ws}/issues/`],
        ] as const) {
          const created = await owner.client.post(views, {
            name: 'Random',
            filters,
            display_filters: display,
          });
          expect(created.status, created.text).toBe(201);
          const [fromView, fromList] = await Promise.all([
            owner.client.get(`${views}${created.body.id}/issues/${requestQuery}`),
            owner.client.get(`${list}${listQuery}`),
          ]);
          expect(fromList.status, fromList.text).toBe(200);
          expect(fromView.status, fromView.text).toBe(200);
          expect(fromView.body).toEqual(fromList.body);
          const ids = (body: any): string[] =>
            Array.isArray(body.results)
              ? body.results.map((r: { id: string }) => r.id)
              : Object.values(body.results as Record<string, { results: { id: string }[] }>).flatMap((g) =>
                  g.results.map((r) => r.id),
                );
          expect(ids(fromView.body)).toEqual(ids(fromList.body));
          if (fromList.body.total_count > 0) matched += 1;
        }
      }),
      { numRuns: 25 },
    );
    // Not only empty answers were compared.
    expect(matched).toBeGreaterThan(5);
  }, 240_000);
});
