import { htmlToYUpdate, yUpdateToHtml } from '@kite/editor/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import type { Client } from '../../test/http-client.ts';
import { PNG } from '../../test/security/world.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/** Pages (api.md §9): CRUD, the view and edit rules, lock, archive, access, favorites, descriptions, images. */

let t: TestApp;
let owner: SignedIn; // workspace creator, project admin
let admin: SignedIn; // another project admin
let member: SignedIn;
let viewer: SignedIn;
let guest: SignedIn;
let outsider: SignedIn; // admin of another workspace
let slug: string;
let pbase: string;
let otherPbase: string;
let outsiderPbase: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  [admin, member, viewer, guest] = await Promise.all([
    addMember(t, owner, slug, 20),
    addMember(t, owner, slug, 15),
    addMember(t, owner, slug, 10),
    addMember(t, owner, slug, 5),
  ]);
  const projectId = (await createProject(owner, slug)).id;
  pbase = `/api/workspaces/${slug}/projects/${projectId}`;
  for (const [account, role] of [
    [admin, 20],
    [member, 15],
    [viewer, 10],
    [guest, 5],
  ] as const) {
    await addProjectMember(owner, slug, projectId, account.user.id, role);
  }
  otherPbase = `/api/workspaces/${slug}/projects/${(await createProject(owner, slug)).id}`;
  outsider = await signUp(t);
  const outsiderSlug = (await createWorkspace(outsider)).slug;
  outsiderPbase = `/api/workspaces/${outsiderSlug}/projects/${(await createProject(outsider, outsiderSlug)).id}`;
}, 120_000);
afterAll(() => t?.close());

type Page = { id: string; name: string; [key: string]: any };

