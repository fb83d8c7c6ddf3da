import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { BENCH_ADMIN, generateDataset } from './dataset.ts';
import { loadDataset } from './load.ts';

const anchor = new Date('2026-11-23T00:00:00Z');

describe('benchmark seed', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is deterministic and spreads work items as quality.md describes', () => {
    const a = generateDataset({ issues: 4000, seed: 11, anchor });
    const b = generateDataset({ issues: 4000, seed: 11, anchor });
    const c = generateDataset({ issues: 4000, seed: 12, anchor });
    expect(b.issues.map((i) => i.id)).toEqual(a.issues.map((i) => i.id));
    expect(c.issues[0]!.id).not.toBe(a.issues[0]!.id);

    const main = a.issues.filter((i) => i.project_id === a.projects[0]!.id);
    expect(main).toHaveLength(4000);
    expect(a.projects).toHaveLength(10);
    expect(new Set(a.states.filter((s) => s.project_id === a.projects[0]!.id).map((s) => s.name)).size).toBe(
      7,
    );
    const share = (test: (i: (typeof main)[number]) => boolean) => main.filter(test).length / main.length;
    expect(share((i) => i.priority === 'none')).toBeCloseTo(0.4, 1);
    expect(share((i) => i.priority === 'urgent')).toBeCloseTo(0.05, 1);
    expect(share((i) => i.parent_id !== null)).toBeCloseTo(0.15, 1);
    const labels = main.reduce((n, i) => n + i.label_ids.length, 0) / main.length;
    expect(labels).toBeGreaterThan(1.0);
    expect(labels).toBeLessThan(1.4);
    expect(Math.max(...main.map((i) => i.assignee_ids.length))).toBe(3);
    const done = a.states.filter((s) => s.group === 'completed').map((s) => s.id);
    expect(share((i) => done.includes(i.state_id))).toBeGreaterThan(0.5);
    // A parent's count of children is kept as the column the lists read.
    const children = new Map<string, number>();
    for (const i of main) if (i.parent_id) children.set(i.parent_id, (children.get(i.parent_id) ?? 0) + 1);
    for (const i of main) expect(i.sub_issues_count).toBe(children.get(i.id) ?? 0);
  });

  it('loads data the running app serves: sign in, the board, detail and the next sequence id', async () => {
    t = await startTestApp();
    const data = generateDataset({ issues: 300, seed: 3, anchor, smallProjectIssues: 5 });
    await loadDataset(t.database, data);
    await expect(loadDataset(t.database, data)).rejects.toThrow(/already holds/);

    const client = new Client(t.baseUrl);
    const signIn = await client.post('/auth/sign-in/', {
      email: BENCH_ADMIN.email,
      password: BENCH_ADMIN.password,
    });
    expect(signIn.status, signIn.text).toBe(200);
    const project = data.projects[0]!;
    const base = `/api/workspaces/${BENCH_ADMIN.workspaceSlug}/projects/${project.id}`;
    const board = await client.get(`${base}/issues/?group_by=state_id&per_page=30`);
    expect(board.status, board.text).toBe(200);
    expect(board.body.total_count).toBe(300);
    expect(Object.keys(board.body.results)).toHaveLength(7);

    const issue = data.issues.find(
      (i) => i.project_id === project.id && i.parent_id === null && i.sub_issues_count > 0,
    )!;
    const detail = await client.get(`${base}/issues/${issue.id}/`);
    expect(detail.body).toMatchObject({ name: issue.name, sub_issues_count: issue.sub_issues_count });
    const subIssues = await client.get(`${base}/issues/${issue.id}/sub-issues/`);
    expect(subIssues.body.sub_issues).toHaveLength(issue.sub_issues_count);

    const created = await client.post(`${base}/issues/`, { name: 'After the seed' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.sequence_id).toBe(301);
  });
});
