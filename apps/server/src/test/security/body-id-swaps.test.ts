import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '../http-client.ts';
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
  t = await startTestApp({}, { onRoute: collectIdFields });
  accounts = await signUpAccounts(t);
  [w, canary] = await Promise.all([World.withMembers(t, accounts), World.canary(t, accounts)]);
}, 120_000);
afterAll(() => t?.close());

/** Routes by method and URL pattern, and the body fields of each that name an object (uuids). */
const routes: { method: string; url: string; pattern: RegExp }[] = [];
const idFields = new Set<string>();

function collectIdFields(route: RouteOptions) {
  const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
  for (const method of [route.method].flat()) {
    const pattern = new RegExp(`^${route.url.replace(/:[a-z_]+/g, '[^/]+')}$`);
    routes.push({ method, url: route.url, pattern });
    if (!body) continue;
    const schema = z.toJSONSchema(body, { unrepresentable: 'any', io: 'input' });
    for (const field of uuidPaths(schema as JsonSchema, '')) idFields.add(`${method} ${route.url} ${field}`);
  }
}

type JsonSchema = { format?: string; items?: JsonSchema; properties?: Record<string, JsonSchema> } & Record<
  string,
  unknown
>;

/** Where a JSON schema holds a uuid: `state_id`, `label_ids[]`, `issue.assignee_ids[]`, `members[].member_id`. */
function uuidPaths(schema: JsonSchema, at: string): string[] {
  const found = schema.format === 'uuid' ? [at] : [];
  if (schema.items) found.push(...uuidPaths(schema.items, `${at}[]`));
  for (const union of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const option of (schema[union] as JsonSchema[] | undefined) ?? [])
      found.push(...uuidPaths(option, at));
  }
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    found.push(...uuidPaths(value, at ? `${at}.${key}` : key));
  }
  return [...new Set(found)];
}

