import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { STRONG_PASSWORD } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { type Accounts, signUpAccounts, World } from '../../test/security/world.ts';
import { freshDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { writeArchive } from './archive.ts';
import { createBackup } from './create-backup.ts';
import { storedFiles } from './files.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';

/**
 * Backup and restore (quality.md §3): an instance holding every kind of object is backed up,
 * restored into an empty database and uploads folder, and a full export of both — every row
 * of every table, every stored file — is identical.
 */

let t: TestApp;
let accounts: Accounts;
let world: World;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-backup-'));
const archive = path.join(dir, 'backup.jsonl.gz');

beforeAll(async () => {
  t = await startTestApp();
  accounts = await signUpAccounts(t);
  world = await World.withMembers(t, accounts);
  // One of every object the matrix knows how to make, files included (an attachment, an export).
  await Promise.all([
    world.comment(),
    world.label(),
    world.state(),
    world.link(),
    world.attachment(),
    world.related(),
    world.issueReaction(),
    world.commentReaction(),
    world.subscriber(),
    world.estimate(),
    world.deployBoard(),
    world.invitation(),
    world.exportRequest(),
    world.draft(),
    world.archivedIssue(),
  ]);
  await accounts.admin.client.post(`${world.ws}/user-favorite-projects/`, {
    project: await world.projectId(),
  });
  await accounts.admin.client.patch(`${await world.pbase()}/user-properties/`, {
    display_filters: { layout: 'list' },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every row of every table (as the database prints it) and every stored file. */
async function fullExport(database: Database, uploads: string) {
  const tables = await database.raw<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    rows[name] = (
      await database.raw<{ j: string }>(`select row_to_json(t)::text as j from "${name}" t order by 1`)
    ).map((r) => r.j);
  }
  const files: Record<string, string> = {};
  for (const file of await storedFiles(uploads))
    files[file] = fs.readFileSync(path.join(uploads, file)).toString('base64');
  return { rows, files };
}

describe('backup and restore', () => {
  it('round-trips every table and every stored file into an empty instance', async () => {
    const before = await fullExport(t.database, t.uploads);
    const nonEmpty = Object.entries(before.rows)
      .filter(([, rows]) => rows.length > 0)
      .map(([name]) => name);
    expect(nonEmpty.length, `tables with rows: ${nonEmpty.join(', ')}`).toBeGreaterThan(25);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(2);

    const made = await createBackup(t.database, t.uploads, archive);
    expect(made.files).toBe(Object.keys(before.files).length);

    const target = await freshDatabase({});
    const targetUploads = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-restored-'));
    const restored = await restoreBackup(target.database, targetUploads, archive);
    expect(restored.rows).toBe(made.rows);
    const after = await fullExport(target.database, targetUploads);
    expect(after.rows).toEqual(before.rows);
    expect(after.files).toEqual(before.files);

    // Refused: a second restore over the data without --force.
    await expect(restoreBackup(target.database, targetUploads, archive)).rejects.toBeInstanceOf(
      RestoreRefused,
    );

    // The restored instance works: the admin signs in with their password, reads the restored
    // file, and new work items continue the sequence.
    const served = await startTestApp({}, { existing: { ...target, uploads: targetUploads } });
    try {
      const admin = new Client(served.baseUrl);
      const signIn = await admin.post('/auth/sign-in/', {
        email: accounts.admin.user.email,
        password: STRONG_PASSWORD,
      });
      expect(signIn.status, signIn.text).toBe(200);
      const attachment = await world.attachment();
      const listed = await admin.get(`${await world.ibase()}/issue-attachments/`);
      const restoredFile = listed.body.find((a: { id: string }) => a.id === attachment.id);
      const download = await admin.get(restoredFile.asset_url);
      expect(download.status).toBe(200);
      const created = await admin.post(`${await world.pbase()}/issues/`, { name: 'After restore' });
      expect(created.status, created.text).toBe(201);
      expect(created.body.sequence_id).toBeGreaterThan((await world.issue()).sequence_id);
    } finally {
      await served.close();
    }
  });

  it('refuses an archive from a newer version and a file that is not a backup', async () => {
    const target = await freshDatabase({});
    try {
      const newer = path.join(dir, 'newer.jsonl.gz');
      await writeArchive(
        newer,
        (async function* () {
          yield {
            manifest: {
              kind: 'kite-backup' as const,
              format: 1,
              app_version: '9.9.9',
              created_at: new Date().toISOString(),
              migrations: 10_000,
              tables: {},
              files: 0,
            },
          };
        })(),
      );
      await expect(restoreBackup(target.database, dir, newer)).rejects.toThrow(/newer version/);
      const junk = path.join(dir, 'junk.jsonl.gz');
      await writeArchive(
        junk,
        (async function* () {
          yield { file: 'x', data: '' };
        })(),
      );
      await expect(restoreBackup(target.database, dir, junk)).rejects.toThrow(/not a Kite backup/);
    } finally {
      await target.database.close();
      await target.drop();
    }
  });
});
