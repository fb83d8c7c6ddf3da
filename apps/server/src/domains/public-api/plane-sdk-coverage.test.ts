import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RESOURCE_NOT_SUPPORTED } from '@kite/shared/errors';
import { BaseResource, HttpError, PlaneClient } from '@makeplane/plane-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every method of Plane's Node SDK, called through the SDK against the real server, and the table
 * of docs/plane-sdk.md that says what each gets: the table's method list must be the SDK's (found
 * by reflection on a PlaneClient), the supported ones round-trip real data, and the others answer
 * 404 `RESOURCE_NOT_SUPPORTED`. A method no test here calls fails the last check.
 */

type Method = (...args: unknown[]) => Promise<unknown>;
interface SdkMethod {
  resource: object;
  original: Method;
  params: string[];
}

/** `resource.method` → the method, for every resource object a client has (sub-resources too). */
function sdkMethods(client: PlaneClient): Map<string, SdkMethod> {
  const found = new Map<string, SdkMethod>();
  const own = new Set(Object.getOwnPropertyNames(BaseResource.prototype));
  const walk = (resource: object, name: string) => {
    for (let proto = Object.getPrototypeOf(resource); proto && proto !== BaseResource.prototype; ) {
      for (const key of Object.getOwnPropertyNames(proto)) {
        // From the prototype: a tracked client shadows each method with a recording wrapper.
        const value = (proto as Record<string, unknown>)[key];
        if (key === 'constructor' || own.has(key) || typeof value !== 'function') continue;
        const source = (value as Method).toString();
        const params = (/^[^(]*\(([^)]*)\)/.exec(source)?.[1] ?? '')
          .split(',')
          .map((param) => param.trim())
          .filter(Boolean);
        found.set(`${name}.${key}`, { resource, original: value as Method, params });
      }
      proto = Object.getPrototypeOf(proto);
    }
    for (const [key, value] of Object.entries(resource)) {
      if (value instanceof BaseResource) walk(value, `${name}.${key}`);
    }
  };
  for (const [key, value] of Object.entries(client)) {
    if (value instanceof BaseResource) walk(value, key);
  }
  return found;
}

