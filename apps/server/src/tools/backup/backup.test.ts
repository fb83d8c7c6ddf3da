import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { htmlToYUpdate } from '@kite/editor/server';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { STRONG_PASSWORD } from '../../test/factories.ts';
import { databaseUrl, testDriver } from '../../test/global-setup.ts';
import { Client, type HttpResult } from '../../test/http-client.ts';
import { type Accounts, signUpAccounts, World } from '../../test/security/world.ts';
import { freshDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import type { Manifest } from './archive.ts';
import { createBackup } from './create-backup.ts';
import { storedFiles } from './files.ts';
import { knownMigrations } from './migrations.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';

/**
 * Backup and restore: an instance holding every kind of object, made through the API, is backed
 * up and restored into an empty database and uploads folder, and a full export of both — every
 * row of every table, every stored file — is identical. Then the restored instance is served.
 */

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const run = promisify(execFile);

let t: TestApp;
let accounts: Accounts;
let world: World;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-backup-'));
const archive = path.join(dir, 'kite.tar.gz');
/** The restore target: a database of its own (migrated, empty) and an uploads folder. */
let target: { database: Database; drop: () => Promise<void> };
const targetUploads = path.join(dir, 'target', 'uploads');
let before: Awaited<ReturnType<typeof fullExport>>;

async function ok<T = any>(pending: Promise<HttpResult<T>>): Promise<T> {
  const res = await pending;
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

/** One of everything the API makes, so that every table holds rows. */
async function makeEveryKindOfObject() {
  accounts = await signUpAccounts(t); // users, profiles, sessions
  world = await World.withMembers(t, accounts); // workspace, members, accepted invitations, project members
  const admin = accounts.admin.client;
  await Promise.all([
    world.comment(),
    world.state(),
    world.link(),
    world.attachment(), // a stored file
    world.related(),
    world.issueReaction(),
    world.commentReaction(),
    world.subscriber(),
    world.deployBoard(),
    world.invitation(), // pending
    world.exportRequest(), // a stored file too
    world.draft(),
    world.archivedIssue(),
    world.intakeItem(), // the project's intake and a submission in it
  ]);
  await world.notification(); // after the rest: the worker's drain marks their events processed too
  const pbase = await world.pbase();
  const estimate = await world.estimate();
  await ok(admin.patch(`${pbase}/`, { estimate: estimate.id }));
  const child = await ok(
    admin.post(`${pbase}/issues/`, {
      name: 'Child with everything',
      description_html: '<p>Assigned, labelled, <strong>estimated</strong></p>',
      priority: 'high',
      assignee_ids: [accounts.member.user.id, accounts.admin.user.id],
      label_ids: [(await world.label()).id],
      parent_id: (await world.issue()).id,
      estimate_point: estimate.points[1]!.id,
      start_date: '2026-05-01',
      target_date: '2026-05-10',
    }),
  );
  await ok(admin.patch(`${pbase}/issues/${child.id}/`, { name: 'Child, renamed', priority: 'urgent' }));
  // A cycle with the item in it (its history too), favorited.
  const cycle = await world.cycle();
  await ok(admin.post(`${pbase}/cycles/${cycle.id}/cycle-issues/`, { issues: [child.id] }));
  await ok(admin.post(`${pbase}/user-favorite-cycles/`, { cycle: cycle.id }));
  // A module with members, a link and the item in it, favorited.
  const module = await world.module();
  await ok(admin.patch(`${pbase}/modules/${module.id}/`, { member_ids: [accounts.member.user.id] }));
  await world.moduleLink();
  await ok(admin.post(`${pbase}/modules/${module.id}/issues/`, { issues: [child.id] }));
  await ok(admin.post(`${pbase}/user-favorite-modules/`, { module: module.id }));
  await ok(admin.post(`${world.ws}/user-favorite-projects/`, { project: await world.projectId() }));
  // A saved view of the project, with its filters.
  await ok(admin.post(`${pbase}/views/`, { name: 'Urgent', filters: { priority: ['urgent'] } }));
  await ok(admin.patch(`${pbase}/user-properties/`, { display_filters: { layout: 'kanban' } }));
  // A page with a collaborative description (bytea) and an image in it (a stored file), favorited.
  const page = await world.page();
  await ok(
    admin.patch(`${pbase}/pages/${page.id}/description/`, {
      description_binary: Buffer.from(htmlToYUpdate('<h2>Backed up</h2><p>text</p>')).toString('base64'),
    }),
  );
  await world.pageImage();
  await ok(admin.post(`${pbase}/favorite-pages/${page.id}/`));
  // The admin's home dashboard and its widgets, one of them hidden.
  const dashboard = await ok(admin.get(`${world.ws}/dashboard/?dashboard_type=home`));
  await ok(
    admin.patch(`/api/dashboard/${dashboard.dashboard.id}/widgets/${dashboard.widgets[1].id}/`, {
      is_visible: false,
    }),
  );
  // An API token, used once (so its last_used is set too).
  const token = await ok(admin.post(`${world.ws}/api-tokens/`, { label: 'Backup', description: 'CI' }));
  await ok(new Client(t.baseUrl).get('/api/v1/users/me/', { headers: { 'X-Api-Key': token.token } }));
  // A create sent with an Idempotency-Key: its stored answer is a row like any other.
  await ok(
    admin.post(
      `${pbase}/issue-labels/`,
      { name: 'Idempotent', color: '#112233' },
      { headers: { 'Idempotency-Key': 'backup-test' } },
    ),
  );
  await ok(
    accounts.instanceAdmin.client.patch('/api/instances/configurations/', { EMAIL_FROM: 'kite@example.com' }),
  );
  // A sign-in provider linked to the admin (linking needs a provider, so made in SQL).
  await t.database.raw(
    `insert into accounts (user_id, provider, provider_account_id, email, last_used_at)
     values ($1, 'oidc', 'backup-subject', 'admin@example.com', now())`,
    [accounts.admin.user.id],
  );
  // A public-API rate window (PostgreSQL counts there; the embedded database in memory).
  await t.database.raw(
    `insert into api_rate_windows (token_id, window_start, hits) values ($1, now(), 1) on conflict do nothing`,
    [token.id],
  );
  // A CSV import with a refused row, dry-run and run to its end (its file is removed then).
  const csv = new FormData();
  csv.append('file', new Blob(['id,title,priority\n1,Imported,high\n2,Refused,whenever\n']), 'import.csv');
  const imported = await ok(admin.request('POST', `${pbase}/imports/`, { multipart: csv }));
  await ok(admin.post(`${pbase}/imports/${imported.id}/dry-run/`));
  await ok(admin.post(`${pbase}/imports/${imported.id}/start/`));
  while (await t.services.imports.processNext()) {}
  // A webhook (its secret sealed) with a queued delivery of a change and one logged attempt.
  const webhook = await ok(
    admin.post(`${world.ws}/webhooks/`, { url: 'https://93.184.216.34/backup-hook', issue: true }),
  );
  await ok(admin.patch(`${pbase}/issues/${child.id}/`, { priority: 'low' }));
  await t.services.outboxWorker.drain();
  await t.database.raw(
    `insert into webhook_logs (workspace_id, webhook_id, delivery_id, event_type, action, attempt,
       request_headers, request_body, response_status, response_headers, response_body, duration_ms)
     select workspace_id, webhook_id, id, event_type, action, 1, '{"webhook-id":"x"}', body, 200, '{}', 'ok', 12
     from webhook_deliveries where webhook_id = $1 limit 1`,
    [webhook.id],
  );
  // A GitHub repository sync (linking needs GitHub, so made in SQL): its sealed token and secret, a
  // synced item, a queued state push and a handled webhook delivery.
  await t.database.raw(
    `with s as (
       insert into github_repository_syncs (workspace_id, project_id, repository_owner, repository_name,
         repository_url, repository_id, access_token_encrypted, webhook_secret_encrypted, actor_id, config)
       select workspace_id, project_id, 'octocat', 'hello-world', 'https://github.com/octocat/hello-world',
         1296269, 'v1:aXY=:dGFn:ZGF0YQ==', 'v1:aXY=:dGFn:c2VjcmV0', $2, '{"backup": true}'
       from issues where id = $1
       returning id, workspace_id
     ), l as (
       insert into github_issue_links (workspace_id, sync_id, issue_id, github_issue_id, github_issue_number, github_state)
       select workspace_id, id, $1, 9001, 1, 'open' from s
     ), j as (
       insert into github_sync_jobs (workspace_id, sync_id, kind, issue_id)
       select workspace_id, id, 'push_state', $1 from s
     )
     insert into github_webhook_deliveries (workspace_id, sync_id, delivery_id, event)
     select workspace_id, id, 'delivery-1', 'issues' from s`,
    [child.id, accounts.admin.user.id],
  );
  const anonymous = new Client(t.baseUrl);
  await ok(anonymous.post('/auth/magic-generate/', { email: accounts.viewer.user.email }));
  await ok(anonymous.post('/auth/forgot-password/', { email: accounts.guest.user.email }));
  const failed = await anonymous.post('/auth/sign-in/', {
    email: accounts.outsider.user.email,
    password: 'not the password 123',
  });
  expect(failed.status).toBe(400);
}

/** Every row of every table (as PostgreSQL prints it, sorted) and every stored file's bytes. */
async function fullExport(database: Database, uploads: string) {
  const tables = await database.raw<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    rows[name] = (await database.raw<{ j: string }>(`select row_to_json(t)::text as j from "${name}" t`))
      .map((r) => r.j)
      .sort();
  }
  const files: Record<string, string> = {};
  for (const file of await storedFiles(uploads))
    files[file] = fs.readFileSync(path.join(uploads, file)).toString('base64');
  return { rows, files };
}

/** A copy of the archive with its manifest changed. */
async function withManifest(edit: (manifest: Manifest) => void): Promise<string> {
  const unpacked = fs.mkdtempSync(path.join(dir, 'edit-'));
  await tar.extract({ file: archive, cwd: unpacked });
  const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
  edit(manifest);
  fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
  const edited = `${unpacked}.tar.gz`;
  await tar.create({ file: edited, gzip: true, cwd: unpacked }, fs.readdirSync(unpacked));
  return edited;
}

/** `npm run backup|restore` as a process of its own (the test's DATABASE_URL left out): exit code and output. */
async function command(script: 'backup' | 'restore', args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/tools/${script}.ts`, ...args],
      {
        cwd: ROOT,
        env,
      },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

/** An archive's table rows (sorted per table) and stored files, as read back from the file. */
async function contents(file: string) {
  const into = fs.mkdtempSync(path.join(dir, 'contents-'));
  await tar.extract({ file, cwd: into });
  const tables = Object.fromEntries(
    fs.readdirSync(path.join(into, 'tables')).map((name) => [
      name,
      fs
        .readFileSync(path.join(into, 'tables', name), 'utf8')
        .split('\n')
        .sort(),
    ]),
  );
  const files = await storedFiles(path.join(into, 'uploads'));
  return {
    tables,
    files: files.map((f) => fs.readFileSync(path.join(into, 'uploads', f)).toString('base64')),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  await makeEveryKindOfObject();
  before = await fullExport(t.database, t.uploads);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips every table and every stored file into an empty database', async () => {
    const empty = Object.entries(before.rows)
      .filter(([, rows]) => rows.length === 0)
      .map(([table]) => table);
    expect(empty, 'tables without rows').toEqual([]);
    expect(Object.keys(before.files)).toHaveLength(3); // the attachment, the export and the page image

    const made = await createBackup(t.database, t.uploads, archive);
    expect(made.files).toBe(3);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.sort()).toEqual(
      [
        'manifest.json',
        'tables/',
        ...Object.keys(before.rows).map((table) => `tables/${table}.jsonl`),
        ...Object.keys(before.files).map((file) => `uploads/${file}`),
      ].sort(),
    );
    const unpacked = fs.mkdtempSync(path.join(dir, 'look-'));
    await tar.extract({ file: archive, cwd: unpacked, filter: (p) => p === 'manifest.json' });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ kind: 'kite-backup', format: 1, files: 3 });
    expect(manifest.migrations.map((m) => m.tag)).toEqual(knownMigrations().map((m) => m.tag));
    expect(manifest.latest_migration).toBe(knownMigrations().at(-1)!.tag);
    expect(manifest.tables).toEqual(
      Object.fromEntries(Object.entries(before.rows).map(([table, rows]) => [table, rows.length])),
    );

    target = await freshDatabase({});
    const restored = await restoreBackup(target.database, targetUploads, archive);
    expect(restored).toEqual(made);
    const after = await fullExport(target.database, targetUploads);
    expect(after.rows).toEqual(before.rows);
    expect(after.files).toEqual(before.files);
  });

  it('refuses a target holding data without --force, and a failed restore changes nothing', async () => {
    await expect(restoreBackup(target.database, targetUploads, archive)).rejects.toBeInstanceOf(
      RestoreRefused,
    );

    // The load fails near its end (workspaces is among the last tables), after the schema was
    // dropped and built again: all of it is rolled back.
    const workspaces = before.rows.workspaces!.length;
    const broken = await withManifest((manifest) => {
      manifest.tables.workspaces = workspaces + 1;
    });
    await expect(restoreBackup(target.database, targetUploads, broken, { force: true })).rejects.toThrow(
      `workspaces: the archive holds ${workspaces} rows, its manifest ${workspaces + 1}`,
    );
    expect(await fullExport(target.database, targetUploads)).toEqual(before);

    await expect(
      restoreBackup(target.database, targetUploads, archive, { force: true }),
    ).resolves.toMatchObject({ files: 3 });
    expect(await fullExport(target.database, targetUploads)).toEqual(before);
  });

  it('serves the restored instance: password sign-in, the stored file, the same board, ids that continue', async () => {
    const served = await startTestApp({}, { existing: { ...target, uploads: targetUploads } });
    try {
      const admin = new Client(served.baseUrl);
      await ok(admin.post('/auth/sign-in/', { email: accounts.admin.user.email, password: STRONG_PASSWORD }));

      const board = `${await world.pbase()}/issues/?group_by=state_id`;
      const original = await ok(accounts.admin.client.get(board));
      expect(await ok(admin.get(board))).toEqual(original);

      const attachment = await world.attachment();
      const listed = await ok(admin.get(`${await world.ibase()}/issue-attachments/`));
      const url = listed.find((a: { id: string }) => a.id === attachment.id).asset_url;
      const download = await fetch(served.baseUrl + url, {
        headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(download.status).toBe(200);
      const key = (JSON.parse(before.rows.issue_attachments![0]!) as { storage_key: string }).storage_key;
      expect(Buffer.from(await download.arrayBuffer()).toString('base64')).toBe(
        before.files[`${key.slice(0, 2)}/${key}`],
      );

      // New rows take new ids: the work-item number and the outbox's serial id continue.
      const created = await ok(admin.post(`${await world.pbase()}/issues/`, { name: 'After the restore' }));
      const projectId = await world.projectId();
      const numbers = before.rows
        .issues!.map((row) => JSON.parse(row) as { project_id: string; sequence_id: number })
        .filter((issue) => issue.project_id === projectId)
        .map((issue) => issue.sequence_id);
      expect(created.sequence_id).toBe(Math.max(...numbers) + 1);
    } finally {
      await served.close();
    }
  });

  it('refuses an archive from a newer migration level and a file that is not a backup', async () => {
    const fresh = await freshDatabase({});
    const uploads = path.join(dir, 'fresh', 'uploads');
    try {
      const newer = await withManifest((manifest) => {
        manifest.migrations.push({ tag: '9999_from_the_future', created_at: 9_999_999_999_999, hash: 'x' });
        manifest.latest_migration = '9999_from_the_future';
      });
      await expect(restoreBackup(fresh.database, uploads, newer)).rejects.toThrow(
        /made by a newer Kite \(its latest migration is 9999_from_the_future/,
      );
      const junk = path.join(dir, 'junk.tar.gz');
      fs.writeFileSync(junk, 'not an archive');
      await expect(restoreBackup(fresh.database, uploads, junk)).rejects.toThrow(
        /is not a readable Kite backup/,
      );
      const users = await fresh.database.raw('select 1 from users');
      expect(users).toHaveLength(0);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });

  it('runs as commands on the embedded database, refusing one a server holds', async () => {
    const dataDir = path.join(dir, 'embedded');
    fs.mkdirSync(dataDir);
    // Restored into a data dir never migrated, then backed up again: the same rows and files.
    const restored = await command('restore', ['--in', archive, '--data-dir', dataDir]);
    expect(restored.output).toMatch(/^Restored \d+ rows and 3 files/);

    fs.writeFileSync(path.join(dataDir, 'kite.lock'), String(process.pid));
    const again = path.join(dir, 'embedded.tar.gz');
    const refused = await command('backup', ['--out', again, '--data-dir', dataDir]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.output).toMatch(/A Kite server \(pid \d+\) is running on .*Stop it first/);
    fs.rmSync(path.join(dataDir, 'kite.lock'));

    const backedUp = await command('backup', ['--out', again, '--data-dir', dataDir]);
    expect(backedUp.output).toMatch(/^Backed up \d+ rows and 3 files/);
    expect(await contents(again)).toEqual(await contents(archive));
    // Three command processes, each starting tsx and the embedded database: on a loaded machine
    // (the end-to-end flows run beside the PostgreSQL suite) that took over a minute.
  }, 180_000);

  it.runIf(testDriver() === 'postgres')(
    'runs as commands on a new PostgreSQL database',
    async () => {
      // An empty database, never migrated, named so that the run's teardown drops it if this cannot.
      const templateUrl = inject('pgTemplateUrl');
      const name = `kite_t_${new URL(templateUrl).pathname.slice(1).replace('kite_tpl_', '')}_backup_cli`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const target = ['--database-url', databaseUrl(templateUrl, name), '--data-dir', path.join(dir, 'pg')];
        const restored = await command('restore', ['--in', archive, ...target]);
        expect(restored.output).toMatch(/^Restored \d+ rows and 3 files/);
        const again = path.join(dir, 'postgres.tar.gz');
        const backedUp = await command('backup', ['--out', again, ...target]);
        expect(backedUp.output).toMatch(/^Backed up \d+ rows and 3 files/);
        expect(await contents(again)).toEqual(await contents(archive));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});
