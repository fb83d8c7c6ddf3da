import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addProjectMember, createWorkspace, lastMailTo, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { type ImportReport, importPlane } from './run-import.ts';
import { createPlaneSource, SourceError } from './source-client.ts';

/**
 * The import against this product's own `/api/v1/` as the Plane source (it speaks the same API):
 * a source app filled through its HTTP API, a target app with an empty database of its own, the
 * importer run in-process on the target's services, and both compared through their APIs.
 */

let source: TestApp;
let target: TestApp;
let slug: string;
let sourceKey: string;
let targetKey: string;
let targetOwner: Client;
let first: ImportReport;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Json = any;

/** `/api/v1/` of an app with an API key: JSON, every page of a list. */
async function v1(t: TestApp, key: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${t.baseUrl}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'X-Api-Key': key, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The object at `path`, or null when the app answers 404 (a project without an estimate). */
async function maybe(t: TestApp, key: string, path: string): Promise<Json | null> {
  const response = await fetch(`${t.baseUrl}/api/v1/${path}`, { headers: { 'X-Api-Key': key } });
  if (response.status === 404) return null;
  expect(response.status, path).toBe(200);
  return response.json();
}

async function all(t: TestApp, key: string, path: string): Promise<Json[]> {
  const items: Json[] = [];
  let cursor = '';
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await v1(t, key, `${path}${sep}per_page=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (Array.isArray(page)) return page;
    items.push(...page.results);
    if (!page.next_page_results) return items;
    cursor = page.next_cursor;
  }
}

const byKey = <T>(list: T[], key: (item: T) => string) =>
  [...list].sort((a, b) => key(a).localeCompare(key(b)));

/**
 * Everything a user sees of the workspace, with every id replaced by what names it across
 * instances: emails for people, names for states, labels, cycles and modules, keys for items.
 */
async function snapshot(t: TestApp, key: string, ws: string) {
  const members = await v1(t, key, `workspaces/${ws}/members/`);
  const email = new Map<string, string>(members.map((m: Json) => [m.id, m.email]));
  const who = (id: string | null) => (id ? (email.get(id) ?? `unknown ${id}`) : null);
  const projects = byKey(await all(t, key, `workspaces/${ws}/projects/`), (p) => p.identifier);
  const result: Json = {
    members: byKey(
      members.map((m: Json) => ({ email: m.email, role: m.role, display_name: m.display_name })),
      (m: Json) => m.email,
    ),
    projects: [],
  };
  for (const project of projects) {
    const p = `workspaces/${ws}/projects/${project.id}`;
    const states = await all(t, key, `${p}/states/`);
    const labels = await all(t, key, `${p}/labels/`);
    const cycles = await all(t, key, `${p}/cycles/?cycle_view=all`);
    const modules = await all(t, key, `${p}/modules/`);
    const items = await all(t, key, `${p}/work-items/`);
    const estimate = await maybe(t, key, `${p}/estimates/`);
    const estimatePoints = estimate
      ? await all(t, key, `${p}/estimates/${estimate.id}/estimate-points/`)
      : [];
    const pointValue = new Map<string, string>(estimatePoints.map((x: Json) => [x.id, x.value]));
    const name = new Map<string, string>(
      [...states, ...labels, ...cycles, ...modules].map((x: Json) => [x.id, x.name]),
    );
    const itemKey = new Map<string, string>();
    for (const project of projects) {
      for (const item of await all(t, key, `workspaces/${ws}/projects/${project.id}/work-items/`)) {
        itemKey.set(item.id, `${project.identifier}-${item.sequence_id}`);
      }
    }
    const cycleItems: Json = {};
    for (const cycle of cycles) {
      cycleItems[cycle.name] = (await all(t, key, `${p}/cycles/${cycle.id}/cycle-issues/`))
        .map((i: Json) => itemKey.get(i.id))
        .sort();
    }
    const moduleItems: Json = {};
    for (const module of modules) {
      moduleItems[module.name] = (await all(t, key, `${p}/modules/${module.id}/module-issues/`))
        .map((i: Json) => itemKey.get(i.id))
        .sort();
    }
    const workItems = [];
    for (const item of byKey(items, (i) => String(i.sequence_id).padStart(6, '0'))) {
      const ip = `${p}/work-items/${item.id}`;
      const relations = await v1(t, key, `${ip}/relations/`);
      workItems.push({
        key: itemKey.get(item.id),
        name: item.name,
        description_html: item.description_html,
        priority: item.priority,
        state: name.get(item.state),
        estimate_point: item.estimate_point ? (pointValue.get(item.estimate_point) ?? 'unknown') : null,
        parent: item.parent ? itemKey.get(item.parent) : null,
        labels: item.labels.map((id: string) => name.get(id)).sort(),
        assignees: item.assignees.map(who).sort(),
        start_date: item.start_date,
        target_date: item.target_date,
        completed_at: item.completed_at,
        created_at: item.created_at,
        updated_at: item.updated_at,
        created_by: who(item.created_by),
        comments: byKey(await all(t, key, `${ip}/comments/`), (c) => c.created_at).map((c: Json) => ({
          html: c.comment_html,
          actor: who(c.actor),
          access: c.access,
          created_at: c.created_at,
        })),
        links: byKey(await all(t, key, `${ip}/links/`), (l) => l.url).map((l: Json) => ({
          url: l.url,
          title: l.title,
          created_at: l.created_at,
          created_by: who(l.created_by),
        })),
        relations: Object.fromEntries(
          Object.entries(relations)
            .filter(([, ids]) => (ids as string[]).length > 0)
            .map(([type, ids]) => [type, (ids as string[]).map((id) => itemKey.get(id)).sort()]),
        ),
        // Entries of one edit share their time: ordered by what they say, not by id.
        activity: byKey(
          (await all(t, key, `${ip}/activities/`)).map((a: Json) => ({
            verb: a.verb,
            field: a.field,
            actor: who(a.actor),
            created_at: a.created_at,
          })),
          (a: Json) => `${a.created_at} ${a.verb} ${a.field}`,
        ),
      });
    }
    result.projects.push({
      name: project.name,
      identifier: project.identifier,
      description: project.description,
      network: project.network,
      created_at: project.created_at,
      default_state: name.get(project.default_state),
      estimate: estimate && {
        name: estimate.name,
        description: estimate.description,
        type: estimate.type,
        last_used: estimate.last_used,
        active: project.estimate === estimate.id,
        points: estimatePoints.map((x: Json) => ({ key: x.key, value: x.value, description: x.description })),
      },
      members: byKey(
        (await v1(t, key, `${p}/members/`)).map((m: Json) => ({ email: who(m.id), role: m.role })),
        (m: Json) => m.email,
      ),
      states: byKey(states, (s) => s.name).map((s: Json) => ({
        name: s.name,
        group: s.group,
        color: s.color,
        sequence: s.sequence,
        default: s.default,
      })),
      labels: byKey(labels, (l) => l.name).map((l: Json) => ({
        name: l.name,
        color: l.color,
        parent: l.parent ? name.get(l.parent) : null,
      })),
      cycles: byKey(cycles, (c) => c.name).map((c: Json) => ({
        name: c.name,
        description: c.description,
        start_date: c.start_date,
        end_date: c.end_date,
        owned_by: who(c.owned_by),
        created_at: c.created_at,
        items: cycleItems[c.name],
      })),
      modules: byKey(modules, (m) => m.name).map((m: Json) => ({
        name: m.name,
        status: m.status,
        lead: who(m.lead),
        members: m.members.map(who).sort(),
        start_date: m.start_date,
        target_date: m.target_date,
        items: moduleItems[m.name],
      })),
      work_items: workItems,
    });
  }
  return result;
}

/** Rows and their latest change per table of the target: what a run that changes nothing leaves alone. */
async function footprint(t: TestApp) {
  const tables = [
    'users',
    'workspaces',
    'workspace_members',
    'projects',
    'project_members',
    'states',
    'labels',
    'estimates',
    'estimate_points',
    'cycles',
    'modules',
    'issues',
    'issue_comments',
    'issue_links',
    'issue_relations',
    'issue_sequences',
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const hasUpdated = !['issue_sequences'].includes(table);
    const [row] = await t.database.raw<Json>(
      `select count(*)::int as n${hasUpdated ? ', max(updated_at)::text as updated' : ', sum(last)::int as last'} from ${table}`,
    );
    out[table] = row;
  }
  const [activity] = await t.database.raw<Json>('select count(*)::int as n from activities');
  out.activities = activity;
  return out;
}

/** A signed-in client of the target for a user the import made (no password: a magic code). */
async function magicSignIn(t: TestApp, email: string) {
  const client = new Client(t.baseUrl);
  expect((await client.post('/auth/magic-generate/', { email })).status).toBe(200);
  const res = await client.post('/auth/magic-sign-in/', { email, code: lastMailTo(t, email).code });
  expect(res.status, res.text).toBe(200);
  return client;
}

/** An API key of the target's owner for one of its workspaces (keys belong to one workspace). */
async function targetToken(ws: string): Promise<string> {
  const res = await targetOwner.post(`/api/workspaces/${ws}/api-tokens/`, { label: 'compare' });
  expect(res.status, res.text).toBe(201);
  return res.body.token;
}

beforeAll(async () => {
  source = await startTestApp({ API_RATE_LIMIT: '100000' });
  const owner = await signUp(source);
  slug = (await createWorkspace(owner)).slug;
  const admin = await addMember(source, owner, slug, 20);
  const member = await addMember(source, owner, slug, 15);
  const guest = await addMember(source, owner, slug, 5);
  const token = await owner.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'import' });
  expect(token.status, token.text).toBe(201);
  sourceKey = token.body.token;
  const api = (path: string, body?: unknown, method = body ? 'POST' : 'GET') =>
    v1(source, sourceKey, `workspaces/${slug}/${path}`, { method, body });

  const web = await api('projects/', { name: 'Web app', identifier: 'WEB', description: 'The front end' });
  const ops = await api('projects/', { name: 'Operations', identifier: 'OPS' });
  const w = `projects/${web.id}`;
  const o = `projects/${ops.id}`;
  await addProjectMember(owner, slug, web.id, admin.user.id, 20);
  await addProjectMember(owner, slug, web.id, member.user.id, 15);
  await addProjectMember(owner, slug, web.id, guest.user.id, 5);
  await addProjectMember(owner, slug, ops.id, member.user.id, 15);

  const states = (await api(`${w}/states/`)).results as Json[];
  const stateOf = (group: string) => states.find((s) => s.group === group)!.id;
  const review = await api(`${w}/states/`, { name: 'In review', color: '#ffaa00', group: 'started' });
  const area = await api(`${w}/labels/`, { name: 'Area', color: '#112233' });
  const backend = await api(`${w}/labels/`, { name: 'Backend', color: '#445566', parent: area.id });
  const bug = await api(`${w}/labels/`, { name: 'Bug', color: '#ff0000' });
  // The estimate as Plane's clients make one: bare, then its points in bulk, then made active.
  const estimate = await api(`${w}/estimates/`, { name: 'Points', description: 'Fibonacci', type: 'points' });
  const points = await api(`${w}/estimates/${estimate.id}/estimate-points/`, [
    { value: '1' },
    { value: '2', description: 'a day' },
    { value: '3' },
  ]);
  await api(`${w}/`, { estimate: estimate.id }, 'PATCH');

  const current = await api(`${w}/cycles/`, {
    name: 'Sprint 1',
    description: 'first',
    start_date: day(-3),
    end_date: day(4),
    owned_by: admin.user.id,
  });
  const next = await api(`${w}/cycles/`, { name: 'Sprint 2', start_date: day(5), end_date: day(12) });
  const checkout = await api(`${w}/modules/`, {
    name: 'Checkout',
    status: 'in-progress',
    lead: member.user.id,
    members: [member.user.id, admin.user.id],
    start_date: day(-10),
    target_date: day(20),
  });

  const epic = await api(`${w}/work-items/`, {
    name: 'Checkout epic',
    description_html: '<p>All of <strong>checkout</strong></p>',
    priority: 'high',
    labels: [area.id],
    assignees: [admin.user.id],
    estimate_point: points[2].id,
    start_date: day(-2),
    target_date: day(10),
  });
  const child = await api(`${w}/work-items/`, {
    name: 'Card form',
    parent: epic.id,
    state: review.id,
    labels: [backend.id, bug.id],
    assignees: [member.user.id, admin.user.id],
    estimate_point: points[0].id,
  });
  const done = await api(`${w}/work-items/`, { name: 'Payment provider', state: stateOf('started') });
  await api(`${w}/work-items/${done.id}/`, { state: stateOf('completed') }, 'PATCH');
  const gone = await api(`${w}/work-items/`, { name: 'Removed later' });
  await api(`${w}/work-items/${gone.id}/`, undefined, 'DELETE');
  const last = await api(`${w}/work-items/`, { name: 'Receipt mail', priority: 'low' });
  const opsItem = await api(`${o}/work-items/`, { name: 'Rotate keys', assignees: [member.user.id] });
  await api(`${o}/work-items/`, { name: 'Backups' });

  await api(`${w}/cycles/${current.id}/cycle-issues/`, { issues: [epic.id, child.id] });
  await api(`${w}/cycles/${next.id}/cycle-issues/`, { issues: [last.id] });
  await api(`${w}/modules/${checkout.id}/module-issues/`, { issues: [epic.id, child.id, done.id] });
  await api(`${w}/work-items/${child.id}/relations/`, { relation_type: 'blocking', issues: [done.id] });
  await api(`${w}/work-items/${epic.id}/relations/`, { relation_type: 'relates_to', issues: [opsItem.id] });
  await api(`${w}/work-items/${last.id}/relations/`, { relation_type: 'start_after', issues: [done.id] });
  await api(`${w}/work-items/${child.id}/comments/`, { comment_html: '<p>Owner <em>says</em></p>' });
  const byMember = await member.client.post(`/api/workspaces/${slug}/${w}/issues/${child.id}/comments/`, {
    comment_html: '<p>Member replies</p>',
  });
  expect(byMember.status, byMember.text).toBe(201);
  await api(`${w}/work-items/${child.id}/links/`, { url: 'https://example.com/spec', title: 'Spec' });
  await api(`${o}/work-items/${opsItem.id}/links/`, { url: 'https://example.com/runbook' });

  target = await startTestApp({ API_RATE_LIMIT: '100000' });
  first = await importPlane({
    source: createPlaneSource({ baseUrl: source.baseUrl, apiKey: sourceKey }),
    services: target.services,
    workspace: slug,
  });
  // The owner has no password on the target: a magic code signs them in, then they make a key.
  targetOwner = await magicSignIn(target, owner.user.email);
  targetKey = await targetToken(slug);
}, 180_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('npm run import:plane', () => {
  it('reproduces the source workspace in an empty instance', async () => {
    const [from, to] = [await snapshot(source, sourceKey, slug), await snapshot(target, targetKey, slug)];
    expect(from.projects).toHaveLength(2);
    const web = from.projects.find((p: Json) => p.identifier === 'WEB');
    // The fixture has what the comparison is about (a comparison of two empty lists proves nothing).
    expect(web.work_items.map((i: Json) => i.key)).toEqual(['WEB-1', 'WEB-2', 'WEB-3', 'WEB-5']);
    expect(web.work_items.find((i: Json) => i.key === 'WEB-3').completed_at).not.toBeNull();
    expect(web.work_items.find((i: Json) => i.key === 'WEB-2').comments).toHaveLength(2);
    expect(web.work_items.find((i: Json) => i.key === 'WEB-2').relations).toEqual({ blocking: ['WEB-3'] });
    expect(web.work_items.find((i: Json) => i.key === 'WEB-1').relations).toEqual({ relates_to: ['OPS-1'] });
    expect(web.modules[0].items).toEqual(['WEB-1', 'WEB-2', 'WEB-3']);
    expect(web.work_items[0].activity.length).toBeGreaterThan(0);
    expect(web.estimate).toEqual({
      name: 'Points',
      description: 'Fibonacci',
      type: 'points',
      last_used: false,
      active: true,
      points: [
        { key: 1, value: '1', description: '' },
        { key: 2, value: '2', description: 'a day' },
        { key: 3, value: '3', description: '' },
      ],
    });
    expect(web.work_items.map((i: Json) => i.estimate_point)).toEqual(['3', '1', null, null]);
    expect(from.projects.find((p: Json) => p.identifier === 'OPS').estimate).toBeNull();
    expect(to).toEqual(from);
    expect(first.tallies['work items']).toEqual({ created: 6, updated: 0, unchanged: 0 });
    expect(first.tallies.estimates).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(first.tallies['estimate points']).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(first.skipped).toEqual([]);
  });

  it('keeps numbers, so new items continue after the highest', async () => {
    const [web] = (await all(target, targetKey, `workspaces/${slug}/projects/`)).filter(
      (p: Json) => p.identifier === 'WEB',
    );
    const created = await v1(target, targetKey, `workspaces/${slug}/projects/${web.id}/work-items/`, {
      method: 'POST',
      body: { name: 'Made on the target' },
    });
    expect(created.sequence_id).toBe(6);
    await v1(target, targetKey, `workspaces/${slug}/projects/${web.id}/work-items/${created.id}/`, {
      method: 'DELETE',
    });
  });

  it('gives members without an account one without a password', async () => {
    const [row] = await target.database.raw<Json>(
      'select count(*)::int as n, count(*) filter (where password_hash is null)::int as passwordless from users',
    );
    expect(row).toEqual({ n: 4, passwordless: 4 });
  });

  it('changes nothing when run again', async () => {
    const before = await footprint(target);
    const again = await importPlane({
      source: createPlaneSource({ baseUrl: source.baseUrl, apiKey: sourceKey }),
      services: target.services,
      workspace: slug,
    });
    expect(await footprint(target)).toEqual(before);
    for (const [entity, tally] of Object.entries(again.tallies)) {
      expect({ entity, created: tally.created, updated: tally.updated }).toEqual({
        entity,
        created: 0,
        updated: 0,
      });
    }
  });

  it('picks up source changes on a re-run, updating in place', async () => {
    const projects = await all(source, sourceKey, `workspaces/${slug}/projects/`);
    const ops = projects.find((p: Json) => p.identifier === 'OPS');
    const [item] = await all(source, sourceKey, `workspaces/${slug}/projects/${ops.id}/work-items/`);
    await v1(source, sourceKey, `workspaces/${slug}/projects/${ops.id}/work-items/${item.id}/`, {
      method: 'PATCH',
      body: { name: 'Renamed at the source', priority: 'urgent' },
    });
    const web = projects.find((p: Json) => p.identifier === 'WEB');
    const estimate = await v1(source, sourceKey, `workspaces/${slug}/projects/${web.id}/estimates/`);
    const three = estimate.points.find((x: Json) => x.value === '3');
    await v1(
      source,
      sourceKey,
      `workspaces/${slug}/projects/${web.id}/estimates/${estimate.id}/estimate-points/${three.id}/`,
      {
        method: 'PATCH',
        body: { value: '5' },
      },
    );
    const report = await importPlane({
      source: createPlaneSource({ baseUrl: source.baseUrl, apiKey: sourceKey }),
      services: target.services,
      workspace: slug,
    });
    expect(report.tallies['work items']).toMatchObject({ created: 0, updated: 1 });
    expect(report.tallies['estimate points']).toMatchObject({ created: 0, updated: 1 });
    expect(await snapshot(target, targetKey, slug)).toEqual(await snapshot(source, sourceKey, slug));
  });

  it('finishes after a crash halfway when run again, without duplicates', async () => {
    const into = `${slug}-resumed`;
    let sent = 0;
    const crashing: typeof fetch = (input, init) => {
      sent += 1;
      if (sent > Math.floor(first.requests / 2)) return Promise.reject(new Error('connection reset'));
      return fetch(input, init);
    };
    const broken = createPlaneSource({
      baseUrl: source.baseUrl,
      apiKey: sourceKey,
      fetch: crashing,
      retries: 1,
      retryDelayMs: 1,
    });
    await expect(
      importPlane({ source: broken, services: target.services, workspace: slug, into }),
    ).rejects.toThrow(/connection reset/);
    const [partial] = await target.database.raw<Json>(
      'select count(*)::int as n from issues i join workspaces w on w.id = i.workspace_id where w.slug = $1',
      [into],
    );
    expect(partial.n).toBeGreaterThan(0);
    await importPlane({
      source: createPlaneSource({ baseUrl: source.baseUrl, apiKey: sourceKey }),
      services: target.services,
      workspace: slug,
      into,
    });
    expect(await snapshot(target, await targetToken(into), into)).toEqual(
      await snapshot(source, sourceKey, slug),
    );
  });

  it('says clearly when the key or the workspace is wrong', async () => {
    const run = (apiKey: string, workspace: string) =>
      importPlane({
        source: createPlaneSource({ baseUrl: source.baseUrl, apiKey }),
        services: target.services,
        workspace,
      });
    await expect(run('plane_api_wrong', slug)).rejects.toThrow(/refused the API key \(401\)/);
    await expect(run(sourceKey, 'no-such-workspace')).rejects.toThrow(/'no-such-workspace' was not found/);
  });
});

describe('source client', () => {
  it('waits out a 429 until the window resets, follows cursors and retries 5xx', async () => {
    const slept: number[] = [];
    const answers = [
      new Response('{}', {
        status: 429,
        headers: { 'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 3) },
      }),
      new Response('oops', { status: 502 }),
      Response.json({ results: [{ id: 'a' }], next_cursor: '1:1:0', next_page_results: true }),
      Response.json({ results: [{ id: 'b' }], next_cursor: '1:2:0', next_page_results: false }),
    ];
    const urls: string[] = [];
    const client = createPlaneSource({
      baseUrl: 'https://plane.example/',
      apiKey: 'k',
      fetch: async (url, init) => {
        urls.push(String(url));
        expect((init!.headers as Record<string, string>)['X-Api-Key']).toBe('k');
        return answers.shift()!;
      },
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(await client.list('workspaces/w/projects/')).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(slept[0]).toBeGreaterThanOrEqual(2000);
    expect(slept[0]).toBeLessThanOrEqual(4000);
    expect(slept).toHaveLength(2);
    expect(urls.at(-1)).toBe(
      'https://plane.example/api/v1/workspaces/w/projects/?per_page=100&cursor=1%3A1%3A0',
    );
    await expect(
      createPlaneSource({
        baseUrl: 'https://plane.example',
        apiKey: 'k',
        fetch: async () => new Response('{}', { status: 401 }),
      }).get('users/me/'),
    ).rejects.toBeInstanceOf(SourceError);
  });
});
