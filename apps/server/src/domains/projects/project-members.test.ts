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

let t: TestApp;
let owner: SignedIn;
let slug: string;
let projectId: string;
let base: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
});
afterEach(() => t.close());

describe('project members', () => {
  it('adds workspace members with a role no higher than their workspace role', async () => {
    const member = await addMember(t, owner, slug, 15);
    const tooHigh = await owner.client.post(`${base}/members/`, {
      members: [{ member_id: member.user.id, role: 20 }],
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error_code).toBe('ROLE_TOO_HIGH');
    const added = await addProjectMember(owner, slug, projectId, member.user.id, 15);
    expect(added).toMatchObject({ member: member.user.id, role: 15, project: projectId, is_active: true });
    const again = await owner.client.post(`${base}/members/`, {
      members: [{ member_id: member.user.id, role: 10 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('ALREADY_MEMBER');
    const outsider = await signUp(t);
    const notInWorkspace = await owner.client.post(`${base}/members/`, {
      members: [{ member_id: outsider.user.id, role: 10 }],
    });
    expect(notInWorkspace.status).toBe(400);
    const list = await owner.client.get(`${base}/members/`);
    expect(list.body.map((m: { member: string }) => m.member).sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    const me = await member.client.get(`${base}/project-members/me/`);
    expect(me.body).toMatchObject({ id: added.id, role: 15 });
    expect((await member.client.get(`${base}/members/${added.id}/`)).body.member).toBe(member.user.id);
    expect((await owner.client.get(`${base}/members/00000000-0000-4000-8000-000000000000/`)).body.error).toBe(
      'Member not found',
    );
  });

  it('keeps member management for project admins', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const viewer = await addMember(t, owner, slug, 10);
    const viewerRow = await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    expect(
      (await member.client.post(`${base}/members/`, { members: [{ member_id: viewer.user.id, role: 10 }] }))
        .status,
    ).toBe(403);
    expect((await member.client.patch(`${base}/members/${viewerRow.id}/`, { role: 5 })).status).toBe(403);
    expect((await member.client.delete(`${base}/members/${viewerRow.id}/`)).status).toBe(403);
    expect((await new Client(t.baseUrl).get(`${base}/members/`)).status).toBe(401);
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    expect(
      (await other.client.get(`/api/workspaces/${otherSlug}/projects/${projectId}/members/`)).status,
    ).toBe(404);
  });

  it('changes roles, removes members (they lose access at once) and keeps the last admin', async () => {
    const member = await addMember(t, owner, slug, 15);
    const row = await addProjectMember(owner, slug, projectId, member.user.id, 10);
    const promoted = await owner.client.patch(`${base}/members/${row.id}/`, { role: 15 });
    expect(promoted.body.role).toBe(15);
    expect((await owner.client.patch(`${base}/members/${row.id}/`, { role: 20 })).body.error_code).toBe(
      'ROLE_TOO_HIGH',
    );
    const ownerRow = (await owner.client.get(`${base}/project-members/me/`)).body;
    const demoteLast = await owner.client.patch(`${base}/members/${ownerRow.id}/`, { role: 15 });
    expect(demoteLast.status).toBe(400);
    expect(demoteLast.body.error_code).toBe('LAST_ADMIN');
    expect((await owner.client.post(`${base}/members/leave/`)).body.error_code).toBe('LAST_ADMIN');
    expect((await owner.client.delete(`${base}/members/${ownerRow.id}/`)).status).toBe(400);

    expect((await member.client.get(`${base}/states/`)).status).toBe(200);
    expect((await owner.client.delete(`${base}/members/${row.id}/`)).status).toBe(204);
    expect((await member.client.get(`${base}/states/`)).status).toBe(404);
  });

  it('lets a member leave, and follows workspace demotion and removal', async () => {
    const member = await addMember(t, owner, slug, 20);
    const row = await addProjectMember(owner, slug, projectId, member.user.id, 20);
    // Demoting in the workspace lowers project roles above the new workspace role.
    const wsMembers = (await owner.client.get(`/api/workspaces/${slug}/members/`)).body;
    const wsRow = wsMembers.find((m: { member: { id: string } }) => m.member.id === member.user.id);
    await owner.client.patch(`/api/workspaces/${slug}/members/${wsRow.id}/`, { role: 10 });
    expect((await owner.client.get(`${base}/members/${row.id}/`)).body.role).toBe(10);
    expect((await member.client.post(`${base}/members/leave/`)).status).toBe(204);
    expect((await member.client.get(`${base}/`)).status).toBe(200); // public project stays readable
    expect((await member.client.get(`${base}/members/`)).status).toBe(404);

    const other = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, other.user.id, 15);
    const otherRow = (await owner.client.get(`/api/workspaces/${slug}/members/`)).body.find(
      (m: { member: { id: string } }) => m.member.id === other.user.id,
    );
    await owner.client.delete(`/api/workspaces/${slug}/members/${otherRow.id}/`);
    const projectMembers = (await owner.client.get(`${base}/members/`)).body;
    expect(projectMembers.map((m: { member: string }) => m.member)).not.toContain(other.user.id);
  });

  it('stores member view preferences and lists the caller’s project members workspace-wide', async () => {
    const saved = await owner.client.post(`${base}/project-views/`, {
      view_props: { layout: 'kanban' },
      sort_order: 5,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ view_props: { layout: 'kanban' }, sort_order: 5 });
    const all = await owner.client.get(`/api/workspaces/${slug}/project-members/`);
    expect(all.body[projectId]).toEqual([expect.objectContaining({ member: owner.user.id, role: 20 })]);
  });
});
