import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../http-client.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { type Accounts, signUpAccounts, World } from './world.ts';

/**
 * Tenancy through request bodies (quality.md §2): the matrix's admin names, in a body field,
 * an object of the canary workspace. Every such request is refused with a 4xx, the canary's rows
 * stay exactly as they were, and none of the matrix workspace's rows come to name a canary id.
 */

let t: TestApp;
let accounts: Accounts;
let w: World;
let canary: World;

beforeAll(async () => {
  t = await startTestApp();
  accounts = await signUpAccounts(t);
  [w, canary] = await Promise.all([World.withMembers(t, accounts), World.canary(t, accounts)]);
}, 120_000);
afterAll(() => t?.close());

/** Every row of one workspace, in every table that is scoped by workspace, as text. */
async function rowsOf(workspaceId: string): Promise<string[]> {
  const tables = await t.database.raw<{ table_name: string }>(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'workspace_id'",
  );
  const rows: string[] = [];
  for (const { table_name } of tables) {
    const found = await t.database.raw<{ row: string }>(
      `select t::text as row from "${table_name}" t where workspace_id = $1 order by 1`,
      [workspaceId],
    );
    rows.push(...found.map((r) => `${table_name}: ${r.row}`));
  }
  return rows;
}

interface Swap {
  what: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: () => Promise<string>;
  body: () => Promise<unknown>;
}

const cIssue = async () => (await canary.issue()).id;
const cUser = () => accounts.otherAdmin.user.id;

