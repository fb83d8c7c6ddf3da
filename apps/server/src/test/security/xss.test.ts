import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sanitizeRichText } from '../../platform/security/html.ts';
import { repairStoredRichText } from '../../platform/security/stored-html-repair.ts';
import { createProject, createWorkspace, type SignedIn, signUp } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { FORBIDDEN_TAGS, NAIVE_FILTER_VECTORS, URL_ATTRIBUTES, xssCorpus } from './xss-corpus.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const CORPUS = xssCorpus();

/** What in sanitised HTML could run script or load something, as a browser's parser sees it. */
function hazards(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) {
      const element = node as Element;
      if (FORBIDDEN_TAGS.has(element.tagName)) found.push(`<${element.tagName}>`);
      for (const attr of element.attrs) {
        const name = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
        // Browsers drop control characters and spaces inside a URL's scheme.
        const value = [...attr.value]
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        if (name.startsWith('on')) found.push(`${element.tagName}[${name}]`);
        if (
          URL_ATTRIBUTES.has(name) &&
          (/^(javascript|vbscript|data):/.test(value) || value.startsWith('//'))
        ) {
          found.push(`${element.tagName}[${name}=${attr.value}]`);
        }
        if (name === 'style' && /url\(|expression\(|behavior|position|@import/.test(value)) {
          found.push(`${element.tagName}[style=${attr.value}]`);
        }
      }
      if (element.tagName === 'template') visit((element as unknown as { content: Node }).content);
    }
    for (const child of (node as { childNodes?: Node[] }).childNodes ?? []) visit(child);
  };
  // A whole document, so that body and frameset attributes count too.
  visit(parse(html) as unknown as Node);
  return found;
}

describe('the rich-text allow-list against the XSS corpus', () => {
  it('holds at least 500 vectors, each hazardous before sanitising', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(500);
    // A vector the checker cannot see as dangerous would test nothing.
    const invisible = CORPUS.filter((v) => hazards(v).length === 0 && !NAIVE_FILTER_VECTORS.includes(v));
    expect(invisible).toEqual([]);
  });

  it('leaves no script, handler, script URL or dangerous style in any vector, idempotently', () => {
    const failures = CORPUS.map((vector) => ({ vector, clean: sanitizeRichText(vector) }))
      .map(({ vector, clean }) => ({
        vector,
        clean,
        hazards: hazards(clean),
        stable: sanitizeRichText(clean) === clean,
      }))
      .filter((r) => r.hazards.length > 0 || !r.stable);
    expect(failures).toEqual([]);
  });
});