/** The body fields of a request that carry one of these ids, as `uuidPaths` names them. */
function fieldsNaming(value: unknown, ids: Set<string>, at = ''): string[] {
  if (typeof value === 'string') return ids.has(value) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((v) => fieldsNaming(v, ids, `${at}[]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => fieldsNaming(v, ids, at ? `${at}.${k}` : k));
  }
  return [];
}

/**
 * A request and the same request on every other route the server answers it on: PUT beside
 * PATCH, the intake under its old name (inbox-issues), Plane's v1 work items as issues.
 */
function twinsOf(method: string, path: string): [string, string][] {
  const paths = [path];
  if (path.includes('/inbox-issues/')) paths.push(path.replace('/inbox-issues/', '/intake-issues/'));
  if (path.includes('/intake-issues/') && !path.startsWith('/api/v1/')) {
    paths.push(path.replace('/intake-issues/', '/inbox-issues/'));
  }
  if (path.startsWith('/api/v1/') && path.includes('/work-items/')) {
    paths.push(path.replace('/work-items/', '/issues/'));
  }
  const methods = method === 'PATCH' ? ['PATCH', 'PUT'] : [method];
  return [...new Set(paths)].flatMap((p) =>
    methods
      .filter((m) => routes.some((r) => r.method === m && r.pattern.test(p)))
      .map((m) => [m, p] as [string, string]),
  );
}

/** The body fields the swaps below have tried, as `METHOD /route/:pattern field`. */
const swapped = new Set<string>();
function recordSwap(method: string, path: string, body: unknown, ids: Set<string>) {
  const route = routes.find((r) => r.method === method && r.pattern.test(path.split('?')[0]!));
  if (!route) throw new Error(`no route answers ${method} ${path}`);
  for (const field of fieldsNaming(body, ids)) swapped.add(`${method} ${route.url} ${field}`);
}

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
  /** Sent to /api/v1/ with the admin's API key instead of their session. */
  publicApi?: boolean;
  /** Why this request may be answered: it must still name nothing of the canary's. */
  harmless?: string;
}

const cIssue = async () => (await canary.issue()).id;
const cUser = () => accounts.otherAdmin.user.id;
const canaryIntake = async () => ((await canary.intakeItem()) as { intake?: string }).intake!;
const canaryWorkspace = async () => (await (canary.admin as Client).get(`${canary.ws}/`)).body.id as string;
const v1Project = async (which = 'main') =>
  `/api/v1/workspaces/${w.slug}/projects/${await w.projectId(which)}`;

/** A work item's fields that name an object, each with the canary's object for it. */
const ITEM_FIELDS = [
  'state_id',
  'label_ids',
  'assignee_ids',
  'parent_id',
  'estimate_point',
  'cycle_id',
  'module_ids',
] as const;
const canaryValue = async (field: (typeof ITEM_FIELDS)[number]) =>
  ({
    cycle_id: async () => (await canary.cycle()).id,
    module_ids: async () => [(await canary.module()).id],
    state_id: async () => (await canary.state()).id,
    label_ids: async () => [(await canary.label()).id],
    assignee_ids: async () => [cUser()],
    parent_id: cIssue,
    estimate_point: () => canary.estimatePoint(),
  })[field]();

/** A project's settings that name an object, each with the canary's object for it. */
const PROJECT_FIELDS = ['project_lead', 'default_assignee', 'default_state', 'estimate'] as const;
const canaryProjectValue = async (field: (typeof PROJECT_FIELDS)[number]) =>
  ({
    project_lead: async () => cUser(),
    default_assignee: async () => cUser(),
    default_state: async () => (await canary.state()).id,
    estimate: async () => (await canary.estimate()).id,
  })[field]();

/** Plane's v1 names of the same fields (api.md §15). */
const V1_ITEM_FIELDS = {
  state: 'state_id',
  parent: 'parent_id',
  assignees: 'assignee_ids',
  labels: 'label_ids',
  estimate_point: 'estimate_point',
} as const;

const SWAPS: Swap[] = [
  ...ITEM_FIELDS.flatMap((field) => [
    {
      what: `create a work item with the canary's ${field}`,
      method: 'POST' as const,
      path: async () => `${await w.pbase()}/issues/`,
      body: async () => ({ name: 'Swap', [field]: await canaryValue(field) }),
    },
    {
      what: `edit a work item to the canary's ${field}`,
      method: 'PATCH' as const,
      path: async () => `${await w.ibase()}/`,
      body: async () => ({ [field]: await canaryValue(field) }),
    },
    {
      what: `create a draft with the canary's ${field}`,
      method: 'POST' as const,
      path: async () => `${await w.pbase()}/issue-drafts/`,
      body: async () => ({ name: 'Swap', [field]: await canaryValue(field) }),
    },
    {
      what: `edit a draft to the canary's ${field}`,
      method: 'PATCH' as const,
      path: async () => `${await w.pbase()}/issue-drafts/${(await w.draft()).id}/`,
      body: async () => ({ [field]: await canaryValue(field) }),
    },
    // A bulk edit has no parent among its properties.
    ...(field === 'parent_id'
      ? []
      : [
          {
            what: `bulk-edit work items to the canary's ${field}`,
            method: 'POST' as const,
            path: async () => `${await w.pbase()}/bulk-operation-issues/`,
            body: async () => ({
              issue_ids: [(await w.issue()).id],
              properties: { [field]: await canaryValue(field) },
            }),
          },
        ]),
  ]),
  ...Object.entries(V1_ITEM_FIELDS).flatMap(([v1, field]) => [
    {
      what: `create a work item with the canary's ${v1} through the public API`,
      method: 'POST' as const,
      publicApi: true,
      path: async () => `${await v1Project()}/work-items/`,
      body: async () => ({ name: 'Swap', [v1]: await canaryValue(field) }),
    },
    {
      what: `edit a work item to the canary's ${v1} through the public API`,
      method: 'PATCH' as const,
      publicApi: true,
      path: async () => `${await v1Project()}/work-items/${(await w.issue()).id}/`,
      body: async () => ({ [v1]: await canaryValue(field) }),
    },
  ]),
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
  ...PROJECT_FIELDS.map((field) => ({
    what: `set a project's ${field} to the canary's`,
    method: 'PATCH' as const,
    path: async () => `${await w.pbase()}/`,
    body: async () => ({
      [field]: await canaryProjectValue(field),
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
  {
    what: 'take canary work items out of a cycle',
    method: 'DELETE',
    path: async () => `${await w.pbase()}/cycles/${(await w.cycle()).id}/cycle-issues/`,
    body: async () => ({ issues: [await cIssue()] }),
  },
  {
    what: 'give a cycle to the canary admin',
    method: 'PATCH',
    path: async () => `${await w.pbase()}/cycles/${(await w.cycle()).id}/`,
    body: async () => ({ owned_by_id: cUser() }),
  },
  {
    what: 'check cycle dates leaving out a canary cycle',
    method: 'POST',
    harmless: 'the answer is whether the dates are free in this project; a foreign cycle changes nothing',
    path: async () => `${await w.pbase()}/cycles/date-check/`,
    body: async () => ({
      start_date: '2031-01-01',
      end_date: '2031-01-07',
      cycle_id: (await canary.cycle()).id,
    }),
  },
  ...(['lead_id', 'member_ids'] as const).map((field) => ({
    what: `make the canary admin an existing module's ${field}`,
    method: 'PATCH' as const,
    path: async () => `${await w.pbase()}/modules/${(await w.module()).id}/`,
    body: async () => ({ [field]: field === 'lead_id' ? cUser() : [cUser()] }),
  })),
  {
    what: "remove a work item from a canary module by the item's endpoint",
    method: 'POST',
    harmless: 'an item of this workspace is in no module of another, so there is nothing to remove',
    path: async () => `${await w.ibase()}/modules/`,
    body: async () => ({ modules: [], removed_modules: [(await canary.module()).id] }),
  },
  {
    what: 'move a label under a canary label',
    method: 'PATCH',
    path: async () => `${await w.pbase()}/issue-labels/${(await w.label()).id}/`,
    body: async () => ({ parent: (await canary.label()).id }),
  },
  {
    what: "rename a canary estimate point through the project's estimate",
    method: 'PATCH',
    path: async () => `${await w.pbase()}/estimates/${(await w.estimate()).id}/`,
    body: async () => ({ estimate_points: [{ id: await canary.estimatePoint(), value: 'Swapped' }] }),
  },
  {
    what: 'delete an estimate point, moving its work items to a canary point',
    method: 'DELETE',
    path: async () => {
      const estimate = await w.estimate();
      return `${await w.pbase()}/estimates/${estimate.id}/estimate-points/${estimate.points.at(-1)!.id}/`;
    },
    body: async () => ({ new_estimate_id: await canary.estimatePoint() }),
  },
  ...(['label_ids', 'parent_id'] as const).flatMap((field) => {
    const value = async () =>
      field === 'label_ids' ? [(await canary.label()).id] : (await canary.page()).id;
    return [
      {
        what: `create a page with the canary's ${field}`,
        method: 'POST' as const,
        path: async () => `${await w.pbase()}/pages/`,
        body: async () => ({ name: 'Swap', [field]: await value() }),
      },
      {
        what: `edit a page to the canary's ${field}`,
        method: 'PATCH' as const,
        path: async () => `${await w.pbase()}/pages/${(await w.page()).id}/`,
        body: async () => ({ [field]: await value() }),
      },
    ];
  }),
  {
    what: "publish a project with the canary's intake",
    method: 'PATCH',
    path: async () => `${await w.pbase()}/project-deploy-boards/${(await w.deployBoard()).id}/`,
    body: async () => ({ intake: await canaryIntake() }),
  },
  {
    what: "publish the second project with the canary's intake",
    method: 'POST',
    path: async () => `${await w.pbase('second')}/project-deploy-boards/`,
    body: async () => ({ intake: await canaryIntake() }),
  },
  {
    what: "make the canary's workspace the admin's last workspace",
    method: 'PATCH',
    path: async () => '/api/users/me/profile/',
    body: async () => ({ last_workspace_id: await canaryWorkspace() }),
  },
  // The public API: the admin's API key, Plane's field names.
  ...PROJECT_FIELDS.map((field) => ({
    what: `set a project's ${field} to the canary's through the public API`,
    method: 'PATCH' as const,
    publicApi: true,
    path: async () => `${await v1Project()}/`,
    body: async () => ({
      [field]: await canaryProjectValue(field),
    }),
  })),
  {
    what: 'create a project led by the canary admin through the public API',
    method: 'POST',
    publicApi: true,
    path: async () => `/api/v1/workspaces/${w.slug}/projects/`,
    body: async () => ({ name: 'Led by key', identifier: 'LEDK', project_lead: cUser() }),
  },
  ...(['members', 'project-members'] as const).map((route) => ({
    what: `add the canary admin to a project through the public API's ${route}`,
    method: 'POST' as const,
    publicApi: true,
    path: async () => `${await v1Project()}/${route}/`,
    body: async () => ({ member: cUser(), role: 15 }),
  })),
  ...(['POST', 'PATCH'] as const).flatMap((method) => {
    const at = async (collection: string, one: () => Promise<{ id: string }>) =>
      `${await v1Project()}/${collection}/${method === 'PATCH' ? `${(await one()).id}/` : ''}`;
    const named = method === 'POST' ? { name: `Swap ${method}` } : {};
    return [
      {
        what: `${method} a label under a canary label through the public API`,
        method,
        publicApi: true,
        path: () => at('labels', () => w.label()),
        body: async () => ({ ...named, parent: (await canary.label()).id }),
      },
      {
        what: `${method} a cycle owned by the canary admin through the public API`,
        method,
        publicApi: true,
        path: () => at('cycles', () => w.cycle()),
        body: async () => ({ ...named, owned_by: cUser() }),
      },
      ...(['lead', 'members'] as const).map((field) => ({
        what: `${method} a module with the canary admin as ${field} through the public API`,
        method,
        publicApi: true,
        path: () => at('modules', () => w.module()),
        body: async () => ({ ...named, [field]: field === 'lead' ? cUser() : [cUser()] }),
      })),
    ];
  }),
  {
    what: 'put canary work items into a cycle through the public API',
    method: 'POST',
    publicApi: true,
    path: async () => `${await v1Project()}/cycles/${(await w.cycle()).id}/cycle-issues/`,
    body: async () => ({ issues: [await cIssue()] }),
  },
  {
    what: 'transfer work items into a canary cycle through the public API',
    method: 'POST',
    publicApi: true,
    path: async () => `${await v1Project()}/cycles/${(await w.cycle()).id}/transfer-issues/`,
    body: async () => ({ new_cycle_id: (await canary.cycle('main', 'upcoming')).id }),
  },
  {
    what: 'put canary work items into a module through the public API',
    method: 'POST',
    publicApi: true,
    path: async () => `${await v1Project()}/modules/${(await w.module()).id}/module-issues/`,
    body: async () => ({ issues: [await cIssue()] }),
  },
  {
    what: 'relate to a canary work item through the public API',
    method: 'POST',
    publicApi: true,
    path: async () => `${await v1Project()}/work-items/${(await w.issue()).id}/relations/`,
    body: async () => ({ relation_type: 'blocked_by', issues: [await cIssue()] }),
  },
  {
    what: 'remove a relation to a canary work item through the public API',
    method: 'POST',
    publicApi: true,
    path: async () => `${await v1Project()}/work-items/${(await w.issue()).id}/relations/remove/`,
    body: async () => ({ related_issue: await cIssue() }),
  },
  ...(['label_ids', 'assignee_ids'] as const).flatMap((field) => [
    {
      what: `submit to the intake with the canary's ${field} through the public API`,
      method: 'POST' as const,
      publicApi: true,
      path: async () => `/api/v1/workspaces/${w.slug}/projects/${await w.intakeProjectId()}/intake-issues/`,
      body: async () => ({ issue: { name: 'Swap', [field]: await canaryValue(field) } }),
    },
    {
      what: `edit an intake item's work item to the canary's ${field} through the public API`,
      method: 'PATCH' as const,
      publicApi: true,
      path: async () => `${await v1Project()}/intake-issues/${(await w.intakeItem()).issue.id}/`,
      body: async () => ({ issue: { [field]: await canaryValue(field) } }),
    },
  ]),
  {
    what: 'mark an intake item a duplicate of a canary work item through the public API',
    method: 'PATCH',
    publicApi: true,
    path: async () => `${await v1Project()}/intake-issues/${(await w.intakeItem()).issue.id}/`,
    body: async () => ({ status: 2, duplicate_to: await cIssue() }),
  },
  {
    what: "mark an intake item a duplicate of a canary work item through the public API's status/",
    method: 'PATCH',
    publicApi: true,
    path: async () => `${await v1Project()}/intake-issues/${(await w.intakeItem()).issue.id}/status/`,
    body: async () => ({ status: 2, duplicate_to: await cIssue() }),
  },
  ...(['label_ids', 'parent_id'] as const).map((field) => ({
    what: `create a page with the canary's ${field} through the public API`,
    method: 'POST' as const,
    publicApi: true,
    path: async () => `${await v1Project()}/pages/`,
    body: async () => ({
      name: 'Swap',
      [field]: field === 'label_ids' ? [(await canary.label()).id] : (await canary.page()).id,
    }),
  })),
  {
    what: 'delete an estimate point, moving its work items to a canary point, through the public API',
    method: 'DELETE',
    publicApi: true,
    path: async () => {
      const estimate = await w.estimate();
      return `${await v1Project()}/estimates/${estimate.id}/estimate-points/${estimate.points.at(-1)!.id}/`;
    },
    body: async () => ({ new_estimate_id: await canary.estimatePoint() }),
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
    const foreign = new Set([...canary.ids, cUser(), canaryId, await canaryIntake()]);
    const key = await w.apiKey('admin');
    for (const swap of SWAPS) {
      const body = await swap.body();
      for (const [method, path] of twinsOf(swap.method, await swap.path())) {
        recordSwap(method, path, body, foreign);
        const res = swap.publicApi
          ? await new Client(t.baseUrl).request(method, path, {
              json: body,
              headers: { 'X-Api-Key': key! },
              csrf: false,
            })
          : await accounts.admin.client.request(method, path, { json: body });
        const what = `${swap.what} (${method} ${path}): ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        if (swap.harmless)
          expect(
            [...foreign].filter((id) => res.text.includes(id)),
            what,
          ).toEqual([]);
        else if (res.status < 400) accepted.push(what);
      }
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

describe('the swaps above', () => {
  it("name another workspace's object in every body field of every route that takes an id", () => {
    expect(swapped.size).toBeGreaterThan(0);
    expect([...idFields].filter((field) => !swapped.has(field)).sort()).toEqual([]);
  });
});
