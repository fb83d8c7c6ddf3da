import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ALL = [
  'issue_reactions',
  'issue_attachment',
  'issue_link',
  'parent',
  'issue_relation',
  'issue_related',
  'state',
  'labels',
  'assignees',
];
const RELATION_KEYS = [
  'blocking',
  'blocked_by',
  'duplicate',
  'relates_to',
  'start_after',
  'start_before',
  'finish_after',
  'finish_before',
];

let t: TestApp;
let owner: SignedIn;
let slug: string;
let project: { id: string; identifier: string };
let base: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug);
  base = `/api/workspaces/${slug}/projects/${project.id}`;
});
afterEach(() => t.close());

const create = async (body: Record<string, unknown>, client = owner.client) => {
  const res = await client.post(`${base}/issues/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; sequence_id: number; state_id: string; [key: string]: unknown };
};
const ok = async (client: Client, url: string) => {
  const res = await client.get(url);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('work-item detail expand', () => {
  it('adds nothing without expand, and empty expansions for a bare work item', async () => {
    const issue = await create({ name: 'Bare' });
    const plain = await ok(owner.client, `${base}/issues/${issue.id}/`);
    for (const key of [...ALL, 'issue_attachments']) expect(plain).not.toHaveProperty(key);

    const expanded = await ok(owner.client, `${base}/issues/${issue.id}/?expand=${ALL.join(',')}`);
    const { id, name, state_id, description_html, is_subscribed } = plain;
    expect(expanded).toMatchObject({ id, name, state_id, description_html, is_subscribed });
    expect(expanded).toMatchObject({
      issue_reactions: [],
      issue_attachment: [],
      issue_link: [],
      parent: null,
      labels: [],
      assignees: [],
    });
    expect(Object.keys(expanded.issue_relation).sort()).toEqual([...RELATION_KEYS].sort());
    expect(Object.values(expanded.issue_relation).every((rows) => (rows as unknown[]).length === 0)).toBe(
      true,
    );
    expect(expanded.issue_related).toEqual(expanded.issue_relation);
    expect(expanded.state).toEqual(await ok(owner.client, `${base}/states/${issue.state_id}/`));
  });

  it('expands every part as its own endpoint returns it', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'Bug', color: '#ff0000' })).body;
    await owner.client.post(`${base}/issue-labels/`, { name: 'Unused', color: '#00ff00' });
    const parent = await create({ name: 'Parent', priority: 'high' });
    const other = await create({ name: 'Other' });
    const issue = await create({
      name: 'Child',
      parent_id: parent.id,
      label_ids: [label.id],
      assignee_ids: [member.user.id, owner.user.id],
    });
    const url = `${base}/issues/${issue.id}`;

    expect((await owner.client.post(`${url}/reactions/`, { reaction: '👍' })).status).toBe(201);
    expect((await member.client.post(`${url}/reactions/`, { reaction: '🎉' })).status).toBe(201);
    expect((await owner.client.post(`${url}/issue-links/`, { url: 'https://example.com/a' })).status).toBe(
      201,
    );
    const data = new FormData();
    data.append('asset', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    const upload = await owner.client.request('POST', `${url}/issue-attachments/`, { multipart: data });
    expect(upload.status, upload.text).toBe(201);
    const relation = await owner.client.post(`${url}/issue-relation/`, {
      relation_type: 'blocking',
      issues: [other.id],
    });
    expect(relation.status, relation.text).toBe(201);

    const expanded = await ok(owner.client, `${url}/?expand=${ALL.join(',')}`);
    expect(expanded.issue_reactions).toEqual(await ok(owner.client, `${url}/reactions/`));
    expect(expanded.issue_reactions).toHaveLength(2);
    expect(expanded.issue_link).toEqual(await ok(owner.client, `${url}/issue-links/`));
    expect(expanded.issue_link).toHaveLength(1);
    expect(expanded.issue_attachment).toEqual(await ok(owner.client, `${url}/issue-attachments/`));
    expect(expanded.issue_attachment[0].attributes).toMatchObject({ name: 'pixel.png', type: 'image/png' });
    expect(expanded.issue_relation).toEqual(await ok(owner.client, `${url}/issue-relation/`));
    expect(expanded.issue_relation.blocking.map((r: { id: string }) => r.id)).toEqual([other.id]);
    expect(expanded.issue_related).toEqual(expanded.issue_relation);
    expect(expanded.parent).toEqual({
      id: parent.id,
      name: 'Parent',
      sequence_id: parent.sequence_id,
      project_id: project.id,
      state_id: parent.state_id,
      priority: 'high',
    });
    expect(expanded.state).toEqual(await ok(owner.client, `${base}/states/${issue.state_id}/`));
    expect(expanded.labels).toEqual([await ok(owner.client, `${base}/issue-labels/${label.id}/`)]);
    // Assignees in the work item's order; the caller sees e-mails as a workspace admin.
    expect(expanded.assignees.map((u: { id: string }) => u.id)).toEqual([member.user.id, owner.user.id]);
    expect(expanded.assignees[0]).toMatchObject({ id: member.user.id, email: member.user.email });

    // A plain member sees only their own e-mail, as in the members list.
    const seen = await ok(member.client, `${url}/?expand=assignees`);
    expect(seen.assignees[0]).toMatchObject({ id: member.user.id, email: member.user.email });
    expect(seen.assignees[1]).not.toHaveProperty('email');
    expect(seen).not.toHaveProperty('labels');
  });

  it('answers the alias under its own name, and only the names asked for', async () => {
    const issue = await create({ name: 'Files' });
    const url = `${base}/issues/${issue.id}`;
    const data = new FormData();
    data.append('asset', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    expect(
      (await owner.client.request('POST', `${url}/issue-attachments/`, { multipart: data })).status,
    ).toBe(201);

    const alias = await ok(owner.client, `${url}/?expand=issue_attachments`);
    expect(alias.issue_attachments).toHaveLength(1);
    expect(alias).not.toHaveProperty('issue_attachment');
    expect(alias).not.toHaveProperty('issue_reactions');

    const both = await ok(owner.client, `${url}/?expand= issue_attachment,issue_attachments,,state`);
    expect(both.issue_attachments).toEqual(both.issue_attachment);
    expect(both.state.id).toBe(issue.state_id);
    expect(both).not.toHaveProperty('labels');

    const repeated = await ok(owner.client, `${url}/?expand=state&expand=labels`);
    expect(repeated.state.id).toBe(issue.state_id);
    expect(repeated.labels).toEqual([]);
  });

  it('refuses unknown expansion names with a field message', async () => {
    const issue = await create({ name: 'Strict' });
    const res = await owner.client.get(`${base}/issues/${issue.id}/?expand=state,bogus,comments`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    expect(res.body.fields.expand).toContain('bogus, comments');
    expect(res.body.fields.expand).toContain('issue_reactions');

    const byKey = await owner.client.get(
      `/api/workspaces/${slug}/work-items/${project.identifier}-${issue.sequence_id}/?expand=nope`,
    );
    expect(byKey.status).toBe(400);
    expect(byKey.body.fields.expand).toContain('nope');
  });

  it('expands on the work-items/{KEY} route', async () => {
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'Feature', color: '#123456' }))
      .body;
    const parent = await create({ name: 'Epic' });
    const issue = await create({ name: 'By key', parent_id: parent.id, label_ids: [label.id] });
    await owner.client.post(`${base}/issues/${issue.id}/issue-links/`, { url: 'https://example.com/k' });
    const key = `${project.identifier.toLowerCase()}-${issue.sequence_id}`;

    const expanded = await ok(
      owner.client,
      `/api/workspaces/${slug}/work-items/${key}/?expand=parent,labels,issue_link,assignees`,
    );
    expect(expanded.id).toBe(issue.id);
    expect(expanded.parent).toMatchObject({ id: parent.id, name: 'Epic' });
    expect(expanded.labels.map((l: { id: string }) => l.id)).toEqual([label.id]);
    expect(expanded.issue_link).toEqual(await ok(owner.client, `${base}/issues/${issue.id}/issue-links/`));
    expect(expanded.assignees).toEqual([]);
    expect(expanded).not.toHaveProperty('state');

    const plain = await ok(owner.client, `/api/workspaces/${slug}/work-items/${key}/`);
    expect(plain).not.toHaveProperty('parent');
  });

  it('hides a parent the caller cannot see and keeps other workspaces’ work items 404', async () => {
    // A member files a work item under the owner's, then becomes a guest who sees only their own.
    const guest = await addMember(t, owner, slug, 15);
    const membership = await addProjectMember(owner, slug, project.id, guest.user.id, 15);
    const parent = await create({ name: 'Secret parent' });
    const own = await create({ name: 'Guest item', parent_id: parent.id }, guest.client);
    const demoted = await owner.client.patch(`${base}/members/${membership.id}/`, { role: 5 });
    expect(demoted.status, demoted.text).toBe(200);
    const seen = await ok(guest.client, `${base}/issues/${own.id}/?expand=parent`);
    expect(seen.parent).toBeNull();
    expect((await guest.client.get(`${base}/issues/${parent.id}/?expand=parent`)).status).toBe(404);

    const issue = await create({ name: 'Private' });
    await owner.client.post(`${base}/issues/${issue.id}/issue-links/`, { url: 'https://example.com/p' });
    const stranger = await signUp(t);
    const otherSlug = (await createWorkspace(stranger)).slug;
    const otherProject = await createProject(stranger, otherSlug);
    const expand = '?expand=issue_link,issue_reactions,parent';

    const viaOwnProject = await stranger.client.get(
      `/api/workspaces/${otherSlug}/projects/${otherProject.id}/issues/${issue.id}/${expand}`,
    );
    expect(viaOwnProject.status).toBe(404);
    expect(viaOwnProject.body).toMatchObject({ error: 'Issue not found' });
    expect((await stranger.client.get(`${base}/issues/${issue.id}/${expand}`)).status).toBe(404);
    const viaKey = await stranger.client.get(
      `/api/workspaces/${otherSlug}/work-items/${project.identifier}-${issue.sequence_id}/${expand}`,
    );
    expect(viaKey.status).toBe(404);
    expect(
      (
        await stranger.client.get(
          `/api/workspaces/${slug}/work-items/${project.identifier}-${issue.sequence_id}/${expand}`,
        )
      ).status,
    ).toBe(404);
  });

  it('documents expand and the expansion keys in the OpenAPI document', async () => {
    const doc = await ok(new Client(t.baseUrl), '/api/openapi.json');
    const detail = doc.paths['/api/workspaces/{slug}/projects/{project_id}/issues/{issue_id}/'].get;
    expect(detail.parameters.map((p: { name: string }) => p.name)).toContain('expand');
    const schema = detail.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining([...ALL, 'issue_attachments']));
  });
});
