import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
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
});
