import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: SignedIn;
let base: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  const projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
});
afterEach(() => t.close());

type Row = Record<string, unknown> & { id: string };
const byId = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.id, r]));

// Paged lists are rendered to JSON by the database; the by-id list and the detail are presented in
// Node. A client must get the same row from each.
describe('list rows', () => {
  it('are the same rendered by the database as presented by the server, field by field', async () => {
    const states: { id: string; group: string }[] = (await owner.client.get(`${base}/states/`)).body;
    const done = states.find((s) => s.group === 'completed')!.id;
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'Bug' })).body;
    const create = async (body: Record<string, unknown>) => {
      const res = await owner.client.post(`${base}/issues/`, body);
      expect(res.status, res.text).toBe(201);
      return res.body as Row;
    };
    const parent = await create({
      name: 'Quotes " and \\ backslashes, ünïcode ✓',
      priority: 'urgent',
      label_ids: [label.id],
      assignee_ids: [owner.user.id],
      start_date: '2026-02-01',
      target_date: '2026-02-28',
    });
    await create({ name: 'Child', parent_id: parent.id, state_id: done });
    const moved = await create({ name: 'Moved' });
    expect((await owner.client.patch(`${base}/issues/${moved.id}/`, { sort_order: 1234.5678 })).status).toBe(
      200,
    );

    const flat = (await owner.client.get(`${base}/issues/`)).body.results as Row[];
    const grouped = (await owner.client.get(`${base}/issues/?group_by=state_id`)).body.results as Record<
      string,
      { results: Row[] }
    >;
    const ids = flat.map((r) => r.id);
    expect(ids).toHaveLength(3);
    const presented = byId(
      (await owner.client.get(`${base}/issues/list/?issues=${ids.join(',')}`)).body as Row[],
    );
    expect(byId(flat)).toEqual(presented);
    expect(byId(Object.values(grouped).flatMap((g) => g.results))).toEqual(presented);

    const child = presented[ids.find((id) => id !== parent.id && id !== moved.id)!]!;
    expect(child.state__group).toBe('completed');
    expect(child.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(presented[moved.id]!.sort_order).toBe(1234.5678);
    expect(presented[parent.id]).toMatchObject({
      sub_issues_count: 1,
      label_ids: [label.id],
      assignee_ids: [owner.user.id],
      start_date: '2026-02-01',
      module_ids: [],
    });
    for (const id of ids) {
      const detail = (await owner.client.get(`${base}/issues/${id}/`)).body as Row;
      expect(detail).toMatchObject(presented[id]!);
    }
  });
});
