import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { testDriver } from '../../test/global-setup.ts';
import { Client } from '../../test/http-client.ts';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import { startSecondNode, startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The app with its files in an S3-compatible bucket (s3rver): downloads are answered with a
 * redirect to a presigned URL only after the same access checks as in local mode, the bucket
 * serves the bytes with the app's content type and disposition, and two app instances on one
 * PostgreSQL share the bucket.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function appOnBucket(options: Parameters<typeof startTestApp>[1] = {}) {
  const bucket = await s3.bucket();
  const t = await startTestApp(bucket.env, options);
  cleanups.push(() => t.close());
  return { t, env: bucket.env };
}

/** An owner's work item and the URL its attachments are under. */
async function scene(t: TestApp) {
  const owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  const project = await createProject(owner, slug);
  const pbase = `/api/workspaces/${slug}/projects/${project.id}`;
  const issue = (await owner.client.post(`${pbase}/issues/`, { name: 'With files' })).body;
  return { owner, slug, project, pbase, files: `${pbase}/issues/${issue.id}/issue-attachments/` };
}

async function upload(user: SignedIn, url: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('asset', new Blob([bytes]), name);
  const res = await user.client.request('POST', url, { multipart: form });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; asset_url: string };
}

/** A download answered with a redirect to the bucket, and what the bucket then serves. */
async function followToBucket(client: Client, url: string) {
  const answer = await client.get(url);
  expect(answer.status, answer.text).toBe(302);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const location = answer.headers.get('location')!;
  expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
  const served = await fetch(location);
  return {
    location,
    status: served.status,
    bytes: Buffer.from(await served.arrayBuffer()),
    type: served.headers.get('content-type'),
    disposition: served.headers.get('content-disposition'),
  };
}

describe('files in an S3-compatible bucket', () => {
  it('redirects an attachment download to a presigned URL that serves the bytes; others still get 404', async () => {
    const { t } = await appOnBucket();
    const s = await scene(t);
    const image = await upload(s.owner, s.files, PNG, 'dot.png');
    const html = await upload(s.owner, s.files, Buffer.from('<script>alert(1)</script>'), 'page.html');

    const shown = await followToBucket(s.owner.client, image.asset_url);
    expect([shown.status, shown.type, shown.disposition]).toEqual([
      200,
      'image/png',
      "inline; filename*=UTF-8''dot.png",
    ]);
    expect(shown.bytes.equals(PNG)).toBe(true);
    const saved = await followToBucket(s.owner.client, html.asset_url);
    expect([saved.type, saved.disposition]).toEqual([
      'application/octet-stream',
      "attachment; filename*=UTF-8''page.html",
    ]);

    // Access is decided before any redirect: a non-member learns nothing, not even a URL.
    const outsider = await signUp(t);
    const refused = await outsider.client.get(image.asset_url);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('location')).toBeNull();
    expect((await new Client(t.baseUrl).get(image.asset_url)).status).toBe(401);

    // Nothing lands in the uploads folder; deleting removes the object, so an old URL stops working.
    expect(fs.readdirSync(t.uploads)).toEqual([]);
    expect((await s.owner.client.delete(`${s.files}${image.id}/`)).status).toBe(204);
    expect((await s.owner.client.get(image.asset_url)).status).toBe(404);
    expect((await fetch(shown.location)).status).toBe(404);
  });

  it('redirects page images and exports too, and lets the app page load images from the bucket', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-web-'));
    cleanups.push(async () => fs.rmSync(webDist, { recursive: true, force: true }));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kite</title>');
    const { t } = await appOnBucket({ webDist });
    const s = await scene(t);

    const page = (await s.owner.client.post(`${s.pbase}/pages/`, { name: 'Pictures' })).body;
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'dot.png');
    const added = await s.owner.client.request('POST', `${s.pbase}/pages/${page.id}/images/`, {
      multipart: form,
    });
    expect(added.status, added.text).toBe(201);
    const image = await followToBucket(s.owner.client, added.body.url);
    expect([image.status, image.type, image.disposition]).toEqual([200, 'image/png', 'inline']);
    expect(image.bytes.equals(PNG)).toBe(true);

    const exports = `/api/workspaces/${s.slug}/export-issues/`;
    expect((await s.owner.client.post(exports, { provider: 'csv', project: [s.project.id] })).status).toBe(
      201,
    );
    expect(await t.services.exports.processNext()).toBe(true);
    const done = (await s.owner.client.get(exports)).body.results[0];
    const csv = await followToBucket(s.owner.client, done.url);
    expect(csv.type).toContain('text/csv');
    expect(csv.disposition).toMatch(/^attachment; filename=".*\.csv"$/);
    expect(csv.bytes.toString()).toContain('With files');

    const html = await new Client(t.baseUrl).get('/');
    expect(html.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: blob: ${s3.endpoint};`,
    );
  });

  it('shares one bucket between two app instances on one PostgreSQL', async () => {
    const { t: nodeA, env } = await appOnBucket();
    const nodeB = await startSecondNode(nodeA, env);
    if (!nodeB) return expect(testDriver()).toBe('pglite'); // one process owns a PGlite database
    cleanups.push(() => nodeB.close());
    const s = await scene(nodeA);
    const onB = new Client(nodeB.baseUrl);
    for (const [k, v] of s.owner.client.cookies) onB.cookies.set(k, v);

    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const file = await upload(s.owner, s.files, bytes, 'data.bin');
    const fromB = await followToBucket(onB, file.asset_url);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(bytes)).toBe(true);

    const deleted = await onB.request('DELETE', `${s.files}${file.id}/`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await s.owner.client.get(file.asset_url)).status).toBe(404);
    expect((await s.owner.client.get(s.files)).body).toEqual([]);
    expect((await fetch(fromB.location)).status).toBe(404);
  });
});
