import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let owner: SignedIn;
let slug: string;
let projectId: string;
let url: string;
beforeEach(async () => {
  t = await startTestApp({ FILE_SIZE_LIMIT: '2048' });
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  const issue = (
    await owner.client.post(`/api/workspaces/${slug}/projects/${projectId}/issues/`, { name: 'With files' })
  ).body;
  url = `/api/workspaces/${slug}/projects/${projectId}/issues/${issue.id}`;
});
afterEach(() => t.close());

function form(bytes: Buffer, name: string, declaredType: string, field = 'asset') {
  const data = new FormData();
  data.append(field, new Blob([bytes], { type: declaredType }), name);
  return data;
}

describe('attachments', () => {
  it('sniffs the type, counts files and serves images inline with a sandbox', async () => {
    const uploaded = await owner.client.request('POST', `${url}/issue-attachments/`, {
      multipart: form(PNG, 'pixel.txt', 'text/plain'),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body.attributes).toEqual({ name: 'pixel.txt', type: 'image/png', size: PNG.length });
    expect((await owner.client.get(`${url}/`)).body.attachment_count).toBe(1);
    const download = await owner.client.get(uploaded.body.asset_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''pixel.txt");
    expect(download.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await owner.client.get(`${url}/issue-attachments/`)).body).toHaveLength(1);
  });

  it('downloads everything else as an attachment, refuses large files, and lets uploader or admin delete', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const uploaded = await owner.client.request('POST', `${url}/issue-attachments/`, {
      multipart: form(html, 'page.html', 'image/png'),
    });
    expect(uploaded.body.attributes.type).toBe('application/octet-stream');
    const download = await owner.client.get(uploaded.body.asset_url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    const tooBig = await owner.client.request('POST', `${url}/issue-attachments/`, {
      multipart: form(Buffer.alloc(4096, 1), 'big.bin', 'application/octet-stream'),
    });
    expect(tooBig.status).toBe(413);
    const wrongField = await owner.client.request('POST', `${url}/issue-attachments/`, {
      multipart: form(PNG, 'x.png', 'image/png', 'file'),
    });
    expect(wrongField.status).toBe(400);
    expect((await owner.client.post(`${url}/issue-attachments/`, { asset: 'x' })).status).toBe(415);

    const viewer = await addMember(t, owner, slug, 10);
    await addProjectMember(owner, slug, projectId, viewer.user.id, 10);
    const own = await viewer.client.request('POST', `${url}/issue-attachments/`, {
      multipart: form(PNG, 'v.png', 'image/png'),
    });
    expect(own.status).toBe(201);
    expect((await viewer.client.delete(`${url}/issue-attachments/${uploaded.body.id}/`)).status).toBe(403);
    expect((await viewer.client.delete(`${url}/issue-attachments/${own.body.id}/`)).status).toBe(204);
    expect((await owner.client.delete(`${url}/issue-attachments/${uploaded.body.id}/`)).status).toBe(204);
    expect((await owner.client.get(uploaded.body.asset_url)).status).toBe(404);
    expect((await owner.client.get(`${url}/`)).body.attachment_count).toBe(0);
  });
});