const SWAPS: Swap[] = [
  ...(
    [
      'state_id',
      'label_ids',
      'assignee_ids',
      'parent_id',
      'estimate_point',
      'cycle_id',
      'module_ids',
    ] as const
  ).flatMap((field) => {
    const value = async () =>
      ({
        cycle_id: (await canary.cycle()).id,
        module_ids: [(await canary.module()).id],
        state_id: (await canary.state()).id,
        label_ids: [(await canary.label()).id],
        assignee_ids: [cUser()],
        parent_id: await cIssue(),
        estimate_point: await canary.estimatePoint(),
      })[field];
    return [
      {
        what: `create a work item with the canary's ${field}`,
        method: 'POST' as const,
        path: async () => `${await w.pbase()}/issues/`,
        body: async () => ({ name: 'Swap', [field]: await value() }),
      },
      {
        what: `edit a work item to the canary's ${field}`,
        method: 'PATCH' as const,
        path: async () => `${await w.ibase()}/`,
        body: async () => ({ [field]: await value() }),
      },
    ];
  }),
  {
    what: 'put canary work items into a cycle',
    method: 'POST',
    path: async () => `${await w.pbase()}/cycles/${(await w.cycle()).id}/cycle-issues/`,
    body: async () => ({ issues: [await cIssue()] }),
  },
  {
    what: 'transfer work items into a canary cycle',
    method: 'POST',
    path: async () => `${await w.pbase()}/cycles/${(await w.cycle()).id}/transfer-issues/`,
    body: async () => ({ new_cycle_id: (await canary.cycle('main', 'upcoming')).id }),
  },
  {
    what: 'make the canary admin own a cycle',
    method: 'POST',
    path: async () => `${await w.pbase()}/cycles/`,
    body: async () => ({ name: 'Owned elsewhere', owned_by_id: cUser() }),
  },
  {
    what: 'put canary work items into a module',
    method: 'POST',
    path: async () => `${await w.pbase()}/modules/${(await w.module()).id}/issues/`,
    body: async () => ({ issues: [await cIssue()] }),
  },
  {
    what: "add a work item to a canary module by the item's endpoint",
    method: 'POST',
    path: async () => `${await w.ibase()}/modules/`,
    body: async () => ({ modules: [(await canary.module()).id] }),
  },
  ...(['lead_id', 'member_ids'] as const).map((field) => ({
    what: `make the canary admin a module's ${field}`,
    method: 'POST' as const,
    path: async () => `${await w.pbase()}/modules/`,
    body: async () => ({ name: `Swap ${field}`, [field]: field === 'lead_id' ? cUser() : [cUser()] }),
  })),
  {
    what: 'favorite a canary module',
    method: 'POST',
    path: async () => `${await w.pbase()}/user-favorite-modules/`,
    body: async () => ({ module: (await canary.module()).id }),
  },
  {
    what: 'favorite a canary cycle',
    method: 'POST',
    path: async () => `${await w.pbase()}/user-favorite-cycles/`,
    body: async () => ({ cycle: (await canary.cycle()).id }),
  },
  {
    what: 'favorite a canary project view',
    method: 'POST',
    path: async () => `${await w.pbase()}/user-favorite-views/`,
    body: async () => ({ view: (await canary.view()).id }),
  },
  ...(
    [
      ['view', async () => (await canary.view('workspace')).id, undefined],
      ['view', async () => (await canary.view()).id, async () => canary.projectId()],
      ['view', async () => (await canary.view()).id, async () => w.projectId()],
      ['cycle', async () => (await canary.cycle()).id, async () => canary.projectId()],
      ['cycle', async () => (await canary.cycle()).id, async () => w.projectId()],
      ['module', async () => (await canary.module()).id, async () => w.projectId()],
      ['project', async () => canary.projectId(), undefined],
    ] as const
  ).map(([type, entity, project]) => ({
    what: `favorite a canary ${type} through the workspace's favorites${project ? ' (with a project)' : ''}`,
    method: 'POST' as const,
    path: async () => `${w.ws}/user-favorites/`,
    body: async () => ({
      entity_type: type,
      entity_identifier: await entity(),
      ...(project ? { project_id: await project() } : {}),
    }),
  })),
  ...(
    [
      ['state', async () => (await canary.state()).id],
      ['labels', async () => (await canary.label()).id],
      ['cycle', async () => (await canary.cycle()).id],
      ['module', async () => (await canary.module()).id],
      ['project', async () => canary.projectId()],
      ['assignees', async () => cUser()],
      ['created_by', async () => cUser()],
      ['subscriber', async () => cUser()],
      ['mentions', async () => cUser()],
    ] as const
  ).flatMap(([key, value]) => [
    {
      what: `save a project view filtering on the canary's ${key}`,
      method: 'POST' as const,
      path: async () => `${await w.pbase()}/views/`,
      body: async () => ({ name: 'Swap', filters: { [key]: [await value()] } }),
    },
    {
      what: `edit a project view to filter on the canary's ${key}`,
      method: 'PATCH' as const,
      path: async () => `${await w.pbase()}/views/${(await w.view()).id}/`,
      body: async () => ({ filters: { [key]: [await value()] } }),
    },
    {
      what: `save a workspace view filtering on the canary's ${key}`,
      method: 'POST' as const,
      path: async () => `${w.ws}/views/`,
      body: async () => ({ name: 'Swap', filters: { [key]: [await value()] } }),
    },
  ]),
  {
    what: 'bulk-edit canary work items',
    method: 'POST',
    path: async () => `${await w.pbase()}/bulk-operation-issues/`,
    body: async () => ({ issue_ids: [await cIssue()], properties: { priority: 'urgent' } }),
  },
  {
    what: 'bulk-edit to a canary state',
    method: 'POST',
    path: async () => `${await w.pbase()}/bulk-operation-issues/`,
    body: async () => ({
      issue_ids: [(await w.issue()).id],
      properties: { state_id: (await canary.state()).id },
    }),
  },
  {
    what: 'bulk-delete canary work items',
    method: 'DELETE',
    path: async () => `${await w.pbase()}/bulk-delete-issues/`,
    body: async () => ({ issue_ids: [await cIssue()] }),
  },
  {
    what: 'bulk-archive canary work items',
    method: 'POST',
    path: async () => `${await w.pbase()}/bulk-archive-issues/`,
    body: async () => ({ issue_ids: [(await canary.doneIssue()).id] }),
  },
  {
    what: 'move canary work items on the timeline',
    method: 'POST',
    path: async () => `${await w.pbase()}/issue-dates/`,
    body: async () => ({
      updates: [{ id: await cIssue(), start_date: '2026-01-01', target_date: '2026-01-02' }],
    }),
  },
  {
    what: 'adopt a canary work item as a sub-issue',
    method: 'POST',
    path: async () => `${await w.ibase()}/sub-issues/`,
    body: async () => ({ sub_issue_ids: [await cIssue()] }),
  },
  {
    what: 'relate to a canary work item',
    method: 'POST',
    path: async () => `${await w.ibase()}/issue-relation/`,
    body: async () => ({ relation_type: 'blocked_by', issues: [await cIssue()] }),
  },
  {
    what: 'remove a relation to a canary work item',
    method: 'POST',
    path: async () => `${await w.ibase()}/remove-relation/`,
    body: async () => ({ related_issue: (await canary.related()).id }),
  },
  {
    what: 'subscribe the canary admin',
    method: 'POST',
    path: async () => `${await w.ibase()}/issue-subscribers/`,
    body: async () => ({ subscriber: cUser() }),
  },
  {
    what: 'reply to a canary comment',
    method: 'POST',
    path: async () => `${await w.ibase()}/comments/`,
    body: async () => ({ comment_html: '<p>x</p>', parent: (await canary.comment()).id }),
  },
  {
    what: 'add the canary admin to a project',
    method: 'POST',
    path: async () => `${await w.pbase()}/members/`,
    body: async () => ({ members: [{ member_id: cUser(), role: 15 }] }),
  },
  ...(['project_lead', 'default_assignee', 'default_state', 'estimate'] as const).map((field) => ({
    what: `set a project's ${field} to the canary's`,
    method: 'PATCH' as const,
    path: async () => `${await w.pbase()}/`,
    body: async () => ({
      [field]: {
        project_lead: cUser(),
        default_assignee: cUser(),
        default_state: (await canary.state()).id,
        estimate: (await canary.estimate()).id,
      }[field],
    }),
  })),
  {
    what: 'create a project led by the canary admin',
    method: 'POST',
    path: async () => `${w.ws}/projects/`,
    body: async () => ({ name: 'Led', identifier: 'LED', project_lead: cUser() }),
  },
  {
    what: 'nest a label under a canary label',
    method: 'POST',
    path: async () => `${await w.pbase()}/issue-labels/`,
    body: async () => ({ name: 'Child', parent: (await canary.label()).id }),
  },
  {
    what: 'favorite a canary project',
    method: 'POST',
    path: async () => `${w.ws}/user-favorite-projects/`,
    body: async () => ({ project: await canary.projectId() }),
  },
  {
    what: 'join a canary project',
    method: 'POST',
    path: async () => `/api/users/me/workspaces/${w.slug}/projects/invitations/`,
    body: async () => ({ project_ids: [await canary.projectId('public')] }),
  },
  ...(['label_ids', 'assignee_ids'] as const).flatMap((field) => {
    const value = async () => (field === 'label_ids' ? [(await canary.label()).id] : [cUser()]);
    return [
      {
        what: `submit to the intake with the canary's ${field}`,
        method: 'POST' as const,
        path: async () => `${w.ws}/projects/${await w.intakeProjectId()}/inbox-issues/`,
        body: async () => ({ issue: { name: 'Swap', [field]: await value() } }),
      },
      {
        what: `edit an intake item's work item to the canary's ${field}`,
        method: 'PATCH' as const,
        path: async () => `${await w.pbase()}/inbox-issues/${(await w.intakeItem()).issue.id}/`,
        body: async () => ({ issue: { [field]: await value() } }),
      },
    ];
  }),
  {
    what: 'mark an intake item a duplicate of a canary work item',
    method: 'PATCH',
    path: async () => `${await w.pbase()}/inbox-issues/${(await w.intakeItem()).issue.id}/`,
    body: async () => ({ status: 2, duplicate_to: await cIssue() }),
  },
  {
    what: 'mark an intake item a duplicate of a canary intake item',
    method: 'PATCH',
    path: async () => `${await w.pbase()}/inbox-issues/${(await w.intakeItem()).issue.id}/`,
    body: async () => ({ duplicate_to: (await canary.intakeItem()).issue.id }),
  },
  {
    what: 'export a canary project',
    method: 'POST',
    path: async () => `${w.ws}/export-issues/`,
    body: async () => ({ provider: 'csv', project: [await canary.projectId()] }),
  },
  {
    what: 'accept a canary invitation meant for someone else',
    method: 'POST',
    path: async () => '/api/users/me/workspaces/invitations/',
    body: async () => ({ invitations: [(await canary.invitation()).id] }),
  },
];

