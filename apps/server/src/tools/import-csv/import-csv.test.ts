import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { runCsvImport } from './run-csv-import.ts';

/** `npm run import:csv` against a running server, with an API token, as a user runs it. */

const FIXTURES = path.resolve(import.meta.dirname, '../../domains/imports/fixtures');
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

let t: TestApp;
let owner: SignedIn;
let slug: string;
let token: string;
let worker: NodeJS.Timeout;

beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t, 'ana.lima@example.com');
  slug = (await createWorkspace(owner)).slug;
  await createProject(owner, slug, { identifier: 'SHOP', name: 'Shop' });
  // The GitHub export names assignees by login.
  await owner.client.patch('/api/users/me/', { display_name: 'ana-lima' });
  token = (await owner.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'CSV import' })).body
    .token;
  // The server's import worker runs on a timer; here a loop stands in for it.
  let busy = false;
  worker = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      while (await t.services.imports.processNext()) {}
    } finally {
      busy = false;
    }
  }, 100);
});
afterEach(async () => {
  clearInterval(worker);
  await t.close();
});

describe('npm run import:csv', () => {
  it('dry-runs, imports with progress and a report, and a second run changes nothing', async () => {
    const lines: string[] = [];
    const command = {
      url: t.baseUrl,
      token,
      workspace: slug,
      project: 'shop',
      file: path.join(FIXTURES, 'github.csv'),
      createMissing: true,
      pollMs: 50,
    };
    const first = await runCsvImport(command, (line) => lines.push(line));
    expect(first.import).toMatchObject({ status: 'completed', preset: 'github' });
    expect(first.import.counts).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 2 });
    expect(first.refusals.map((r) => r.row)).toEqual([4, 5]);
    expect(lines[0]).toBe('Uploaded github.csv: 4 rows, preset github (detected)');
    expect(lines).toContain('  title → Name');
    expect(lines).toContain('Dry run: 2 to create, 0 to update, 0 unchanged, 2 refused');
    expect(lines).toContain('Imported: 2 created, 0 updated, 0 unchanged, 2 refused');
    expect(lines).toContain(
      "  row 4: Assignee 'ben-okafor' is not a member of the project with the member role",
    );

    const again: string[] = [];
    const second = await runCsvImport(command, (line) => again.push(line));
    expect(second.import.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 2 });
  });

  it('lists every refused row of a dry run and writes nothing', async () => {
    const lines: string[] = [];
    const outcome = await runCsvImport(
      {
        url: t.baseUrl,
        token,
        workspace: slug,
        project: 'SHOP',
        file: path.join(FIXTURES, 'bad-rows.csv'),
        dryRun: true,
      },
      (line) => lines.push(line),
    );
    expect(outcome.import.status).toBe('uploaded');
    // Row 2 too: its label is not in this project.
    expect(outcome.refusals.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 10]);
    expect(lines).toContain("  row 4: Unknown priority 'whenever'");
    const items = await owner.client.get(
      `/api/workspaces/${slug}/projects/${outcome.import.project}/issues/`,
    );
    expect(items.body.total_count).toBe(0);
  });

  it('says what is wrong: an unknown project, a refused token', async () => {
    const file = path.join(FIXTURES, 'github.csv');
    await expect(
      runCsvImport({ url: t.baseUrl, token, workspace: slug, project: 'NOPE', file }, () => {}),
    ).rejects.toThrow("No project 'NOPE' in workspace");
    await expect(
      runCsvImport(
        { url: t.baseUrl, token: 'plane_api_wrong', workspace: slug, project: 'SHOP', file },
        () => {},
      ),
    ).rejects.toThrow('answered 401');
  });

  it('runs as a command, and tells what it needs', async () => {
    const run = (args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'apps/server/src/tools/import-csv.ts', ...args], { cwd: ROOT }).then(
        (answer) => ({ code: 0, ...answer }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const failure = await run(['--workspace', slug]);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('--workspace, --project and --file are required');
    // Two rows name a member the project does not have: refused, so the exit code is 2.
    const dry = await run([
      ...['--workspace', slug, '--project', 'SHOP', '--file', path.join(FIXTURES, 'asana.csv')],
      ...['--url', t.baseUrl, '--token', token, '--dry-run', '--create-missing'],
    ]);
    expect(dry.code, dry.stderr).toBe(2);
    expect(dry.stdout).toContain('Dry run: 3 to create, 0 to update, 0 unchanged, 2 refused');
    expect(dry.stdout).toContain("  row 3: Assignee 'ben.okafor@example.com' is not a member of the project");
  }, 60_000);
});
