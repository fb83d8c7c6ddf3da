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
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

describe('workspace search', () => {
  it('finds visible projects and work items, with every entity key present', async () => {
    const web = await createProject(owner, slug, { name: 'Website', identifier: 'WEB' });
    const secret = await createProject(owner, slug, { name: 'Web secret', identifier: 'SEC', network: 0 });
    await owner.client.post(`/api/workspaces/${slug}/projects/${web.id}/issues/`, { name: 'Website header' });
    await owner.client.post(`/api/workspaces/${slug}/projects/${secret.id}/issues/`, {
      name: 'Web secret item',
    });
    const found = await owner.client.get(`/api/workspaces/${slug}/search/?search=web`);
    expect(found.status, found.text).toBe(200);
    expect(Object.keys(found.body.results).sort()).toEqual(
      ['cycle', 'intake', 'issue', 'issue_view', 'module', 'page', 'project', 'workspace'].sort(),
    );
    expect(found.body.results.project.map((p: { identifier: string }) => p.identifier).sort()).toEqual([
      'SEC',
      'WEB',
    ]);
    expect(found.body.results.issue).toHaveLength(2);
    const byKey = await owner.client.get(`/api/workspaces/${slug}/search/?search=WEB-1&entities=issue`);
    expect(byKey.body.results.issue[0]).toMatchObject({
      name: 'Website header',
      project__identifier: 'WEB',
      sequence_id: 1,
    });
    expect(byKey.body.results.project).toEqual([]);

    // A member outside both projects sees neither.
    const member = await addMember(t, owner, slug, 15);
    const theirs = await member.client.get(`/api/workspaces/${slug}/search/?search=web`);
    expect(theirs.body.results.project).toEqual([]);
    expect(theirs.body.results.issue).toEqual([]);
    expect((await owner.client.get(`/api/workspaces/${slug}/search/?search=x&entities=nope`)).status).toBe(
      400,
    );
    expect((await new Client(t.baseUrl).get(`/api/workspaces/${slug}/search/?search=x`)).status).toBe(401);
  });

  it('finds cycles, modules, views and pages the caller may see, pages by their text too', async () => {
    const web = await createProject(owner, slug, { name: 'Website', identifier: 'WEB' });
    const pbase = `/api/workspaces/${slug}/projects/${web.id}`;
    await owner.client.post(`${pbase}/cycles/`, { name: 'Launch cycle' });
    await owner.client.post(`${pbase}/modules/`, { name: 'Launch module' });
    await owner.client.post(`${pbase}/views/`, { name: 'Launch view' });
    await owner.client.post(`${pbase}/views/`, { name: 'Launch private view', access: 1 });
    const page = (
      await owner.client.post(`${pbase}/pages/`, { name: 'Notes', description_html: '<p>launch day</p>' })
    ).body;
    await owner.client.post(`${pbase}/pages/`, { name: 'Launch diary', access: 1 });
    const archived = (await owner.client.post(`${pbase}/pages/`, { name: 'Old launch' })).body;
    await owner.client.post(`${pbase}/pages/${archived.id}/archive/`);
    const names = (hits: { name: string }[]) => hits.map((h) => h.name).sort();

    const mine = (await owner.client.get(`/api/workspaces/${slug}/search/?search=launch`)).body.results;
    expect(names(mine.cycle)).toEqual(['Launch cycle']);
    expect(names(mine.module)).toEqual(['Launch module']);
    expect(names(mine.issue_view)).toEqual(['Launch private view', 'Launch view']);
    expect(names(mine.page)).toEqual(['Launch diary', 'Notes']);
    expect(mine.page.find((p: { id: string }) => p.id === page.id)).toMatchObject({
      project_id: web.id,
      project__identifier: 'WEB',
      workspace__slug: slug,
    });

    // Another member of the project sees neither private view nor private page; a guest no one else's page.
    const member = await addMember(t, owner, slug, 15);
    const guest = await addMember(t, owner, slug, 5);
    for (const [account, role] of [
      [member, 15],
      [guest, 5],
    ] as const) {
      await addProjectMember(owner, slug, web.id, account.user.id, role);
    }
    // The workspace's own views too: public ones and the caller's private ones, not when one project is asked.
    await owner.client.post(`/api/workspaces/${slug}/views/`, { name: 'Launch board (all projects)' });
    await owner.client.post(`/api/workspaces/${slug}/views/`, { name: 'Launch mine only', access: 1 });
    const withGlobal = (
      await owner.client.get(`/api/workspaces/${slug}/search/?search=launch&entities=issue_view`)
    ).body.results.issue_view;
    expect(names(withGlobal)).toEqual([
      'Launch board (all projects)',
      'Launch mine only',
      'Launch private view',
      'Launch view',
    ]);
    expect(withGlobal.find((v: { name: string }) => v.name === 'Launch mine only')).toMatchObject({
      project_id: null,
      workspace__slug: slug,
    });
    const oneProject = (
      await owner.client.get(
        `/api/workspaces/${slug}/search/?search=launch&entities=issue_view&project_id=${web.id}`,
      )
    ).body.results.issue_view;
    expect(names(oneProject)).toEqual(['Launch private view', 'Launch view']);

    const theirs = (await member.client.get(`/api/workspaces/${slug}/search/?search=launch`)).body.results;
    expect(names(theirs.issue_view)).toEqual(['Launch board (all projects)', 'Launch view']);
    expect(names(theirs.page)).toEqual(['Notes']);
    const guests = (await guest.client.get(`/api/workspaces/${slug}/search/?search=launch&entities=page`))
      .body;
    expect(guests.results.page).toEqual([]);
    const mention = await member.client.get(
      `/api/workspaces/${slug}/entity-search/?query=note&query_type=page`,
    );
    expect(names(mention.body.page)).toEqual(['Notes']);
  });

  it('suggests workspace members for mentions', async () => {
    const member = await addMember(t, owner, slug, 15);
    await member.client.patch('/api/users/me/', { display_name: 'grace' });
    const mention = await owner.client.get(
      `/api/workspaces/${slug}/entity-search/?query=gra&query_type=user_mention,issue`,
    );
    expect(mention.status, mention.text).toBe(200);
    expect(mention.body.user_mention).toEqual([
      { member__id: member.user.id, member__display_name: 'grace', member__avatar_url: null },
    ]);
    expect(mention.body.issue).toEqual([]);
  });

  it('finds intake submissions of projects with intake on, a guest only their own', async () => {
    const web = await createProject(owner, slug, { name: 'Website', identifier: 'WEB' });
    const pbase = `/api/workspaces/${slug}/projects/${web.id}`;
    expect((await owner.client.patch(`${pbase}/`, { intake_view: true })).status).toBe(200);
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, web.id, guest.user.id, 5);
    const submit = async (client: Client, name: string) => {
      const res = await client.post(`${pbase}/inbox-issues/`, { source: 'IN_APP', issue: { name } });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; issue: { id: string; sequence_id: number } };
    };
    const mine = await submit(owner.client, 'Crash on export');
    const theirs = await submit(guest.client, 'Crash on import');
    await owner.client.post(`${pbase}/issues/`, { name: 'Crash in the board' }); // a work item, not intake

    const search = async (who: SignedIn, term: string) =>
      (
        await who.client.get(
          `/api/workspaces/${slug}/search/?search=${encodeURIComponent(term)}&entities=intake`,
        )
      ).body.results.intake as { id: string; name: string; issue_id: string; status: number }[];
    const found = await search(owner, 'crash');
    expect(found.map((h) => h.name).sort()).toEqual(['Crash on export', 'Crash on import']);
    expect(found.find((h) => h.name === 'Crash on export')).toMatchObject({
      id: mine.id,
      issue_id: mine.issue.id,
      status: -2,
      project_id: web.id,
      project__identifier: 'WEB',
      workspace__slug: slug,
    });
    expect((await search(owner, `WEB-${theirs.issue.sequence_id}`)).map((h) => h.id)).toEqual([theirs.id]);
    expect((await search(guest, 'crash')).map((h) => h.name)).toEqual(['Crash on import']);

    // Intake switched off: its submissions are not found.
    await owner.client.patch(`${pbase}/`, { intake_view: false });
    expect(await search(owner, 'crash')).toEqual([]);
  });
});
