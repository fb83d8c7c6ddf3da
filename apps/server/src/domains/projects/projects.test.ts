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

const PROJECT_KEYS = [
  'id',
  'workspace',
  'name',
  'description',
  'description_html',
  'identifier',
  'network',
  'project_lead',
  'default_assignee',
  'emoji',
  'icon_prop',
  'logo_props',
  'cover_image',
  'cover_image_url',
  'cycle_view',
  'module_view',
  'issue_views_view',
  'page_view',
  'intake_view',
  'inbox_view',
  'guest_view_all_features',
  'archive_in',
  'close_in',
  'default_state',
  'estimate',
  'timezone',
  'sort_order',
  'archived_at',
  'anchor',
  'is_member',
  'is_favorite',
  'member_role',
  'members',
  'total_members',
  'external_source',
  'external_id',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
];

let t: TestApp;
let owner: SignedIn;
let slug: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

const projects = () => `/api/workspaces/${slug}/projects/`;

describe('creating projects', () => {
  it('creates a project with a sanitised identifier, the creator as admin and five default states', async () => {
    const res = await owner.client.post(projects(), { name: '  Web App ', identifier: 'we-b 1', network: 0 });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...PROJECT_KEYS].sort());
    expect(res.body).toMatchObject({
      name: 'Web App',
      identifier: 'WEB1',
      network: 0,
      is_member: true,
      member_role: 20,
      members: [owner.user.id],
      total_members: 1,
      archived_at: null,
      anchor: null,
      page_view: true,
      intake_view: false,
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const states = await owner.client.get(`${projects()}${res.body.id}/states/`);
    expect(
      states.body.map(
        (s: { name: string; group: string; color: string; sequence: number; default: boolean }) => [
          s.name,
          s.group,
          s.color,
          s.sequence,
          s.default,
        ],
      ),
    ).toEqual([
      ['Backlog', 'backlog', '#d9d9d9', 15000, true],
      ['Todo', 'unstarted', '#3f76ff', 30000, false],
      ['In Progress', 'started', '#f59e0b', 45000, false],
      ['Done', 'completed', '#16a34a', 60000, false],
      ['Cancelled', 'cancelled', '#dc2626', 75000, false],
    ]);
  });

  it('refuses bad input, empty or long identifiers, and taken names and identifiers', async () => {
    expect((await owner.client.post(projects(), { name: '', identifier: 'AB' })).body.fields).toHaveProperty(
      'name',
    );
    const empty = await owner.client.post(projects(), { name: 'X', identifier: '--' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('identifier');
    expect((await owner.client.post(projects(), { name: 'X', identifier: 'ABCDEFGHIJKLM' })).status).toBe(
      400,
    );
    expect((await owner.client.post(projects(), { name: 'X', identifier: 'AB', network: 1 })).status).toBe(
      400,
    );
    await createProject(owner, slug, { name: 'Alpha', identifier: 'ALP' });
    const sameIdentifier = await owner.client.post(projects(), { name: 'Other', identifier: 'a-l-p' });
    expect(sameIdentifier.status).toBe(409);
    expect(sameIdentifier.body.error_code).toBe('PROJECT_IDENTIFIER_TAKEN');
    const sameName = await owner.client.post(projects(), { name: 'Alpha', identifier: 'NEW' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error_code).toBe('PROJECT_NAME_TAKEN');
    const check = await owner.client.get(`/api/workspaces/${slug}/project-identifiers/?name=alp`);
    expect(check.body).toEqual({ exists: 1, identifiers: ['ALP'] });
    const free = await owner.client.get(`/api/workspaces/${slug}/project-identifiers/?name=zzz`);
    expect(free.body).toEqual({ exists: 0, identifiers: [] });
  });

  it('needs a session, a member role, and the workspace', async () => {
    expect((await new Client(t.baseUrl).post(projects(), { name: 'A', identifier: 'A' })).status).toBe(401);
    const viewer = await addMember(t, owner, slug, 10);
    const refused = await viewer.client.post(projects(), { name: 'A', identifier: 'A' });
    expect(refused.status).toBe(403);
    const stranger = await signUp(t);
    expect((await stranger.client.post(projects(), { name: 'A', identifier: 'A' })).status).toBe(404);
    const member = await addMember(t, owner, slug, 15);
    const created = await member.client.post(projects(), { name: 'Mine', identifier: 'MINE' });
    expect(created.status).toBe(201);
    expect(created.body.member_role).toBe(20);
  });
});

describe('listing and reading projects', () => {
  it('shows members their projects, public ones to viewers, and hides private ones from non-members', async () => {
    const open = await createProject(owner, slug, { name: 'Open', identifier: 'OPEN', network: 2 });
    const secret = await createProject(owner, slug, { name: 'Secret', identifier: 'SEC', network: 0 });
    const viewer = await addMember(t, owner, slug, 10);
    const guest = await addMember(t, owner, slug, 5);

    const listed = await viewer.client.get(projects());
    expect(listed.body.map((p: { id: string }) => p.id)).toEqual([open.id]);
    expect(listed.body[0]).toMatchObject({ is_member: false, member_role: null });
    expect((await viewer.client.get(`${projects()}${open.id}/`)).status).toBe(200);
    expect((await viewer.client.get(`${projects()}${secret.id}/`)).status).toBe(404);
    // A non-member may read a public project itself but nothing under it.
    expect((await viewer.client.get(`${projects()}${open.id}/states/`)).status).toBe(404);
    // Guests only see projects they are members of.
    expect((await guest.client.get(projects())).body).toEqual([]);
    expect((await guest.client.get(`${projects()}${open.id}/`)).status).toBe(404);

    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    expect((await other.client.get(`/api/workspaces/${otherSlug}/projects/${open.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${projects()}not-a-uuid/`)).status).toBe(404);
  });

  it('orders by the requested key and refuses unknown orderings', async () => {
    await createProject(owner, slug, { name: 'beta', identifier: 'B' });
    await createProject(owner, slug, { name: 'Alpha', identifier: 'A' });
    const byName = await owner.client.get(`${projects()}?order_by=name`);
    expect(byName.body.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'beta']);
    const byNameDesc = await owner.client.get(`${projects()}?order_by=-name`);
    expect(byNameDesc.body.map((p: { name: string }) => p.name)).toEqual(['beta', 'Alpha']);
    const byCreated = await owner.client.get(projects());
    expect(byCreated.body.map((p: { name: string }) => p.name)).toEqual(['beta', 'Alpha']);
    expect((await owner.client.get(`${projects()}?order_by=color`)).status).toBe(400);
  });
});

describe('updating, archiving and deleting', () => {
  it('lets members edit general fields, keeps admin fields for admins and viewers out', async () => {
    const project = await createProject(owner, slug);
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, project.id, viewer.user.id, 10);
    const url = `${projects()}${project.id}/`;

    const renamed = await member.client.patch(url, { name: 'Renamed', description: 'About' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', description: 'About', member_role: 15 });
    expect((await member.client.patch(url, { network: 0 })).status).toBe(403);
    expect((await member.client.patch(url, { identifier: 'NEWID' })).status).toBe(403);
    expect((await viewer.client.patch(url, { name: 'Nope' })).status).toBe(403);
    expect((await owner.client.patch(url, { archive_in: 2 })).status).toBe(400);

    const features = await owner.client.patch(url, {
      identifier: 'new-id',
      intake_view: true,
      cycle_view: false,
    });
    expect(features.body).toMatchObject({
      identifier: 'NEWID',
      intake_view: true,
      inbox_view: true,
      cycle_view: false,
    });
    const states = (await owner.client.get(`${url}states/`)).body as { id: string; group: string }[];
    const todo = states.find((s) => s.group === 'unstarted')!;
    const cancelled = states.find((s) => s.group === 'cancelled')!;
    expect((await owner.client.patch(url, { default_state: todo.id })).status).toBe(400);
    expect((await owner.client.patch(url, { close_in: 3, default_state: cancelled.id })).body).toMatchObject({
      close_in: 3,
      default_state: cancelled.id,
    });
  });

  it('archives read-only, restores, and deletes for admins only', async () => {
    const project = await createProject(owner, slug);
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, project.id, member.user.id, 15);
    const url = `${projects()}${project.id}/`;

    expect((await member.client.post(`${url}archive/`)).status).toBe(403);
    const archived = await owner.client.post(`${url}archive/`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).toMatch(/Z$/);
    const refused = await owner.client.patch(url, { name: 'While archived' });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('PROJECT_ARCHIVED');
    expect((await owner.client.get(url)).body.archived_at).not.toBeNull();
    expect((await owner.client.delete(`${url}archive/`)).status).toBe(204);
    expect((await owner.client.patch(url, { name: 'Back' })).status).toBe(200);

    expect((await member.client.delete(url)).status).toBe(403);
    expect((await owner.client.delete(url)).status).toBe(204);
    expect((await owner.client.get(url)).status).toBe(404);
    // The identifier of a deleted project is free again.
    expect(
      (await owner.client.post(projects(), { name: 'Again', identifier: project.identifier })).status,
    ).toBe(201);
  });
});

describe('favorites and joining', () => {
  it('favorites a project once and unfavorites it', async () => {
    const project = await createProject(owner, slug);
    const base = `/api/workspaces/${slug}/user-favorite-projects/`;
    const added = await owner.client.post(base, { project: project.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      entity_type: 'project',
      entity_identifier: project.id,
      name: project.name,
    });
    expect((await owner.client.post(base, { project: project.id })).body.error_code).toBe('ALREADY_EXISTS');
    expect((await owner.client.get(`${projects()}${project.id}/`)).body.is_favorite).toBe(true);
    expect((await owner.client.get(base)).body).toHaveLength(1);
    expect((await owner.client.delete(`${base}${project.id}/`)).status).toBe(204);
    expect((await owner.client.get(base)).body).toEqual([]);
    const stranger = await addMember(t, owner, slug, 15);
    const secret = await createProject(owner, slug, { network: 0 });
    expect((await stranger.client.post(base, { project: secret.id })).status).toBe(404);
  });

  it('joins public projects with the workspace role and refuses private ones', async () => {
    const open = await createProject(owner, slug, { network: 2 });
    const secret = await createProject(owner, slug, { network: 0 });
    const viewer = await addMember(t, owner, slug, 10);
    const join = `/api/users/me/workspaces/${slug}/projects/invitations/`;
    expect((await viewer.client.post(join, { project_ids: [secret.id] })).status).toBe(404);
    const joined = await viewer.client.post(join, { project_ids: [open.id] });
    expect(joined.status, joined.text).toBe(201);
    expect(joined.body[0]).toMatchObject({ member: viewer.user.id, role: 10, project: open.id });
    expect((await viewer.client.get(`${projects()}${open.id}/states/`)).status).toBe(200);
    const roles = await viewer.client.get(`/api/users/me/workspaces/${slug}/project-roles/`);
    expect(roles.body).toEqual({ [open.id]: 10 });
    const guest = await addMember(t, owner, slug, 5);
    expect((await guest.client.post(join, { project_ids: [open.id] })).status).toBe(403);
  });
});