/** The table of docs/plane-sdk.md: method → what Kite answers. */
function documentedMethods(): Map<string, string> {
  const doc = readFileSync(new URL('../../../../../docs/plane-sdk.md', import.meta.url), 'utf8');
  const rows = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const match = /^\| `([A-Za-z.]+)` \| `[^`]+` \| (.+) \|$/.exec(line);
    if (match) rows.set(match[1]!, match[2]!);
  }
  return rows;
}

const called = new Set<string>();

/** Records each SDK method called (by its table name) on this client. */
function tracked(client: PlaneClient): PlaneClient {
  for (const [name, { resource, original }] of sdkMethods(client)) {
    (resource as Record<string, unknown>)[name.split('.').at(-1)!] = (...args: unknown[]) => {
      called.add(name);
      return original.apply(resource, args);
    };
  }
  return client;
}

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let slug: string;
let plane: PlaneClient;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ API_RATE_LIMIT: '100000' });
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  member = await addMember(t, owner, slug, 15);
  const token = await owner.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'SDK coverage' });
  expect(token.status, token.text).toBe(201);
  plane = tracked(new PlaneClient({ baseUrl: t.baseUrl, apiKey: token.body.token }));
}, 120_000);
afterAll(() => t?.close());

/** What an SDK call failed with: its status and the server's body. */
async function failure(call: Promise<unknown>): Promise<{ status?: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError & { response?: Record<string, unknown> };
    return { status: http.statusCode, body: http.response ?? {} };
  }
  throw new Error('the call succeeded');
}

describe('docs/plane-sdk.md', () => {
  it("lists exactly the methods of the SDK's resource objects", () => {
    const sdk = [...sdkMethods(new PlaneClient({ baseUrl: 'http://sdk.invalid', apiKey: 'x' })).keys()];
    // The reflection found the SDK's resources, nested ones included.
    expect(sdk).toEqual(
      expect.arrayContaining(['workItems.create', 'workItems.comments.list', 'releases.tags.list']),
    );
    expect([...documentedMethods().keys()].sort()).toEqual(sdk.sort());
  });

  it('says for each method that it is supported or answers 404 RESOURCE_NOT_SUPPORTED', () => {
    for (const [name, kite] of documentedMethods()) {
      expect(kite, name).toMatch(/^(supported|404 `RESOURCE_NOT_SUPPORTED` \(.+\))/);
    }
  });
});

describe('supported methods', () => {
  let projectId: string;
  let identifier: string;
  let started: string;
  let done: string;

  it('reads the caller, the members with their role slugs, the roles and their distribution', async () => {
    expect(await plane.users.me()).toMatchObject({ id: owner.user.id, email: owner.user.email });
    const everyone = await plane.workspace.getMembers(slug);
    expect(everyone.find((m) => m.id === member.user.id)).toMatchObject({ role: 15, role_slug: 'member' });
    expect(everyone.find((m) => m.id === owner.user.id)).toMatchObject({ role: 20, role_slug: 'admin' });
    const lite = await plane.workspace.getMembersLite(slug, { per_page: 1 });
    expect(lite.total_count).toBe(2);
    expect(lite.results).toHaveLength(1);
    expect(lite.next_page_results).toBe(true);

    const roles = await plane.roles.list(slug, { namespace: 'project' });
    expect(roles.results.map((role) => [role.slug, role.level])).toEqual([
      ['admin', 20],
      ['member', 15],
      ['viewer', 10],
      ['guest', 5],
    ]);
    const all = await plane.roles.list(slug);
    expect(all.total_count).toBe(8);
    expect(await plane.roles.retrieve(slug, roles.results[1]!.id!)).toEqual(roles.results[1]);
    expect((await failure(plane.roles.retrieve(slug, randomUUID()))).status).toBe(404);

    const project = await plane.projects.create(slug, { name: 'Roles Count', identifier: 'ROLES' });
    await plane.projects.create(slug, { name: 'Roles Count Two', identifier: 'ROLE2' });
    const distribution = await plane.workspace.getProjectRoleDistribution(slug);
    // The owner is admin of both projects.
    expect(distribution).toMatchObject({ total_memberships: 2, total_distinct_members: 1 });
    expect(distribution.roles.find((role) => role.slug === 'admin')).toMatchObject({
      membership_count: 2,
      distinct_member_count: 1,
    });
    expect(distribution.roles.find((role) => role.slug === 'member')?.membership_count).toBe(0);
    await plane.projects.delete(slug, project.id);
  });

  it('creates, lists (also lite, by limit/offset), updates, archives and deletes projects', async () => {
    const project = await plane.projects.create(slug, { name: 'Sdk Coverage', identifier: 'COVER' });
    projectId = project.id;
    identifier = project.identifier!;
    expect((await plane.projects.retrieve(slug, projectId)).name).toBe('Sdk Coverage');
    expect((await plane.projects.update(slug, projectId, { description: 'all of it' })).description).toBe(
      'all of it',
    );
    const listed = await plane.projects.list(slug, { limit: 1, offset: 0 });
    expect(listed.results).toHaveLength(1);
    expect(listed.total_count).toBe(2);
    const second = await plane.projects.list(slug, { limit: 1, offset: 1 });
    expect(second.results.map((p) => p.id)).not.toEqual(listed.results.map((p) => p.id));
    expect((await failure(plane.projects.list(slug, { limit: 2, offset: 1 }))).body.error_code).toBe(
      'INVALID_CURSOR',
    );
    const lite = await plane.projects.listLite(slug);
    expect(lite.results.find((p) => p.id === projectId)).toEqual(
      expect.objectContaining({ id: projectId, identifier: 'COVER', name: 'Sdk Coverage' }),
    );
    expect(Object.keys(lite.results[0]!)).not.toContain('members');

    const team = await plane.projects.getMembers(slug, projectId);
    expect(team).toEqual([expect.objectContaining({ id: owner.user.id, role: 20, role_slug: 'admin' })]);
    const teamLite = await plane.projects.getMembersLite(slug, projectId);
    expect(teamLite.results).toEqual(team);

    const other = await plane.projects.create(slug, { name: 'Shelved', identifier: 'SHELF' });
    await plane.projects.archive(slug, other.id);
    expect((await plane.projects.retrieve(slug, other.id)).archived_at).not.toBeNull();
    await plane.projects.unArchive(slug, other.id);
    expect((await plane.projects.retrieve(slug, other.id)).archived_at).toBeNull();
    await plane.projects.delete(slug, other.id);
    expect((await failure(plane.projects.retrieve(slug, other.id))).status).toBe(404);
  });

  it("reads and switches the project's features", async () => {
    await plane.projects.update(slug, projectId, { intake_view: false, page_view: true });
    expect(await plane.projects.retrieveFeatures(slug, projectId)).toMatchObject({
      intakes: false,
      pages: true,
      epics: false,
      work_item_types: false,
    });
    const switched = await plane.projects.updateFeatures(slug, projectId, { intakes: true, views: false });
    expect(switched).toMatchObject({ intakes: true, views: false, pages: true });
    expect(await plane.projects.retrieve(slug, projectId)).toMatchObject({
      intake_view: true,
      issue_views_view: false,
    });
    await plane.projects.updateFeatures(slug, projectId, { views: true });
    const refused = await failure(plane.projects.updateFeatures(slug, projectId, { epics: true }));
    expect(refused).toMatchObject({ status: 400, body: { error_code: 'VALIDATION_ERROR' } });
  });

  it('manages states and labels', async () => {
    const states = await plane.states.list(slug, projectId);
    started = states.results.find((s) => s.group === 'started')!.id;
    done = states.results.find((s) => s.group === 'completed')!.id;
    const review = await plane.states.create(slug, projectId, {
      name: 'Review',
      color: '#ffaa00',
      group: 'started',
    });
    expect((await plane.states.retrieve(slug, projectId, review.id)).name).toBe('Review');
    expect((await plane.states.update(slug, projectId, review.id, { name: 'QA' })).name).toBe('QA');
    await plane.states.delete(slug, projectId, review.id);
    expect((await failure(plane.states.retrieve(slug, projectId, review.id))).status).toBe(404);

    const label = await plane.labels.create(slug, projectId, { name: 'cover', color: '#3366ff' });
    expect((await plane.labels.list(slug, projectId)).results.map((l) => l.id)).toContain(label.id);
    expect((await plane.labels.retrieve(slug, projectId, label.id!)).name).toBe('cover');
    expect((await plane.labels.update(slug, projectId, label.id!, { name: 'covered' })).name).toBe('covered');
    await plane.labels.delete(slug, projectId, label.id!);
    expect((await failure(plane.labels.retrieve(slug, projectId, label.id!))).status).toBe(404);
  });

  it('lists, filters, counts, searches, archives and deletes work items', async () => {
    const urgent = await plane.workItems.create(slug, projectId, {
      name: 'Urgent checkout bug',
      priority: 'urgent',
      state: started,
    });
    const low = await plane.workItems.create(slug, projectId, { name: 'Polish footer', priority: 'low' });
    const finished = await plane.workItems.create(slug, projectId, { name: 'Shipped', state: done });
    expect((await plane.workItems.retrieve(slug, projectId, urgent.id, ['state'])).state).toMatchObject({
      id: started,
    });
    expect((await plane.workItems.update(slug, projectId, low.id, { name: 'Polish the footer' })).name).toBe(
      'Polish the footer',
    );

    // Plane's `filters=` tree, JSON-encoded by the SDK.
    const filtered = await plane.workItems.list(slug, projectId, { filters: { priority: 'urgent' } });
    expect(filtered.results.map((w) => w.id)).toEqual([urgent.id]);
    const byGroup = await plane.workItems.list(slug, projectId, {
      filters: { or: [{ state_group__in: ['completed'] }, { priority: 'low' }] },
    });
    expect(byGroup.results.map((w) => w.id).sort()).toEqual([low.id, finished.id].sort());
    expect(
      (await failure(plane.workItems.list(slug, projectId, { pql: 'priority = "urgent"' }))).status,
    ).toBe(400);
    const paged = await plane.workItems.list(slug, projectId, { limit: 2, offset: 2 });
    expect(paged.results).toHaveLength(1);
    expect(paged.total_count).toBe(3);

    // Across the workspace: another project's item too.
    const elsewhere = await plane.projects.create(slug, { name: 'Elsewhere', identifier: 'ELSE' });
    const far = await plane.workItems.create(slug, elsewhere.id, { name: 'Far away', priority: 'urgent' });
    const everywhere = await plane.workItems.listWorkspace(slug, { expand: 'project' });
    expect(everywhere.results.map((w) => w.id).sort()).toEqual(
      [urgent.id, low.id, finished.id, far.id].sort(),
    );
    expect(everywhere.results.find((w) => w.id === far.id)?.project).toMatchObject({ id: elsewhere.id });
    const urgentEverywhere = await plane.workItems.listWorkspace(slug, { filters: { priority: 'urgent' } });
    expect(urgentEverywhere.results.map((w) => w.id).sort()).toEqual([urgent.id, far.id].sort());

    expect(await plane.workItems.countWorkspace(slug)).toMatchObject({ total_count: 4 });
    const counted = await plane.workItems.countWorkspace(slug, { group_by: 'priority' });
    expect(counted.grouped_counts).toMatchObject({
      urgent: { count: 2 },
      low: { count: 1 },
      none: { count: 1 },
    });
    const nested = await plane.workItems.countWorkspace(slug, {
      group_by: 'project',
      sub_group_by: 'priority',
    });
    expect(nested.grouped_counts?.[elsewhere.id]).toMatchObject({
      count: 1,
      sub_grouped_counts: { urgent: { count: 1 }, low: { count: 0 } },
    });
    const urgentCount = await plane.workItems.countWorkspace(slug, {
      filters: JSON.stringify({ priority: 'urgent' }),
    });
    expect(urgentCount.total_count).toBe(2);

    const found = await plane.workItems.advancedSearch(slug, { query: 'checkout' });
    expect(found).toEqual([
      expect.objectContaining({
        id: urgent.id,
        project_identifier: identifier,
        sequence_id: urgent.sequence_id,
      }),
    ]);
    const foundByFilter = await plane.workItems.advancedSearch(slug, {
      filters: { priority: 'urgent' },
      limit: 10,
    });
    expect(foundByFilter.map((hit) => hit.id).sort()).toEqual([urgent.id, far.id].sort());
    expect((await plane.workItems.search(slug, 'checkout', projectId)).issues.map((hit) => hit.id)).toEqual([
      urgent.id,
    ]);
    expect((await plane.workItems.retrieveByIdentifier(slug, `${identifier}-${urgent.sequence_id}`)).id).toBe(
      urgent.id,
    );

    // Archive: only what is done, then it leaves the list for the archived one, and comes back.
    expect((await failure(plane.workItems.archive(slug, projectId, urgent.id))).body.error_code).toBe(
      'ARCHIVE_NOT_ALLOWED',
    );
    await plane.workItems.archive(slug, projectId, finished.id);
    expect((await plane.workItems.listArchived(slug, projectId)).results.map((w) => w.id)).toEqual([
      finished.id,
    ]);
    expect((await plane.workItems.list(slug, projectId)).results.map((w) => w.id)).not.toContain(finished.id);
    await plane.workItems.unarchive(slug, projectId, finished.id);
    expect((await plane.workItems.listArchived(slug, projectId)).total_count).toBe(0);
    expect((await plane.workItems.list(slug, projectId)).results.map((w) => w.id)).toContain(finished.id);

    await plane.workItems.delete(slug, projectId, low.id);
    expect((await failure(plane.workItems.retrieve(slug, projectId, low.id))).status).toBe(404);
    await plane.projects.delete(slug, elsewhere.id);
  });

  it("covers a work item's comments, links, relations and activities", async () => {
    const item = await plane.workItems.create(slug, projectId, { name: 'With parts' });
    const blocker = await plane.workItems.create(slug, projectId, { name: 'Blocker' });
    const comment = await plane.workItems.comments.create(slug, projectId, item.id, {
      comment_html: '<p>Hi</p>',
    });
    expect((await plane.workItems.comments.list(slug, projectId, item.id)).results.map((c) => c.id)).toEqual([
      comment.id,
    ]);
    expect((await plane.workItems.comments.retrieve(slug, projectId, item.id, comment.id)).comment_html).toBe(
      '<p>Hi</p>',
    );
    expect(
      (
        await plane.workItems.comments.update(slug, projectId, item.id, comment.id, {
          comment_html: '<p>Yo</p>',
        })
      ).comment_html,
    ).toBe('<p>Yo</p>');
    await plane.workItems.comments.delete(slug, projectId, item.id, comment.id);
    expect((await plane.workItems.comments.list(slug, projectId, item.id)).total_count).toBe(0);

    // Links under both of the SDK's names.
    for (const links of [plane.links, plane.workItems.links]) {
      const link = await links.create(slug, projectId, item.id, { url: 'https://example.com/a', title: 'A' });
      expect((await links.list(slug, projectId, item.id)).results.map((l) => l.id)).toEqual([link.id]);
      expect((await links.retrieve(slug, projectId, item.id, link.id)).url).toBe('https://example.com/a');
      expect((await links.update(slug, projectId, item.id, link.id, { title: 'B' })).title).toBe('B');
      await links.delete(slug, projectId, item.id, link.id);
      expect((await links.list(slug, projectId, item.id)).total_count).toBe(0);
    }

    await plane.workItems.relations.create(slug, projectId, item.id, {
      relation_type: 'blocked_by',
      issues: [blocker.id],
    });
    expect((await plane.workItems.relations.list(slug, projectId, item.id)).blocked_by).toEqual([blocker.id]);
    await plane.workItems.relations.delete(slug, projectId, item.id, { related_issue: blocker.id });
    expect((await plane.workItems.relations.list(slug, projectId, item.id)).blocked_by).toEqual([]);

    await plane.workItems.update(slug, projectId, item.id, { priority: 'high' });
    const activities = await plane.workItems.activities.list(slug, projectId, item.id);
    const change = activities.results.find((a) => a.field === 'priority')!;
    expect(change.new_value).toBe('high');
    expect((await plane.workItems.activities.retrieve(slug, projectId, item.id, change.id)).id).toBe(
      change.id,
    );
  });

  it('uploads an attachment the presigned way: create, POST the form, confirm; then reads and deletes it', async () => {
    const item = await plane.workItems.create(slug, projectId, { name: 'With a file' });
    const bytes = Buffer.from('%PDF-1.4\nhello from the SDK\n');
    const created = (await plane.workItems.attachments.create(slug, projectId, item.id, {
      name: 'notes.pdf',
      type: 'application/pdf',
      size: bytes.length,
    })) as unknown as {
      asset_id: string;
      upload_data: { url: string; fields: Record<string, string> };
      attachment: { is_uploaded: boolean };
    };
    expect(created.attachment.is_uploaded).toBe(false);
    expect(created.upload_data.url).toBe(`${t.baseUrl}/api/attachment-uploads/`);
    // Not there until the file comes.
    expect(
      (await failure(plane.workItems.attachments.retrieve(slug, projectId, item.id, created.asset_id)))
        .status,
    ).toBe(404);

    const form = (fields: Record<string, string>, file: Buffer) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append('file', new Blob([file]), 'notes.pdf');
      return body;
    };
    // A token changed anywhere no longer opens.
    const [version, iv, tag, data] = created.upload_data.fields.token!.split(':') as [
      string,
      string,
      string,
      string,
    ];
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    const forged = { ...created.upload_data.fields, token: [version, iv, tag, flipped].join(':') };
    const refused = await fetch(created.upload_data.url, { method: 'POST', body: form(forged, bytes) });
    expect(refused.status).toBe(403);
    const tooBig = await fetch(created.upload_data.url, {
      method: 'POST',
      body: form(created.upload_data.fields, Buffer.concat([bytes, bytes])),
    });
    expect(tooBig.status).toBe(400);
    const sent = await fetch(created.upload_data.url, {
      method: 'POST',
      body: form(created.upload_data.fields, bytes),
    });
    expect(sent.status).toBe(204);
    const again = await fetch(created.upload_data.url, {
      method: 'POST',
      body: form(created.upload_data.fields, bytes),
    });
    expect(again.status).toBe(409);

    const confirmed = await plane.workItems.attachments.update(slug, projectId, item.id, created.asset_id, {
      is_uploaded: true,
    });
    expect(confirmed).toMatchObject({ id: created.asset_id, is_uploaded: true, size: bytes.length });
    expect((confirmed.attributes as { name: string }).name).toBe('notes.pdf');
    expect(await plane.workItems.attachments.list(slug, projectId, item.id)).toEqual([confirmed]);
    expect(await plane.workItems.attachments.retrieve(slug, projectId, item.id, created.asset_id)).toEqual(
      confirmed,
    );
    // The bytes round-trip through the app's download.
    const download = await owner.client.get(
      `/api/workspaces/${slug}/projects/${projectId}/issues/${item.id}/issue-attachments/${created.asset_id}/download/`,
    );
    expect(download.status).toBe(200);
    expect(download.text).toBe(bytes.toString());

    await plane.workItems.attachments.delete(slug, projectId, item.id, created.asset_id);
    expect(await plane.workItems.attachments.list(slug, projectId, item.id)).toEqual([]);
  });

  it('plans with cycles (lite, archived, transfer) and modules (lite, archived)', async () => {
    const item = await plane.workItems.create(slug, projectId, { name: 'Planned' });
    const current = await plane.cycles.create(slug, projectId, {
      name: 'Now',
      start_date: day(-1),
      end_date: day(5),
      owned_by: owner.user.id,
      project_id: projectId,
    });
    const next = await plane.cycles.create(slug, projectId, {
      name: 'Next',
      start_date: day(20),
      end_date: day(30),
      owned_by: owner.user.id,
      project_id: projectId,
    });
    const past = await plane.cycles.create(slug, projectId, {
      name: 'Past',
      start_date: day(-40),
      end_date: day(-30),
      owned_by: owner.user.id,
      project_id: projectId,
    });
    expect((await plane.cycles.list(slug, projectId)).total_count).toBe(3);
    expect((await plane.cycles.retrieve(slug, projectId, current.id)).name).toBe('Now');
    expect((await plane.cycles.update(slug, projectId, current.id, { name: 'Now!' })).name).toBe('Now!');
    const lite = await plane.cycles.listLite(slug, projectId, { status: 'upcoming' });
    expect(lite.results.map((c) => c.id)).toEqual([next.id]);
    expect(Object.keys(lite.results[0]!)).not.toContain('total_issues');

    await plane.cycles.addWorkItemsToCycle(slug, projectId, current.id, [item.id]);
    expect(
      (await plane.cycles.listWorkItemsInCycle(slug, projectId, current.id)).results.map((w) => w.id),
    ).toEqual([item.id]);
    await plane.cycles.transferWorkItemsToAnotherCycle(slug, projectId, current.id, {
      new_cycle_id: next.id,
    });
    expect(
      (await plane.cycles.listWorkItemsInCycle(slug, projectId, next.id)).results.map((w) => w.id),
    ).toEqual([item.id]);
    await plane.cycles.removeWorkItemFromCycle(slug, projectId, next.id, item.id);
    expect((await plane.cycles.listWorkItemsInCycle(slug, projectId, next.id)).total_count).toBe(0);

    await plane.cycles.archive(slug, projectId, past.id);
    expect((await plane.cycles.listArchived(slug, projectId)).results.map((c) => c.id)).toEqual([past.id]);
    await plane.cycles.unArchive(slug, projectId, past.id);
    expect((await plane.cycles.listArchived(slug, projectId)).total_count).toBe(0);
    await plane.cycles.delete(slug, projectId, past.id);
    expect((await failure(plane.cycles.retrieve(slug, projectId, past.id))).status).toBe(404);

    const module = await plane.modules.create(slug, projectId, { name: 'Checkout', status: 'planned' });
    expect((await plane.modules.list(slug, projectId)).results.map((m) => m.id)).toEqual([module.id]);
    expect((await plane.modules.listLite(slug, projectId)).results).toEqual([
      expect.objectContaining({ id: module.id, name: 'Checkout', status: 'planned' }),
    ]);
    expect((await plane.modules.retrieve(slug, projectId, module.id)).name).toBe('Checkout');
    await plane.modules.addWorkItemsToModule(slug, projectId, module.id, [item.id]);
    expect(
      (await plane.modules.listWorkItemsInModule(slug, projectId, module.id)).results.map((w) => w.id),
    ).toEqual([item.id]);
    await plane.modules.removeWorkItemFromModule(slug, projectId, module.id, item.id);
    await plane.modules.update(slug, projectId, module.id, { status: 'completed' });
    await plane.modules.archiveModule(slug, projectId, module.id);
    expect((await plane.modules.listArchivedModules(slug, projectId)).results.map((m) => m.id)).toEqual([
      module.id,
    ]);
    await plane.modules.unArchiveModule(slug, projectId, module.id);
    await plane.modules.delete(slug, projectId, module.id);
    expect((await failure(plane.modules.retrieve(slug, projectId, module.id))).status).toBe(404);
  });

  it('submits to the intake and triages through status/', async () => {
    const submitted = await plane.intake.create(slug, projectId, { issue: { name: 'Crash on login' } });
    expect(submitted.status).toBe(-2);
    expect((await plane.intake.list(slug, projectId)).results.map((i) => i.id)).toEqual([submitted.id]);
    expect((await plane.intake.retrieve(slug, projectId, submitted.issue!)).id).toBe(submitted.id);
    const edited = await plane.intake.update(slug, projectId, submitted.issue!, {
      issue: { name: 'Crash on login (iOS)' },
    });
    expect(edited.issue_detail?.name).toBe('Crash on login (iOS)');
    const snoozed = await plane.intake.updateStatus(slug, projectId, submitted.issue!, {
      status: 0,
      snoozed_till: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(snoozed.status).toBe(0);
    const accepted = await plane.intake.updateStatus(slug, projectId, submitted.issue!, { status: 1 });
    expect(accepted.status).toBe(1);
    expect((await plane.workItems.retrieve(slug, projectId, submitted.issue!)).name).toBe(
      'Crash on login (iOS)',
    );
    const spam = await plane.intake.create(slug, projectId, { issue: { name: 'Spam' } });
    await plane.intake.delete(slug, projectId, spam.issue!);
    expect((await failure(plane.intake.retrieve(slug, projectId, spam.issue!))).status).toBe(404);
  });

  it("writes and reads the project's pages", async () => {
    const page = await plane.pages.createProjectPage(slug, projectId, {
      name: 'Runbook',
      description_html: '<p>Restart it</p>',
    });
    expect(page).toMatchObject({
      name: 'Runbook',
      project: projectId,
      description_html: '<p>Restart it</p>',
    });
    expect(await plane.pages.getProjectPage(slug, projectId, page.id!)).toMatchObject({
      id: page.id,
      description_html: '<p>Restart it</p>',
    });
    expect((await plane.pages.retrieveProjectPage(slug, projectId, page.id!)).name).toBe('Runbook');
    const listed = await plane.pages.listProjectPages(slug, projectId);
    expect(listed.results.map((p) => p.id)).toEqual([page.id]);
  });

  it("sizes work with the project's estimate", async () => {
    const estimate = await plane.estimates.create(slug, projectId, { name: 'Points', type: 'points' });
    const points = await plane.estimates.createPoints(slug, projectId, estimate.id, [
      { value: '1' },
      { value: '2' },
      { value: '3' },
    ]);
    expect((await plane.estimates.listPoints(slug, projectId, estimate.id)).map((p) => p.value)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(
      (await plane.estimates.updatePoint(slug, projectId, estimate.id, points[2]!.id, { value: '5' })).value,
    ).toBe('5');
    await plane.estimates.deletePoint(slug, projectId, estimate.id, points[0]!.id);
    expect((await plane.estimates.listPoints(slug, projectId, estimate.id)).map((p) => p.value)).toEqual([
      '2',
      '5',
    ]);
    await plane.estimates.linkToProject(slug, projectId, estimate.id);
    expect((await plane.projects.retrieve(slug, projectId)).estimate).toBe(estimate.id);
    expect((await plane.estimates.update(slug, projectId, { name: 'Sizes' })).name).toBe('Sizes');
    expect((await plane.estimates.retrieve(slug, projectId)).name).toBe('Sizes');
    await plane.estimates.delete(slug, projectId);
    expect((await failure(plane.estimates.retrieve(slug, projectId))).status).toBe(404);
  });
});

describe('methods of resources Kite does not have', () => {
  it(`answer 404 ${RESOURCE_NOT_SUPPORTED} naming the resource, and NOT_FOUND outside the workspace`, async () => {
    const project = await plane.projects.create(slug, { name: 'Unsupported', identifier: 'NOPE' });
    const item = await plane.workItems.create(slug, project.id, { name: 'Target' });
    const methods = sdkMethods(plane);
    const refused = [...documentedMethods()].filter(([, kite]) => kite.startsWith('404'));
    expect(refused.length).toBeGreaterThan(200);
    for (const [name, kite] of refused) {
      const method = methods.get(name)!;
      const args = method.params.map((param) => {
        if (param === 'workspaceSlug') return slug;
        if (param === 'projectId') return project.id;
        if (param === 'workItemId' || param === 'issueId') return item.id;
        if (/Ids$/.test(param)) return [randomUUID()];
        if (/Id$/.test(param)) return randomUUID();
        if (['search', 'externalSource', 'externalId'].includes(param)) return 'x';
        if (param === 'archivePages') return true;
        return { name: 'x' };
      });
      const resource = kite.slice(kite.indexOf('(') + 1, -1);
      // Through the tracked method, so the call counts as made.
      const call = (method.resource as Record<string, Method>)[name.split('.').at(-1)!]!(...args);
      const answer = await failure(call);
      expect(answer.status, name).toBe(404);
      expect(answer.body, name).toMatchObject({ error_code: RESOURCE_NOT_SUPPORTED, resource });
      expect(answer.body.error, name).toContain(resource);
    }
    // Another workspace's slug is an unknown workspace, as on every route.
    const other = (await failure(plane.customers.list(`${slug}-nope`))).body;
    expect(other.error_code).toBe('NOT_FOUND');
  });
});

describe('OpenAPI document', () => {
  it('documents the routes the SDK reaches, the catch-alls, and the anonymous upload form', async () => {
    const doc = (await new Client(t.baseUrl).get('/api/openapi.json')).body;
    const count = doc.paths['/api/v1/workspaces/{slug}/work-items/count/'];
    expect(count.get.security).toEqual([{ apiKey: [] }]);
    expect(
      Object.keys(doc.paths['/api/v1/workspaces/{slug}/projects/{project_id}/features/']).sort(),
    ).toEqual(['get', 'patch']);
    expect(doc.paths['/api/v1/workspaces/{slug}/customers/'].get.summary).toContain(RESOURCE_NOT_SUPPORTED);
    // The form's POST carries no API key: it is not documented as taking one.
    expect(doc.paths['/api/attachment-uploads/'].post.security).toBeUndefined();
  });
});

describe('coverage', () => {
  it('called every method of the SDK through the SDK', () => {
    const notCalled = [...documentedMethods().keys()].filter((name) => !called.has(name));
    expect(notCalled).toEqual([]);
  });
});
