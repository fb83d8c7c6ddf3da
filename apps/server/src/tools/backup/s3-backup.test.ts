import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../platform/storage/s3-storage.ts';
import { createProject, createWorkspace, signUp } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import { freshDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createBackup } from './create-backup.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';

/**
 * Backup and restore in S3 mode: the archive carries the bucket's files (read through the store,
 * laid out as the uploads folder's), and a restore writes them into another bucket, which then
 * serves the restored instance. Local mode is `backup.test.ts`.
 */

let s3: TestS3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-s3-backup-'));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore of an instance whose files are in a bucket', () => {
  it('carries the files into the archive and back into an empty bucket that serves them', async () => {
    const source = await s3.bucket();
    const t = await startTestApp(source.env);
    const target = await freshDatabase({});
    const targetBucket = await s3.bucket();
    let served: TestApp | undefined;
    try {
      const owner = await signUp(t);
      const slug = (await createWorkspace(owner)).slug;
      const project = await createProject(owner, slug);
      const issue = (
        await owner.client.post(`/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: 'x' })
      ).body;
      const bytes = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 13) % 256));
      const form = new FormData();
      form.append('asset', new Blob([bytes]), 'data.bin');
      const files = `/api/workspaces/${slug}/projects/${project.id}/issues/${issue.id}/issue-attachments/`;
      const uploaded = await owner.client.request('POST', files, { multipart: form });
      expect(uploaded.status, uploaded.text).toBe(201);

      const sourceStore = await createS3Storage(source.config);
      const [key] = await sourceStore.list();
      const archive = path.join(dir, 'kite.tar.gz');
      expect(await createBackup(t.database, sourceStore, archive)).toMatchObject({ files: 1 });
      const entries: string[] = [];
      await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
      expect(entries).toContain(`uploads/${key!.slice(0, 2)}/${key}`);
      expect(fs.readdirSync(dir)).toEqual(['kite.tar.gz']); // the copied files are cleaned up

      // A bucket holding files is not an empty target; with --force its other files go.
      const targetStore = await createS3Storage(targetBucket.config);
      const stray = await targetStore.put(Buffer.from('left over'));
      await expect(restoreBackup(target.database, targetStore, archive)).rejects.toBeInstanceOf(
        RestoreRefused,
      );
      expect(await restoreBackup(target.database, targetStore, archive, { force: true })).toMatchObject({
        files: 1,
      });
      expect(await targetStore.list()).toEqual([key]);
      expect(stray).not.toBe(key);

      served = await startTestApp(targetBucket.env, {
        existing: { ...target, uploads: fs.mkdtempSync(path.join(dir, 'unused-')) },
      });
      const client = new Client(served.baseUrl);
      for (const [k, v] of owner.client.cookies) client.cookies.set(k, v);
      const answer = await client.get(uploaded.body.asset_url);
      expect(answer.status).toBe(302);
      const location = answer.headers.get('location')!;
      expect(location).toContain(`/${targetBucket.config.bucket}/${key}?`);
      const download = await fetch(location);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await t.close();
      // The served app closes and drops the target database; without it, that is left to do.
      if (served) await served.close();
      else await target.database.close().then(target.drop);
    }
  });
});
