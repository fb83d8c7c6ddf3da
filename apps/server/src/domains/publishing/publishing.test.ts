import { ROLE } from '@kite/shared/domain';
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

const BOARD_KEYS = [
  'id',
  'anchor',
  'entity_name',
  'entity_identifier',
  'project',
  'workspace',
  'is_comments_enabled',
  'is_reactions_enabled',
  'is_votes_enabled',
  'is_activity_enabled',
  'intake',
  'view_props',
  'is_disabled',
  'created_at',
  'updated_at',
].sort();
const PUBLIC_PARTS = ['meta', 'settings', 'states', 'labels', 'members'];
const NOT_FOUND = { error: 'Not found', error_code: 'NOT_FOUND' };

let t: TestApp;
let owner: SignedIn;
let slug: string;
let project: { id: string; identifier: string; name: string };
let p: string;
let boards: string;

beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  project = await createProject(owner, slug, { description: 'A published project' });
  p = `/api/workspaces/${slug}/projects/${project.id}`;
  boards = `${p}/project-deploy-boards`;
});
afterEach(() => t.close());

async function publish(body: Record<string, unknown> = {}) {
  const res = await owner.client.post(`${boards}/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; anchor: string; [key: string]: unknown };
}

/** A client with no cookies at all: no session, no CSRF token. */
const anonymous = () => new Client(t.baseUrl);
const publicPath = (anchor: string, part: string) => `/api/public/anchor/${anchor}/${part}/`;

async function expectPublicGone(anchor: string) {
  for (const part of PUBLIC_PARTS) {
    const res = await anonymous().get(publicPath(anchor, part));
    expect(res.status, `${part}: ${res.text}`).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  }
}

describe('publishing a project (project-deploy-boards)', () => {
  it('publishes with a random anchor that the project mirrors', async () => {
    const empty = await owner.client.get(`${boards}/`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const board = await publish({ is_comments_enabled: true, view_props: { gantt: true }, junk: 1 });
    expect(Object.keys(board).sort()).toEqual(BOARD_KEYS);
    expect(board.anchor).toMatch(/^[0-9a-f]{32}$/);
    expect(board).toMatchObject({
      entity_name: 'project',
      entity_identifier: project.id,
      project: project.id,
      is_comments_enabled: true,
      is_reactions_enabled: false,
      is_votes_enabled: false,
      is_activity_enabled: false,
      is_disabled: false,
      intake: null,
      view_props: { list: true, kanban: true, calendar: false, gantt: true, spreadsheet: false },
    });

    const shown = await owner.client.get(`${p}/`);
    expect(shown.body.anchor).toBe(board.anchor);
    expect((await owner.client.get(`${boards}/`)).body).toEqual([board]);
    expect((await owner.client.get(`${boards}/${board.id}/`)).body).toEqual(board);

    // Another project gets another anchor.
    const other = await createProject(owner, slug);
    const second = await owner.client.post(
      `/api/workspaces/${slug}/projects/${other.id}/project-deploy-boards/`,
    );
    expect(second.status, second.text).toBe(201);
    expect(second.body.anchor).toMatch(/^[0-9a-f]{32}$/);
    expect(second.body.anchor).not.toBe(board.anchor);
  });

  it('refuses a second publish with 409', async () => {
    const board = await publish();
    const again = await owner.client.post(`${boards}/`, { is_votes_enabled: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'CONFLICT', id: board.id });
    expect((await owner.client.get(`${boards}/`)).body).toHaveLength(1);
  });

  it('lets exactly one of two racing publishes win', async () => {
    await owner.client.ensureCsrf();
    const results = await Promise.all([
      owner.client.post(`${boards}/`, {}),
      owner.client.post(`${boards}/`, {}),
      owner.client.post(`${boards}/`, {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const winner = results.find((r) => r.status === 201)!.body;
    expect((await owner.client.get(`${boards}/`)).body).toEqual([winner]);
    expect((await owner.client.get(`${p}/`)).body.anchor).toBe(winner.anchor);
  });

  it('updates flags and merges view_props', async () => {
    const board = await publish({ view_props: { calendar: true } });
    const res = await owner.client.patch(`${boards}/${board.id}/`, {
      is_reactions_enabled: true,
      view_props: { kanban: false, spreadsheet: true },
      anchor: 'f'.repeat(32),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      anchor: board.anchor,
      is_reactions_enabled: true,
      is_comments_enabled: false,
      view_props: { list: true, kanban: false, calendar: true, gantt: false, spreadsheet: true },
    });
    const invalid = await owner.client.patch(`${boards}/${board.id}/`, { is_disabled: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error_code).toBe('VALIDATION_ERROR');
    expect(invalid.body.fields).toHaveProperty('is_disabled');
  });

  it('refuses an intake that is not the project intake', async () => {
    const res = await owner.client.post(`${boards}/`, { intake: crypto.randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('intake');
    expect((await owner.client.get(`${boards}/`)).body).toEqual([]);
  });

  it('answers 404 for unknown or malformed board ids', async () => {
    await publish();
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      expect((await owner.client.get(`${boards}/${id}/`)).status).toBe(404);
      expect((await owner.client.patch(`${boards}/${id}/`, { is_disabled: true })).status).toBe(404);
      expect((await owner.client.delete(`${boards}/${id}/`)).status).toBe(404);
    }
  });

  it('unpublishes: the board goes, the anchor is cleared and dies publicly', async () => {
    const board = await publish();
    expect((await anonymous().get(publicPath(board.anchor, 'meta'))).status).toBe(200);

    const res = await owner.client.delete(`${boards}/${board.id}/`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect((await owner.client.get(`${p}/`)).body.anchor).toBeNull();
    expect((await owner.client.get(`${boards}/`)).body).toEqual([]);
    expect((await owner.client.get(`${boards}/${board.id}/`)).status).toBe(404);
    await expectPublicGone(board.anchor);

    // Publishing again mints a new anchor; the old one stays dead.
    const again = await publish();
    expect(again.anchor).not.toBe(board.anchor);
    expect((await owner.client.get(`${p}/`)).body.anchor).toBe(again.anchor);
    await expectPublicGone(board.anchor);
    expect((await anonymous().get(publicPath(again.anchor, 'settings'))).status).toBe(200);
  });
});

describe('access to the private routes', () => {
  it('answers 401 without a session', async () => {
    const board = await publish();
    const client = anonymous();
    for (const res of [
      await client.get(`${boards}/`),
      await client.post(`${boards}/`, {}),
      await client.get(`${boards}/${board.id}/`),
      await client.patch(`${boards}/${board.id}/`, { is_disabled: true }),
      await client.delete(`${boards}/${board.id}/`),
    ]) {
      expect(res.status, res.text).toBe(401);
      expect(res.body.error_code).toBe('AUTHENTICATION_REQUIRED');
    }
  });

  it('lets project members read but only project admins write (403 for MEMBER)', async () => {
    const board = await publish();
    const member = await addMember(t, owner, slug, ROLE.MEMBER);
    await addProjectMember(owner, slug, project.id, member.user.id, ROLE.MEMBER);
    const guest = await addMember(t, owner, slug, ROLE.GUEST);
    await addProjectMember(owner, slug, project.id, guest.user.id, ROLE.GUEST);

    for (const reader of [member, guest]) {
      expect((await reader.client.get(`${boards}/`)).body).toEqual([board]);
      expect((await reader.client.get(`${boards}/${board.id}/`)).body).toEqual(board);
    }
    for (const res of [
      await member.client.post(`${boards}/`, {}),
      await member.client.patch(`${boards}/${board.id}/`, { is_disabled: true }),
      await member.client.delete(`${boards}/${board.id}/`),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.error_code).toBe('FORBIDDEN');
    }
    expect((await owner.client.get(`${boards}/${board.id}/`)).body).toEqual(board);

    // A workspace member who is not in the project does not see it at all.
    const outsider = await addMember(t, owner, slug, ROLE.MEMBER);
    expect((await outsider.client.get(`${boards}/`)).status).toBe(404);
  });

  it("answers 404 for another workspace's project", async () => {
    const board = await publish();
    const stranger = await signUp(t);
    const otherSlug = (await createWorkspace(stranger)).slug;
    const viaOwnSlug = `/api/workspaces/${otherSlug}/projects/${project.id}/project-deploy-boards`;
    for (const path of [viaOwnSlug, boards]) {
      expect((await stranger.client.get(`${path}/`)).status).toBe(404);
      expect((await stranger.client.post(`${path}/`, {})).status).toBe(404);
      expect((await stranger.client.get(`${path}/${board.id}/`)).status).toBe(404);
      expect((await stranger.client.patch(`${path}/${board.id}/`, { is_disabled: true })).status).toBe(404);
      expect((await stranger.client.delete(`${path}/${board.id}/`)).status).toBe(404);
    }
    // The board of one project is not reachable under another project of the same workspace.
    const other = await createProject(owner, slug);
    const wrongParent = `/api/workspaces/${slug}/projects/${other.id}/project-deploy-boards/${board.id}/`;
    expect((await owner.client.get(wrongParent)).status).toBe(404);
    expect((await owner.client.delete(wrongParent)).status).toBe(404);
    expect((await owner.client.get(`${boards}/`)).body).toEqual([board]);
  });

  it('refuses writes on an archived project', async () => {
    const board = await publish();
    expect((await owner.client.post(`${p}/archive/`)).status).toBe(200);
    const res = await owner.client.patch(`${boards}/${board.id}/`, { is_disabled: true });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('PROJECT_ARCHIVED');
  });
});

describe('the public board (/api/public/anchor/{anchor}/)', () => {
  it('serves meta, settings, states, labels and members anonymously, without emails', async () => {
    const board = await publish({ is_comments_enabled: true });
    const member = await addMember(t, owner, slug, ROLE.MEMBER);
    await addProjectMember(owner, slug, project.id, member.user.id, ROLE.VIEWER);
    const label = await owner.client.post(`${p}/issue-labels/`, { name: 'bug', color: '#ff0000' });
    expect(label.status, label.text).toBe(201);
    const otherProject = await createProject(owner, slug);
    const foreign = `/api/workspaces/${slug}/projects/${otherProject.id}/issue-labels/`;
    expect((await owner.client.post(foreign, { name: 'other', color: '#00ff00' })).status).toBe(201);
    const client = anonymous();

    const meta = await client.get(publicPath(board.anchor, 'meta'));
    expect(meta.status, meta.text).toBe(200);
    expect(meta.body).toEqual({
      workspace: { name: `Workspace ${slug}`, slug, logo_url: null },
      project: {
        id: project.id,
        name: project.name,
        identifier: project.identifier,
        logo_props: expect.any(Object),
        description: 'A published project',
      },
    });

    const settings = await client.get(publicPath(board.anchor, 'settings'));
    expect(settings.status).toBe(200);
    const { workspace: _workspace, ...withoutWorkspace } = board;
    expect(settings.body).toEqual(withoutWorkspace);
    expect(settings.body).not.toHaveProperty('workspace');

    const states = await client.get(publicPath(board.anchor, 'states'));
    expect(states.status).toBe(200);
    expect(states.body.map((s: { name: string }) => s.name)).toEqual([
      'Backlog',
      'Todo',
      'In Progress',
      'Done',
      'Cancelled',
    ]);
    expect(states.body.every((s: { project_id: string }) => s.project_id === project.id)).toBe(true);

    const labels = await client.get(publicPath(board.anchor, 'labels'));
    expect(labels.status).toBe(200);
    expect(labels.body).toEqual([expect.objectContaining({ id: label.body.id, name: 'bug' })]);

    const members = await client.get(publicPath(board.anchor, 'members'));
    expect(members.status).toBe(200);
    expect(members.body.map((m: { id: string }) => m.id).sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    for (const m of members.body) {
      expect(Object.keys(m).sort()).toEqual(
        ['id', 'first_name', 'last_name', 'display_name', 'avatar', 'avatar_url', 'is_bot'].sort(),
      );
    }

    for (const res of [meta, settings, states, labels, members]) {
      expect(res.text).not.toMatch(/email/i);
      expect(res.text).not.toContain(owner.user.email);
      expect(res.text).not.toContain(member.user.email);
      expect(res.text).not.toContain('@');
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    // Nothing was needed from the visitor: no session and no CSRF cookie was ever set.
    expect(client.cookies.size).toBe(0);
  });

  it('needs neither a session nor a CSRF token, and ignores a session if one is sent', async () => {
    const board = await publish();
    const signedIn = await owner.client.get(publicPath(board.anchor, 'meta'));
    expect(signedIn.status).toBe(200);
    const withoutCsrf = await anonymous().get(publicPath(board.anchor, 'settings'), {
      headers: { 'X-CSRFToken': 'bogus', Cookie: 'csrftoken=other; session-id=forged' },
    });
    expect(withoutCsrf.status).toBe(200);
    expect(withoutCsrf.text).not.toMatch(/email/i);
  });

  it('is read-only', async () => {
    const board = await publish();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const res = await anonymous().request(method, publicPath(board.anchor, 'settings'), {
        json: { is_disabled: true },
        csrf: false,
      });
      expect(res.status, `${method}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).not.toBe(200);
    }
    expect((await anonymous().get(publicPath(board.anchor, 'settings'))).body.is_disabled).toBe(false);
  });

  it('answers 404 for unknown and malformed anchors', async () => {
    const board = await publish();
    for (const anchor of [
      '0'.repeat(32),
      board.anchor.toUpperCase(),
      board.anchor.slice(0, 31),
      `${board.anchor}0`,
      'not-an-anchor',
      "' or 1=1 --",
    ]) {
      for (const part of PUBLIC_PARTS) {
        const res = await anonymous().get(publicPath(encodeURIComponent(anchor), part));
        expect(res.status, `${anchor} ${part}`).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    }
  });

  it('hides a disabled board until it is enabled again', async () => {
    const board = await publish();
    const disabled = await owner.client.patch(`${boards}/${board.id}/`, { is_disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.is_disabled).toBe(true);
    await expectPublicGone(board.anchor);
    // The project stays published (anchor kept) while the board is disabled.
    expect((await owner.client.get(`${p}/`)).body.anchor).toBe(board.anchor);

    await owner.client.patch(`${boards}/${board.id}/`, { is_disabled: false });
    expect((await anonymous().get(publicPath(board.anchor, 'meta'))).status).toBe(200);
  });

  it('hides the board of an archived or deleted project', async () => {
    const board = await publish();
    expect((await owner.client.post(`${p}/archive/`)).status).toBe(200);
    await expectPublicGone(board.anchor);
    expect((await owner.client.delete(`${p}/archive/`)).status).toBe(204);
    expect((await anonymous().get(publicPath(board.anchor, 'meta'))).status).toBe(200);

    expect((await owner.client.delete(`${p}/`)).status).toBe(204);
    await expectPublicGone(board.anchor);
  });

  it('hides the boards of a deleted workspace', async () => {
    const board = await publish();
    expect((await owner.client.delete(`/api/workspaces/${slug}/`)).status).toBe(204);
    await expectPublicGone(board.anchor);
  });

  it('lists only active members', async () => {
    const board = await publish();
    const member = await addMember(t, owner, slug, ROLE.MEMBER);
    const membership = await addProjectMember(owner, slug, project.id, member.user.id, ROLE.MEMBER);
    const before = await anonymous().get(publicPath(board.anchor, 'members'));
    expect(before.body.map((m: { id: string }) => m.id)).toContain(member.user.id);
    expect((await owner.client.delete(`${p}/members/${membership.id}/`)).status).toBe(204);
    const after = await anonymous().get(publicPath(board.anchor, 'members'));
    expect(after.body.map((m: { id: string }) => m.id)).toEqual([owner.user.id]);
  });
});

describe('public work items', () => {
  it('lists and shows the published project’s normal work items to anyone', async () => {
    const created = await owner.client.post(`${p}/issues/`, { name: 'Public item', priority: 'high' });
    const draft = await owner.client.post(`${p}/issue-drafts/`, { name: 'Secret draft' });
    const board = await publish();
    const list = await anonymous().get(publicPath(board.anchor, 'issues'));
    expect(list.status, list.text).toBe(200);
    expect(list.body.results.map((r: { name: string }) => r.name)).toEqual(['Public item']);
    const grouped = await anonymous().get(`${publicPath(board.anchor, 'issues')}?group_by=priority`);
    expect(grouped.body.results.high.total_results).toBe(1);
    const detail = await anonymous().get(`${publicPath(board.anchor, 'issues')}${created.body.id}/`);
    expect(detail.body).toMatchObject({ id: created.body.id, name: 'Public item' });
    expect(detail.body).not.toHaveProperty('is_subscribed');
    expect((await anonymous().get(`${publicPath(board.anchor, 'issues')}${draft.body.id}/`)).status).toBe(
      404,
    );
    expect((await anonymous().get(`${publicPath('0'.repeat(32), 'issues')}`)).status).toBe(404);
  });
});
