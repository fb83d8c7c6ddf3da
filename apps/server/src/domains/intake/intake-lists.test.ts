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
 * Items in triage (pending, snoozed, declined, duplicate) are out of the project's normal lists —
 * the issue list and its counts, workspace and profile lists, views, cycles, modules, search,
 * exports — until they are accepted, and in them after.
 */

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let slug: string;
let ws: string;
let pbase: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  ws = `/api/workspaces/${slug}`;
  member = await addMember(t, owner, slug, 15);
  const project = await createProject(owner, slug, { intake_view: true });
  pbase = `${ws}/projects/${project.id}`;
  await addProjectMember(owner, slug, project.id, member.user.id, 15);
}, 120_000);
afterAll(() => t?.close());

async function ok(pending: Promise<{ status: number; body: any; text: string }>) {
  const res = await pending;
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

/** Everything the project's lists say about the work items named "Zebra …". */
async function observe(allIds: string[], viewId: string, moduleId: string) {
  const get = (path: string) => ok(owner.client.get(path));
  const [
    flat,
    byState,
    byPriority,
    byLabel,
    byModule,
    byIds,
    search,
    global,
    workspace,
    profile,
    stats,
    view,
  ] = await Promise.all([
    get(`${pbase}/issues/?per_page=100`),
    get(`${pbase}/issues/?group_by=state_id`),
    get(`${pbase}/issues/?group_by=priority&sub_group_by=state__group`),
    get(`${pbase}/issues/?group_by=labels__id`),
    get(`${pbase}/issues/?group_by=issue_module__module_id`),
    get(`${pbase}/issues/list/?issues=${allIds.join(',')}`),
    get(`${pbase}/search-issues/?search=Zebra`),
    get(`${ws}/search/?search=Zebra&entities=issue`),
    get(`${ws}/issues/?assignees=${member.user.id}`),
    get(`${ws}/user-issues/${member.user.id}/`),
    get(`${ws}/user-stats/${member.user.id}/`),
    get(`${pbase}/views/${viewId}/issues/`),
  ]);
  const module = await get(`${pbase}/modules/${moduleId}/`);
  await ok(
    owner.client.post(`${ws}/export-issues/`, { provider: 'json', project: [pbase.split('/').pop()] }),
  );
  while (await t.services.exports.processNext()) {}
  const exported = (await get(`${ws}/export-issues/`)).results[0];
  const rows = JSON.parse((await owner.client.get(exported.url)).text) as { name: string }[];
  return {
    flat: idsOf(flat.results).sort(),
    flatTotal: flat.total_count,
    stateTotal: byState.total_count,
    stateGroups: Object.values(byState.results as Record<string, { total_results: number }>).reduce(
      (sum, g) => sum + g.total_results,
      0,
    ),
    urgent: byPriority.results.urgent.total_results,
    labelTotal: byLabel.total_count,
    moduleNone: byModule.results.None.total_results,
    byIds: idsOf(byIds).sort(),
    search: idsOf(search).sort(),
    global: idsOf(global.results.issue).sort(),
    workspace: idsOf(workspace.results).sort(),
    profile: idsOf(profile.results).sort(),
    assigned: stats.assigned_issues,
    view: idsOf(view.results).sort(),
    moduleTotal: module.total_issues,
    exported: rows.map((r) => r.name).sort(),
  };
}

describe('items in triage', () => {
  it('are in no list, count, search or export until accepted, and in all of them after', async () => {
    const submit = async (name: string) =>
      (
        await ok(
          owner.client.post(`${pbase}/inbox-issues/`, {
            issue: { name, priority: 'urgent', assignee_ids: [member.user.id] },
          }),
        )
      ).issue.id as string;
    const normal = (
      await ok(
        owner.client.post(`${pbase}/issues/`, {
          name: 'Zebra normal',
          priority: 'urgent',
          assignee_ids: [member.user.id],
        }),
      )
    ).id as string;
    const [pending, declined, snoozed, duplicate] = await Promise.all(
      ['Zebra pending', 'Zebra declined', 'Zebra snoozed', 'Zebra duplicate'].map(submit),
    );
    const triage = (id: string, body: Record<string, unknown>) =>
      ok(owner.client.patch(`${pbase}/inbox-issues/${id}/`, body));
    await triage(declined!, { status: -1 });
    await triage(snoozed!, { status: 0, snoozed_till: new Date(Date.now() + 86_400_000).toISOString() });
    await triage(duplicate!, { status: 2, duplicate_to: normal });
    const view = await ok(
      owner.client.post(`${pbase}/views/`, { name: 'Urgent', filters: { priority: ['urgent'] } }),
    );
    const module = await ok(owner.client.post(`${pbase}/modules/`, { name: 'Zebra module' }));
    const cycle = await ok(owner.client.post(`${pbase}/cycles/`, { name: 'Zebra cycle' }));
    await ok(owner.client.post(`${pbase}/modules/${module.id}/issues/`, { issues: [normal] }));
    const all = [normal, pending!, declined!, snoozed!, duplicate!];

    const before = await observe(all, view.id, module.id);
    expect(before).toEqual({
      flat: [normal],
      flatTotal: 1,
      stateTotal: 1,
      stateGroups: 1,
      urgent: 1,
      labelTotal: 1,
      moduleNone: 0,
      byIds: [normal],
      search: [normal],
      global: [normal],
      workspace: [normal],
      profile: [normal],
      assigned: 1,
      view: [normal],
      moduleTotal: 1,
      exported: ['Zebra normal'],
    });

    // Nothing that takes work items by id takes one in triage.
    for (const [path, body] of [
      [`${pbase}/cycles/${cycle.id}/cycle-issues/`, { issues: [pending] }],
      [`${pbase}/modules/${module.id}/issues/`, { issues: [pending] }],
      [`${pbase}/bulk-operation-issues/`, { issue_ids: [pending], properties: { priority: 'low' } }],
      [`${pbase}/issue-dates/`, { updates: [{ id: pending, start_date: '2026-01-01' }] }],
      [`${pbase}/issues/${normal}/sub-issues/`, { sub_issue_ids: [pending] }],
      [`${pbase}/issues/${pending}/sub-issues/`, { sub_issue_ids: [normal] }],
    ] as const) {
      const res = await owner.client.post(path, body);
      expect([400, 404], `${path}: ${res.text}`).toContain(res.status);
    }
    expect((await owner.client.patch(`${pbase}/issues/${normal}/`, { parent_id: pending })).status).toBe(400);
    expect(
      (
        await owner.client.request('DELETE', `${pbase}/bulk-delete-issues/`, {
          json: { issue_ids: [pending] },
        })
      ).status,
    ).toBe(404);
    expect(await observe(all, view.id, module.id)).toEqual(before);

    await triage(pending!, { status: 1 });
    const after = await observe(all, view.id, module.id);
    expect(after).toEqual({
      flat: [normal, pending].sort(),
      flatTotal: 2,
      stateTotal: 2,
      stateGroups: 2,
      urgent: 2,
      labelTotal: 2,
      moduleNone: 1,
      byIds: [normal, pending].sort(),
      search: [normal, pending].sort(),
      global: [normal, pending].sort(),
      workspace: [normal, pending].sort(),
      profile: [normal, pending].sort(),
      assigned: 2,
      view: [normal, pending].sort(),
      moduleTotal: 1,
      exported: ['Zebra normal', 'Zebra pending'],
    });
    // Accepted, it is an ordinary work item: it joins a cycle and is edited by its own route.
    await ok(owner.client.post(`${pbase}/cycles/${cycle.id}/cycle-issues/`, { issues: [pending] }));
    await ok(owner.client.patch(`${pbase}/issues/${pending}/`, { priority: 'low' }));

    // The board counters, folded, still agree with a count of the rows.
    await t.services.issues.compactCounters(0);
    const folded = await ok(owner.client.get(`${pbase}/issues/?group_by=priority`));
    expect(folded.results.urgent.total_results).toBe(1);
    expect(folded.results.low.total_results).toBe(1);
    expect(folded.total_count).toBe(2);
  });
});