async function createPage(client: Client = member.client, body: Record<string, unknown> = {}): Promise<Page> {
  const res = await client.post(`${pbase}/pages/`, { name: 'A page', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const names = (pages: Page[]) => pages.map((p) => p.name);

/** The raw bytes of a GET (the test client reads text). */
async function bytesOf(
  client: Client,
  path: string,
): Promise<{ status: number; type: string; bytes: Uint8Array }> {
  const cookie = client.cookieHeader();
  const res = await fetch(t.baseUrl + path, { headers: { cookie } });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('creating, reading and listing', () => {
  it('creates a page owned by the caller with a sanitised description; a blank name is Untitled', async () => {
    const res = await member.client.post(`${pbase}/pages/`, {
      name: '  ',
      description_html: '<p onclick="x()">Hello<script>alert(1)</script></p>',
      unknown_key: 1,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Untitled',
      owned_by: member.user.id,
      access: 0,
      is_locked: false,
      archived_at: null,
      is_favorite: false,
      anchor: null,
      label_ids: [],
      parent_id: null,
      view_props: { full_width: false },
      description_html: '<p>Hello</p>',
    });
    expect(res.body.project_ids).toEqual([pbase.split('/').at(-1)]);
    const read = await viewer.client.get(`${pbase}/pages/${res.body.id}/`);
    expect(read.status).toBe(200);
    expect(read.body.description_html).toBe('<p>Hello</p>');
  });

  it('lists pages newest change first, without descriptions, and finds them by part of the name', async () => {
    const a = await createPage(member.client, { name: 'Roadmap alpha' });
    const b = await createPage(member.client, { name: 'Retro beta' });
    await member.client.patch(`${pbase}/pages/${a.id}/`, { name: 'Roadmap alpha 2' });
    const list = await viewer.client.get(`${pbase}/pages/`);
    expect(list.status).toBe(200);
    const ids = list.body.map((p: Page) => p.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(list.body[0]).not.toHaveProperty('description_html');
    const found = await viewer.client.get(`${pbase}/pages/?search=ROADMAP%20ALPHA`);
    expect(names(found.body)).toEqual(['Roadmap alpha 2']);
    const none = await viewer.client.get(`${pbase}/pages/?search=%25`);
    expect(none.body).toEqual([]);
  });

  it('refuses creation below member, and bad bodies with the field named', async () => {
    expect((await viewer.client.post(`${pbase}/pages/`, { name: 'x' })).status).toBe(403);
    const long = await member.client.post(`${pbase}/pages/`, { name: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.fields.name).toBeDefined();
    const access = await member.client.post(`${pbase}/pages/`, { access: 2 });
    expect(access.body.fields.access).toBeDefined();
  });

  it('checks labels and the parent against the project', async () => {
    const foreignLabel = (await owner.client.post(`${otherPbase}/issue-labels/`, { name: 'Elsewhere' })).body;
    const bad = await member.client.post(`${pbase}/pages/`, { label_ids: [foreignLabel.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.label_ids).toBeDefined();
    const label = (await owner.client.post(`${pbase}/issue-labels/`, { name: 'Docs' })).body;
    const parent = await createPage(member.client, { name: 'Parent' });
    const child = await createPage(member.client, { label_ids: [label.id], parent_id: parent.id });
    expect(child).toMatchObject({ label_ids: [label.id], parent_id: parent.id });
    const self = await member.client.patch(`${pbase}/pages/${child.id}/`, { parent_id: child.id });
    expect(self.status).toBe(400);
    const foreignParent = (await owner.client.post(`${otherPbase}/pages/`, {})).body;
    const cross = await member.client.patch(`${pbase}/pages/${child.id}/`, { parent_id: foreignParent.id });
    expect(cross.body.fields.parent_id).toBe('Parent page not found');
  });

  it('is 404 from another workspace, another project and for unknown or malformed ids', async () => {
    const page = await createPage();
    expect((await outsider.client.get(`${pbase}/pages/${page.id}/`)).status).toBe(404);
    expect((await outsider.client.get(`${outsiderPbase}/pages/${page.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${otherPbase}/pages/${page.id}/`)).status).toBe(404);
    expect((await owner.client.get(`${pbase}/pages/${crypto.randomUUID()}/`)).body.error).toBe(
      'Page not found',
    );
    expect((await owner.client.get(`${pbase}/pages/not-a-uuid/`)).status).toBe(404);
  });
});

describe('who sees a page', () => {
  it('shows a private page to its owner alone, admins included, in lists, counts and favorites', async () => {
    const secret = await createPage(member.client, { name: 'Secret notes', access: 1 });
    expect((await admin.client.get(`${pbase}/pages/${secret.id}/`)).status).toBe(404);
    expect((await owner.client.patch(`${pbase}/pages/${secret.id}/`, { name: 'x' })).status).toBe(404);
    expect((await admin.client.post(`${pbase}/favorite-pages/${secret.id}/`)).status).toBe(404);
    expect(names((await admin.client.get(`${pbase}/pages/`)).body)).not.toContain('Secret notes');
    expect(names((await member.client.get(`${pbase}/pages/`)).body)).toContain('Secret notes');
    const mine = (await member.client.get(`${pbase}/pages-summary/`)).body;
    const theirs = (await admin.client.get(`${pbase}/pages-summary/`)).body;
    expect(mine.private_pages).toBe(theirs.private_pages + 1);
    expect(mine.public_pages).toBe(theirs.public_pages);
  });

  it('shows guests their own pages only, unless the project lets guests see everything', async () => {
    const publicPage = await createPage(member.client, { name: 'For everyone' });
    const own = await createPage(member.client, { name: 'Guest-visible?' });
    expect((await guest.client.get(`${pbase}/pages/${publicPage.id}/`)).status).toBe(404);
    expect((await guest.client.post(`${pbase}/pages/`, {})).status).toBe(403);
    const listed = (await guest.client.get(`${pbase}/pages/`)).body;
    expect(listed).toEqual([]);
    expect((await guest.client.get(`${pbase}/pages-summary/`)).body).toEqual({
      public_pages: 0,
      private_pages: 0,
      archived_pages: 0,
    });
    await owner.client.patch(`${pbase}/`, { guest_view_all_features: true });
    try {
      expect((await guest.client.get(`${pbase}/pages/${publicPage.id}/`)).status).toBe(200);
      expect(names((await guest.client.get(`${pbase}/pages/`)).body)).toContain(own.name);
      // Seeing is not editing: a guest edits only what they own.
      expect((await guest.client.patch(`${pbase}/pages/${publicPage.id}/`, { name: 'x' })).status).toBe(403);
    } finally {
      await owner.client.patch(`${pbase}/`, { guest_view_all_features: false });
    }
  });
});

describe('editing, locking and archiving', () => {
  it('lets the owner and members edit a public page, not viewers; view_props merge', async () => {
    const page = await createPage(member.client);
    const byAdmin = await admin.client.patch(`${pbase}/pages/${page.id}/`, {
      name: ' Renamed ',
      color: '#ff0000',
      view_props: { full_width: true },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body).toMatchObject({
      name: 'Renamed',
      color: '#ff0000',
      view_props: { full_width: true },
    });
    expect(byAdmin.body.updated_by).toBe(admin.user.id);
    const byViewer = await viewer.client.patch(`${pbase}/pages/${page.id}/`, { name: 'x' });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error_code).toBe('FORBIDDEN');
  });

  it('refuses every edit of a locked page with PAGE_LOCKED until it is unlocked', async () => {
    const page = await createPage(owner.client);
    expect((await viewer.client.post(`${pbase}/pages/${page.id}/lock/`)).status).toBe(403);
    expect((await member.client.post(`${pbase}/pages/${page.id}/lock/`)).status).toBe(204);
    expect((await owner.client.get(`${pbase}/pages/${page.id}/`)).body.is_locked).toBe(true);
    const edit = await owner.client.patch(`${pbase}/pages/${page.id}/`, { name: 'x' });
    expect([edit.status, edit.body.error_code]).toEqual([400, 'PAGE_LOCKED']);
    const description = await owner.client.patch(`${pbase}/pages/${page.id}/description/`, {
      description_binary: base64(htmlToYUpdate('<p>x</p>')),
    });
    expect(description.body.error_code).toBe('PAGE_LOCKED');
    expect((await member.client.delete(`${pbase}/pages/${page.id}/lock/`)).status).toBe(204);
    expect((await owner.client.patch(`${pbase}/pages/${page.id}/`, { name: 'x' })).status).toBe(200);
  });

  it('archives and restores by the owner or an admin; an archived page is read-only and listed apart', async () => {
    const page = await createPage(member.client, { name: 'To archive' });
    expect((await viewer.client.post(`${pbase}/pages/${page.id}/archive/`)).status).toBe(403);
    const other = await createPage(admin.client);
    expect((await member.client.post(`${pbase}/pages/${other.id}/archive/`)).status).toBe(403);
    const archived = await member.client.post(`${pbase}/pages/${page.id}/archive/`);
    expect(archived.status, archived.text).toBe(200);
    expect(Date.parse(archived.body.archived_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(names((await viewer.client.get(`${pbase}/pages/`)).body)).not.toContain('To archive');
    expect(names((await viewer.client.get(`${pbase}/archived-pages/`)).body)).toContain('To archive');
    const edit = await member.client.patch(`${pbase}/pages/${page.id}/`, { name: 'x' });
    expect(edit.body.error_code).toBe('PAGE_ARCHIVED');
    const access = await member.client.post(`${pbase}/pages/${page.id}/access/`, { access: 1 });
    expect(access.body.error_code).toBe('PAGE_ARCHIVED');
    expect((await admin.client.delete(`${pbase}/pages/${page.id}/archive/`)).status).toBe(204);
    expect((await viewer.client.get(`${pbase}/pages/${page.id}/`)).body.archived_at).toBeNull();
    expect(names((await viewer.client.get(`${pbase}/pages/`)).body)).toContain('To archive');
  });

  it('refuses the description of an archived page with PAGE_ARCHIVED, yet lets it be locked and duplicated', async () => {
    const page = await createPage(owner.client, { description_html: '<p>kept</p>' });
    expect((await owner.client.post(`${pbase}/pages/${page.id}/archive/`)).status).toBe(200);
    const description = await owner.client.patch(`${pbase}/pages/${page.id}/description/`, {
      description_binary: base64(htmlToYUpdate('<p>x</p>')),
    });
    expect([description.status, description.body.error_code]).toEqual([400, 'PAGE_ARCHIVED']);
    // Nor through the page itself, as HTML.
    const asHtml = await member.client.patch(`${pbase}/pages/${page.id}/`, { description_html: '<p>x</p>' });
    expect([asHtml.status, asHtml.body.error_code]).toEqual([400, 'PAGE_ARCHIVED']);
    expect((await owner.client.get(`${pbase}/pages/${page.id}/`)).body.description_html).toBe('<p>kept</p>');
    // The policy sets no archive condition on lock and duplicate (spec §6); the web offers both.
    expect((await member.client.post(`${pbase}/pages/${page.id}/lock/`)).status).toBe(204);
    // Archived before locked: the archive is the reason given.
    const locked = await owner.client.patch(`${pbase}/pages/${page.id}/description/`, {
      description_binary: base64(htmlToYUpdate('<p>x</p>')),
    });
    expect(locked.body.error_code).toBe('PAGE_ARCHIVED');
    const copy = await member.client.post(`${pbase}/pages/${page.id}/duplicate/`);
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.archived_at).toBeNull();
  });

  it('changes access by the owner alone, and dropping to private drops others’ favorites', async () => {
    const page = await createPage(member.client, { name: 'Going private' });
    expect((await admin.client.post(`${pbase}/favorite-pages/${page.id}/`)).status).toBe(201);
    expect((await member.client.post(`${pbase}/favorite-pages/${page.id}/`)).status).toBe(201);
    const byAdmin = await admin.client.post(`${pbase}/pages/${page.id}/access/`, { access: 1 });
    expect(byAdmin.status).toBe(403);
    const bad = await member.client.post(`${pbase}/pages/${page.id}/access/`, { access: 3 });
    expect(bad.status).toBe(400);
    const res = await member.client.post(`${pbase}/pages/${page.id}/access/`, { access: 1 });
    expect([res.status, res.body.access]).toEqual([200, 1]);
    expect((await member.client.get(`${pbase}/favorite-pages/`)).body.map((p: Page) => p.id)).toContain(
      page.id,
    );
    await member.client.post(`${pbase}/pages/${page.id}/access/`, { access: 0 });
    expect((await admin.client.get(`${pbase}/favorite-pages/`)).body.map((p: Page) => p.id)).not.toContain(
      page.id,
    );
  });

  it('duplicates into a page of the caller with the same description; viewers may not', async () => {
    const page = await createPage(owner.client, { name: 'Original', description_html: '<h2>Body</h2>' });
    expect((await viewer.client.post(`${pbase}/pages/${page.id}/duplicate/`)).status).toBe(403);
    const copy = await member.client.post(`${pbase}/pages/${page.id}/duplicate/`);
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Original (copy)',
      owned_by: member.user.id,
      description_html: '<h2>Body</h2>',
    });
    expect(copy.body.id).not.toBe(page.id);
  });

  it('deletes by the owner or an admin; then the page is gone with its favorites', async () => {
    const page = await createPage(member.client, { name: 'Doomed' });
    await member.client.post(`${pbase}/favorite-pages/${page.id}/`);
    const other = await createPage(admin.client);
    expect((await member.client.delete(`${pbase}/pages/${other.id}/`)).status).toBe(403);
    expect((await member.client.delete(`${pbase}/pages/${page.id}/`)).status).toBe(204);
    expect((await member.client.get(`${pbase}/pages/${page.id}/`)).status).toBe(404);
    expect((await member.client.get(`${pbase}/favorite-pages/`)).body.map((p: Page) => p.id)).not.toContain(
      page.id,
    );
    expect((await admin.client.delete(`${pbase}/pages/${other.id}/`)).status).toBe(204);
  });
});

describe('favorites', () => {
  it('adds once (409 twice), lists with the page, and removes', async () => {
    const page = await createPage(member.client, { name: 'Starred' });
    const added = await viewer.client.post(`${pbase}/favorite-pages/${page.id}/`);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ entity_type: 'page', entity_identifier: page.id, name: 'Starred' });
    expect((await viewer.client.post(`${pbase}/favorite-pages/${page.id}/`)).status).toBe(409);
    const listed = (await viewer.client.get(`${pbase}/favorite-pages/`)).body;
    expect(listed.find((p: Page) => p.id === page.id)?.is_favorite).toBe(true);
    expect((await viewer.client.get(`${pbase}/pages/${page.id}/`)).body.is_favorite).toBe(true);
    expect((await member.client.get(`${pbase}/pages/${page.id}/`)).body.is_favorite).toBe(false);
    const workspaceFavorites = (await viewer.client.get(`/api/workspaces/${slug}/user-favorites/`)).body;
    expect(workspaceFavorites.map((f: { entity_identifier: string }) => f.entity_identifier)).toContain(
      page.id,
    );
    expect((await viewer.client.delete(`${pbase}/favorite-pages/${page.id}/`)).status).toBe(204);
    expect((await viewer.client.get(`${pbase}/favorite-pages/`)).body.map((p: Page) => p.id)).not.toContain(
      page.id,
    );
  });
});

describe('the description as a Yjs document', () => {
  it('starts from the document built from the HTML, then stores edits and renders their HTML', async () => {
    const page = await createPage(member.client, { description_html: '<p>old</p>' });
    const first = await bytesOf(viewer.client, `${pbase}/pages/${page.id}/description/`);
    expect([first.status, first.type]).toEqual([200, 'application/octet-stream']);
    expect(yUpdateToHtml(first.bytes)).toBe('<p>old</p>');
    // Built once: everyone starts from the same document.
    const again = await bytesOf(member.client, `${pbase}/pages/${page.id}/description/`);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, first.bytes);
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', 1 as never);
    heading.insert(0, [new Y.XmlText('Title')]);
    doc.getXmlFragment('default').insert(0, [heading]);
    const res = await member.client.patch(`${pbase}/pages/${page.id}/description/`, {
      description_binary: base64(Y.encodeStateAsUpdate(doc)),
      description_html: '<p>ignored: the HTML is rendered from the document</p>',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.description_html).toBe('<h1>Title</h1><p>old</p>');
    const stored = await bytesOf(viewer.client, `${pbase}/pages/${page.id}/description/`);
    expect(yUpdateToHtml(stored.bytes)).toBe(res.body.description_html);
    expect((await outsider.client.get(`${outsiderPbase}/pages/${page.id}/description/`)).status).toBe(404);
  });

  it('merges concurrent edits of two clients instead of keeping the last', async () => {
    const page = await createPage(member.client);
    const base = (await bytesOf(member.client, `${pbase}/pages/${page.id}/description/`)).bytes;
    const docA = new Y.Doc();
    const docB = new Y.Doc();
    Y.applyUpdate(docA, base);
    Y.applyUpdate(docB, base);
    const write = (doc: Y.Doc, text: string) => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(text)]);
      doc.getXmlFragment('default').push([paragraph]);
    };
    write(docA, 'from A');
    write(docB, 'from B');
    for (const [client, doc] of [
      [member.client, docA],
      [admin.client, docB],
    ] as const) {
      const res = await client.patch(`${pbase}/pages/${page.id}/description/`, {
        description_binary: base64(Y.encodeStateAsUpdate(doc)),
      });
      expect(res.status, res.text).toBe(200);
    }
    const html = (await viewer.client.get(`${pbase}/pages/${page.id}/`)).body.description_html;
    expect(html).toMatch(/^<p><\/p>(<p>from A<\/p><p>from B<\/p>|<p>from B<\/p><p>from A<\/p>)$/);
  });

  it('refuses what is not a Yjs update (400), a document over 10 MiB (413), and viewers (403)', async () => {
    const page = await createPage(member.client);
    const path = `${pbase}/pages/${page.id}/description/`;
    const notBase64 = await member.client.patch(path, { description_binary: '***' });
    expect([notBase64.status, notBase64.body.error_code]).toEqual([400, 'VALIDATION_ERROR']);
    const garbage = await member.client.patch(path, {
      description_binary: base64(new Uint8Array([255, 1, 2, 3])),
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fields.description_binary).toBeDefined();
    const huge = await member.client.patch(path, {
      description_binary: base64(new Uint8Array(10 * 1024 * 1024 + 1)),
    });
    expect(huge.status).toBe(413);
    const byViewer = await viewer.client.patch(path, {
      description_binary: base64(htmlToYUpdate('<p>x</p>')),
    });
    expect(byViewer.status).toBe(403);
    // Nothing refused was stored.
    expect((await member.client.get(`${pbase}/pages/${page.id}/`)).body.description_html).toBe('<p></p>');
  });

  it('takes a description PATCHed as HTML as the new description, and its document from it', async () => {
    const page = await createPage(member.client);
    await member.client.patch(`${pbase}/pages/${page.id}/description/`, {
      description_binary: base64(htmlToYUpdate('<p>collaborative</p>')),
    });
    const res = await member.client.patch(`${pbase}/pages/${page.id}/`, {
      description_html: '<p>replaced</p>',
    });
    expect(res.body.description_html).toBe('<p>replaced</p>');
    const document = await bytesOf(member.client, `${pbase}/pages/${page.id}/description/`);
    expect(yUpdateToHtml(document.bytes)).toBe('<p>replaced</p>');
  });
});

describe('images', () => {
  it('stores raster images of an editable page and serves them to those who see the page', async () => {
    const page = await createPage(member.client);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const res = await member.client.request('POST', `${pbase}/pages/${page.id}/images/`, { multipart: form });
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toBe(`${pbase}/pages/${page.id}/images/${res.body.id}/`);
    const image = await bytesOf(viewer.client, res.body.url);
    expect([image.status, image.type]).toEqual([200, 'image/png']);
    expect(Buffer.from(image.bytes).equals(Buffer.from(PNG))).toBe(true);
    expect((await bytesOf(outsider.client, res.body.url)).status).toBe(404);

    const svg = new FormData();
    svg.append(
      'file',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']),
      'x.svg',
    );
    const refused = await member.client.request('POST', `${pbase}/pages/${page.id}/images/`, {
      multipart: svg,
    });
    expect(refused.status).toBe(400);
    const byViewer = new FormData();
    byViewer.append('file', new Blob([PNG]), 'dot.png');
    expect(
      (await viewer.client.request('POST', `${pbase}/pages/${page.id}/images/`, { multipart: byViewer }))
        .status,
    ).toBe(403);
  });
});