describe('ids of another workspace in request bodies', () => {
  it('are refused, leave the other workspace untouched and are never stored', async () => {
    // Make every canary object first, so the snapshot covers them.
    for (const swap of SWAPS) await swap.body();
    const workspaceId = async (world: World) =>
      (await (world.admin as Client).get(`${world.ws}/`)).body.id as string;
    const canaryId = await workspaceId(canary);
    const before = await rowsOf(canaryId);
    expect(before.length).toBeGreaterThan(20);

    const accepted: string[] = [];
    for (const swap of SWAPS) {
      const res = await accounts.admin.client.request(swap.method, await swap.path(), {
        json: await swap.body(),
      });
      expect(res.status, `${swap.what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.status < 400) accepted.push(`${swap.what} → ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(accepted).toEqual([]);
    expect(await rowsOf(canaryId)).toEqual(before);

    const stored = (await rowsOf(await workspaceId(w))).join('\n');
    const named = [...canary.ids, cUser()].filter((id) => stored.includes(id));
    expect(named, 'canary ids stored in the matrix workspace').toEqual([]);
  });
});

/** The same, one project over: objects of the workspace's second project named under the first. */
const CROSS_PROJECT: Swap[] = [
  ...(
    [
      'state_id',
      'label_ids',
      'parent_id',
      'estimate_point',
      'assignee_ids',
      'cycle_id',
      'module_ids',
    ] as const
  ).map((field) => ({
    what: `create a work item with the second project's ${field}`,
    method: 'POST' as const,
    path: async () => `${await w.pbase()}/issues/`,
    body: async () => ({
      name: 'Swap',
      [field]: {
        state_id: (await w.state('second')).id,
        label_ids: [(await w.label('second')).id],
        parent_id: (await w.issue('second')).id,
        estimate_point: await w.estimatePoint('second'),
        cycle_id: (await w.cycle('second')).id,
        module_ids: [(await w.module('second')).id],
        // A workspace member who is not in the project.
        assignee_ids: [accounts.nonProjectMember.user.id],
      }[field],
    }),
  })),
  {
    what: "put the second project's work items into a cycle",
    method: 'POST',
    path: async () => `${await w.pbase()}/cycles/${(await w.cycle()).id}/cycle-issues/`,
    body: async () => ({ issues: [(await w.issue('second')).id] }),
  },
  {
    what: "transfer work items into the second project's cycle",
    method: 'POST',
    path: async () => `${await w.pbase()}/cycles/${(await w.cycle()).id}/transfer-issues/`,
    body: async () => ({ new_cycle_id: (await w.cycle('second', 'upcoming')).id }),
  },
  {
    what: "put the second project's work items into a module",
    method: 'POST',
    path: async () => `${await w.pbase()}/modules/${(await w.module()).id}/issues/`,
    body: async () => ({ issues: [(await w.issue('second')).id] }),
  },
  {
    what: "add a work item to the second project's module",
    method: 'POST',
    path: async () => `${await w.ibase()}/modules/`,
    body: async () => ({ modules: [(await w.module('second')).id] }),
  },
  {
    what: "favorite the second project's module under the first",
    method: 'POST',
    path: async () => `${await w.pbase()}/user-favorite-modules/`,
    body: async () => ({ module: (await w.module('second')).id }),
  },
  {
    what: "favorite the second project's cycle under the first",
    method: 'POST',
    path: async () => `${await w.pbase()}/user-favorite-cycles/`,
    body: async () => ({ cycle: (await w.cycle('second')).id }),
  },
  {
    what: "favorite the second project's view under the first",
    method: 'POST',
    path: async () => `${await w.pbase()}/user-favorite-views/`,
    body: async () => ({ view: (await w.view('second')).id }),
  },
  {
    what: "favorite the second project's view through the workspace's favorites, naming the first",
    method: 'POST',
    path: async () => `${w.ws}/user-favorites/`,
    body: async () => ({
      entity_type: 'view',
      entity_identifier: (await w.view('second')).id,
      project_id: await w.projectId(),
    }),
  },
  ...(
    [
      ['state', async () => (await w.state('second')).id],
      ['labels', async () => (await w.label('second')).id],
      ['cycle', async () => (await w.cycle('second')).id],
      ['module', async () => (await w.module('second')).id],
    ] as const
  ).map(([key, value]) => ({
    what: `save a project view filtering on the second project's ${key}`,
    method: 'POST' as const,
    path: async () => `${await w.pbase()}/views/`,
    body: async () => ({ name: 'Swap', filters: { [key]: [await value()] } }),
  })),
  {
    what: "bulk-edit the second project's work items",
    method: 'POST',
    path: async () => `${await w.pbase()}/bulk-operation-issues/`,
    body: async () => ({ issue_ids: [(await w.issue('second')).id], properties: { priority: 'urgent' } }),
  },
  {
    what: "bulk-delete the second project's work items",
    method: 'DELETE',
    path: async () => `${await w.pbase()}/bulk-delete-issues/`,
    body: async () => ({ issue_ids: [(await w.issue('second')).id] }),
  },
  {
    what: "bulk-archive the second project's work items",
    method: 'POST',
    path: async () => `${await w.pbase()}/bulk-archive-issues/`,
    body: async () => ({ issue_ids: [(await w.doneIssue('second')).id] }),
  },
  {
    what: "move the second project's work items on the timeline",
    method: 'POST',
    path: async () => `${await w.pbase()}/issue-dates/`,
    body: async () => ({
      updates: [{ id: (await w.issue('second')).id, start_date: '2026-01-01', target_date: '2026-01-02' }],
    }),
  },
  {
    what: "adopt the second project's work item as a sub-issue",
    method: 'POST',
    path: async () => `${await w.ibase()}/sub-issues/`,
    body: async () => ({ sub_issue_ids: [(await w.issue('second')).id] }),
  },
  {
    what: "submit to the intake with the second project's label",
    method: 'POST',
    path: async () => `${w.ws}/projects/${await w.intakeProjectId()}/inbox-issues/`,
    body: async () => ({ issue: { name: 'Swap', label_ids: [(await w.label('second')).id] } }),
  },
  {
    what: "mark an intake item a duplicate of the second project's work item",
    method: 'PATCH',
    path: async () => `${await w.pbase()}/inbox-issues/${(await w.intakeItem()).issue.id}/`,
    body: async () => ({ status: 2, duplicate_to: (await w.issue('second')).id }),
  },
  {
    what: "mark an intake item a duplicate of the second project's intake item",
    method: 'PATCH',
    path: async () => `${await w.pbase()}/inbox-issues/${(await w.intakeItem()).issue.id}/`,
    body: async () => ({ status: 2, duplicate_to: (await w.intakeItem('second')).issue.id }),
  },
  {
    what: "set the project's default state to the second project's",
    method: 'PATCH',
    path: async () => `${await w.pbase()}/`,
    body: async () => ({ default_state: (await w.state('second')).id }),
  },
  {
    what: "set the project's estimate to the second project's",
    method: 'PATCH',
    path: async () => `${await w.pbase()}/`,
    body: async () => ({ estimate: (await w.estimate('second')).id }),
  },
];

describe("ids of another project's objects in request bodies", () => {
  it('are refused and leave the other project untouched', async () => {
    for (const swap of CROSS_PROJECT) await swap.body();
    const projectRows = async () =>
      (
        await t.database.raw<{ row: string }>(
          'select t::text as row from issues t where project_id = $1 order by 1',
          [await w.projectId('second')],
        )
      ).map((r) => r.row);
    const before = await projectRows();
    const accepted: string[] = [];
    for (const swap of CROSS_PROJECT) {
      const res = await accounts.admin.client.request(swap.method, await swap.path(), {
        json: await swap.body(),
      });
      expect(res.status, `${swap.what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.status < 400) accepted.push(`${swap.what} → ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(accepted).toEqual([]);
    expect(await projectRows()).toEqual(before);
  });
});