describe('rich-text and name fields over HTTP', () => {
  let t: TestApp;
  let owner: SignedIn;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    const slug = (await createWorkspace(owner)).slug;
    base = `/api/workspaces/${slug}/projects/${(await createProject(owner, slug)).id}`;
  });
  afterAll(() => t?.close());

  it('stores every vector inert in descriptions and comments, and names exactly as text', async () => {
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'Host' })).body;
    const leaks: string[] = [];
    const ids: string[] = [];
    for (const vector of CORPUS) {
      const created = await owner.client.post(`${base}/issues/`, {
        name: vector.slice(0, 255),
        description_html: vector,
      });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.get('content-type')).toMatch(/^application\/json/);
      expect(created.body.name).toBe(vector.slice(0, 255));
      if (hazards(created.body.description_html).length > 0) leaks.push(`description: ${vector}`);
      ids.push(created.body.id);

      const comment = await owner.client.post(`${base}/issues/${issue.id}/comments/`, {
        comment_html: vector,
      });
      expect(comment.status, comment.text).toBe(201);
      if (hazards(comment.body.comment_html).length > 0) leaks.push(`comment: ${vector}`);
    }
    // What is read back is what was stored: a sample of the items, every comment.
    for (const id of ids.filter((_, i) => i % 25 === 0)) {
      const read = await owner.client.get(`${base}/issues/${id}/`);
      if (hazards(read.body.description_html).length > 0) leaks.push(`stored description: ${id}`);
    }
    const comments = await owner.client.get(`${base}/issues/${issue.id}/comments/`);
    for (const c of comments.body.results ?? comments.body) {
      if (hazards(c.comment_html).length > 0) leaks.push(`comment list: ${c.comment_html}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('stores every vector inert in module descriptions, and module and cycle names as text', async () => {
    const leaks: string[] = [];
    for (const [i, vector] of CORPUS.entries()) {
      // Names are unique per project: the index keeps them apart.
      const name = `${i} ${vector}`.slice(0, 255);
      const module = await owner.client.post(`${base}/modules/`, { name, description_html: vector });
      expect(module.status, module.text).toBe(201);
      expect(module.body.name).toBe(name.trim());
      if (hazards(module.body.description_html).length > 0) leaks.push(`module description: ${vector}`);
      if (i % 5 === 0) {
        const cycle = await owner.client.post(`${base}/cycles/`, { name, description: vector });
        expect(cycle.status, cycle.text).toBe(201);
        expect([cycle.body.name, cycle.body.description]).toEqual([name.trim(), vector]);
      }
    }
    const listed = await owner.client.get(`${base}/modules/`);
    for (const m of listed.body) {
      if (hazards(m.description_html).length > 0) leaks.push(`module list: ${m.description_html}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('stores every vector inert in the project description, and reads it back so', async () => {
    const leaks: string[] = [];
    for (const vector of CORPUS) {
      const saved = await owner.client.patch(`${base}/`, { description_html: vector });
      expect(saved.status, saved.text).toBe(200);
      if (hazards(saved.body.description_html).length > 0) leaks.push(`project description: ${vector}`);
    }
    const read = await owner.client.get(`${base}/`);
    expect(hazards(read.body.description_html)).toEqual([]);
    expect(leaks).toEqual([]);
  }, 120_000);

  it('stores every vector inert in page descriptions, through the HTML and through the Yjs document', async () => {
    const leaks: string[] = [];
    for (const [i, vector] of CORPUS.entries()) {
      const page = await owner.client.post(`${base}/pages/`, {
        name: vector.slice(0, 255),
        description_html: vector,
      });
      expect(page.status, page.text).toBe(201);
      expect(page.body.name).toBe(vector.slice(0, 255).trim() || 'Untitled');
      if (hazards(page.body.description_html).length > 0) leaks.push(`page: ${vector}`);
      if (i % 25 !== 0) continue;
      // The document built from it, edited and stored again, renders inert too.
      const document = await fetch(`${t.baseUrl}${base}/pages/${page.body.id}/description/`, {
        headers: { cookie: owner.client.cookieHeader() },
      });
      const doc = new Y.Doc();
      Y.applyUpdate(doc, new Uint8Array(await document.arrayBuffer()));
      const stored = await owner.client.patch(`${base}/pages/${page.body.id}/description/`, {
        description_binary: Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64'),
      });
      expect(stored.status, stored.text).toBe(200);
      if (hazards(stored.body.description_html).length > 0) leaks.push(`page document: ${vector}`);
    }
    expect(leaks).toEqual([]);
  }, 180_000);

  it('renders a hand-made hostile Yjs document inert, and refuses one the editor cannot read', async () => {
    const page = (await owner.client.post(`${base}/pages/`, { name: 'Hostile' })).body;
    const send = (doc: Y.Doc) =>
      owner.client.patch(`${base}/pages/${page.id}/description/`, {
        description_binary: Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64'),
      });
    const hostile = new Y.Doc();
    const image = new Y.XmlElement('image');
    image.setAttribute('src', 'javascript:alert(1)');
    image.setAttribute('onerror', 'alert(2)');
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    text.insert(0, 'click', { link: { href: 'javascript:alert(3)' } });
    paragraph.insert(0, [text]);
    hostile.getXmlFragment('default').insert(0, [image, paragraph]);
    const res = await send(hostile);
    expect(res.status, res.text).toBe(200);
    expect(hazards(res.body.description_html)).toEqual([]);
    expect(res.body.description_html).toContain('click');

    const unknown = new Y.Doc();
    unknown.getXmlFragment('default').insert(0, [new Y.XmlElement('script')]);
    const refused = await send(unknown);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.fields.description_binary).toBeDefined();
    // Nothing of it was stored.
    expect((await owner.client.get(`${base}/pages/${page.id}/`)).body.description_html).toContain('click');
  });

  it('sanitises again, at start-up, rich text an earlier version stored with handlers on components', async () => {
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'Old' })).body;
    const unsafe =
      '<p>a</p><mention-component entity_identifier="u" onmouseover="alert(1)"></mention-component>';
    await t.database.raw('update issues set description_html = $1 where id = $2', [unsafe, issue.id]);
    expect(await repairStoredRichText(t.database)).toBe(1);
    const read = await owner.client.get(`${base}/issues/${issue.id}/`);
    expect(read.body.description_html).toBe(
      '<p>a</p><mention-component entity_identifier="u"></mention-component>',
    );
    expect(await repairStoredRichText(t.database)).toBe(0);
  });

  it('sanitises again, at start-up, a project description stored before descriptions were sanitised', async () => {
    const projectId = base.split('/').pop();
    const html = '<p>plan</p><img src="x" onerror="alert(1)"><script>alert(2)</script>';
    await t.database.raw('update projects set description_html = $1 where id = $2', [html, projectId]);
    expect(await repairStoredRichText(t.database)).toBe(1);
    const read = await owner.client.get(`${base}/`);
    expect(read.body.description_html).toContain('plan');
    expect(hazards(read.body.description_html)).toEqual([]);
    expect(await repairStoredRichText(t.database)).toBe(0);
  });
});
