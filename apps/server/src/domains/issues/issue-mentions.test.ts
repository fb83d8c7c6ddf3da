import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/** The `mentions` list filter (api.md §5.3) and the `mention_id` filter tree key, on descriptions. */

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let base: string;
let viewsUrl: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  member = await addMember(t, owner, slug, 15);
  const projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  viewsUrl = `${base}/views/`;
});
afterEach(() => t.close());

const mention = (id: string, name = 'user_mention') =>
  `<mention-component entity_name="${name}" entity_identifier="${id}"></mention-component>`;

async function create(name: string, description_html?: string): Promise<string> {
  const res = await owner.client.post(`${base}/issues/`, {
    name,
    ...(description_html ? { description_html } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function names(query: string): Promise<string[]> {
  const res = await owner.client.get(`${base}/issues/?${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.results as { name: string }[]).map((i) => i.name).sort();
}

describe('the mentions filter', () => {
  it('finds items whose description mentions a user, follows edits, and takes None and the filter tree', async () => {
    await create('For the member', `<p>Please look ${mention(member.user.id)}</p>`);
    await create('For both', `<p>${mention(owner.user.id)} and ${mention(member.user.id.toUpperCase())}</p>`);
    await create('Plain');
    // A project reference and a malformed id mention no user, and must not break the write.
    await create(
      'Not a user',
      `<p>${mention(member.user.id, 'project')} ${mention('not-a-uuid-at-all-not-a-uuid-at-all1')}</p>`,
    );

    expect(await names(`mentions=${member.user.id}`)).toEqual(['For both', 'For the member']);
    expect(await names(`mentions=${owner.user.id}`)).toEqual(['For both']);
    expect(await names(`mentions=${owner.user.id},None`)).toEqual(['For both', 'Not a user', 'Plain']);
    const tree = encodeURIComponent(JSON.stringify({ mention_id__in: [owner.user.id] }));
    expect(await names(`filters=${tree}`)).toEqual(['For both']);
    const none = encodeURIComponent(JSON.stringify({ not: { mention_id: member.user.id } }));
    expect(await names(`filters=${none}`)).toEqual(['Not a user', 'Plain']);

    // An edit that drops the mention drops the item from the filter; one that adds it, adds it.
    const plain = (await owner.client.get(`${base}/issues/?name=Plain`)).body.results[0].id;
    const forMember = (await owner.client.get(`${base}/issues/?name=For the member`)).body.results[0].id;
    await owner.client.patch(`${base}/issues/${forMember}/`, { description_html: '<p>Done with it</p>' });
    await owner.client.patch(`${base}/issues/${plain}/`, {
      description_html: `<p>${mention(member.user.id)}</p>`,
    });
    expect(await names(`mentions=${member.user.id}`)).toEqual(['For both', 'Plain']);

    const bad = await owner.client.get(`${base}/issues/?mentions=someone`);
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('INVALID_FILTER');
  });

  it("applies a saved view's mentions filter to its items", async () => {
    await create('Mentions the member', `<p>${mention(member.user.id)}</p>`);
    await create('Mentions nobody');
    const view = await owner.client.post(viewsUrl, {
      name: 'Mine to read',
      filters: { mentions: [member.user.id] },
    });
    expect(view.status, view.text).toBe(201);
    const items = await owner.client.get(`${viewsUrl}${view.body.id}/issues/`);
    expect(items.status, items.text).toBe(200);
    expect((items.body.results as { name: string }[]).map((i) => i.name)).toEqual(['Mentions the member']);
  });
});
