import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;

let t: TestApp;
let owner: SignedIn;
let slug: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterAll(() => t.close());

type Row = { id: string; priority: string; state_id: string; label_ids: string[]; sort_order: number };
type Group = { results: Row[] | Record<string, { results: Row[] }>; total_results: number };

const issueSpec = fc.record({
  state: fc.nat({ max: 4 }),
  priority: fc.constantFrom(...PRIORITIES),
  labels: fc.uniqueArray(fc.nat({ max: 2 }), { maxLength: 3 }),
});

/** Which groups an issue belongs to under a group key (labels repeat an issue; none is "None"). */
function keysOf(row: Row, key: string): string[] {
  if (key === 'priority') return [row.priority];
  if (key === 'state_id') return [row.state_id];
  return row.label_ids.length > 0 ? row.label_ids : ['None'];
}

describe('grouped pagination (property)', () => {
  it('walking every page returns each issue exactly once per group, in order, with true totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(issueSpec, { maxLength: 14 }),
        fc.constantFrom('state_id', 'priority', 'labels__id'),
        fc.constantFrom(null, 'state_id', 'priority', 'labels__id'),
        fc.constantFrom('sort_order', '-sort_order', 'priority', '-priority', 'created_at', '-created_at'),
        fc.integer({ min: 1, max: 4 }),
        async (specs, groupBy, subGroupBy, orderBy, perPage) => {
          if (subGroupBy === groupBy) return;
          const project = await createProject(owner, slug);
          const base = `/api/workspaces/${slug}/projects/${project.id}`;
          const states = (await owner.client.get(`${base}/states/`)).body as { id: string }[];
          const labels: string[] = [];
          for (const name of ['a', 'b', 'c']) {
            labels.push((await owner.client.post(`${base}/issue-labels/`, { name })).body.id);
          }
          const created: Row[] = [];
          for (const spec of specs) {
            const res = await owner.client.post(`${base}/issues/`, {
              name: 'x',
              state_id: states[spec.state]!.id,
              priority: spec.priority,
              label_ids: spec.labels.map((n) => labels[n]!),
            });
            created.push(res.body);
          }
          const seen = new Map<string, Row[]>();
          const totals = new Map<string, number>();
          for (let pageNo = 0; pageNo < 50; pageNo++) {
            const query = new URLSearchParams({
              group_by: groupBy,
              order_by: orderBy,
              per_page: String(perPage),
              cursor: `${perPage}:${pageNo}:0`,
            });
            if (subGroupBy) query.set('sub_group_by', subGroupBy);
            const res = await owner.client.get(`${base}/issues/?${query}`);
            expect(res.status, res.text).toBe(200);
            for (const [g, group] of Object.entries(res.body.results as Record<string, Group>)) {
              const cells = subGroupBy
                ? Object.entries(group.results as Record<string, Group>).map(
                    ([s, c]) => [`${g}/${s}`, c] as const,
                  )
                : [[g, group] as const];
              for (const [cell, content] of cells) {
                seen.set(cell, [...(seen.get(cell) ?? []), ...(content.results as Row[])]);
                totals.set(cell, content.total_results);
              }
            }
            if (!res.body.next_page_results) break;
          }
          for (const row of created) {
            for (const g of keysOf(row, groupBy)) {
              for (const s of subGroupBy ? keysOf(row, subGroupBy) : [null]) {
                const cell = s === null ? g : `${g}/${s}`;
                const hits = (seen.get(cell) ?? []).filter((r) => r.id === row.id);
                expect(hits, `issue in ${cell}`).toHaveLength(1);
              }
            }
          }
          for (const [cell, rows] of seen) {
            expect(rows.length, `total of ${cell}`).toBe(totals.get(cell));
            expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
            if (orderBy.endsWith('sort_order')) {
              const orders = rows.map((r) => r.sort_order);
              const sorted = [...orders].sort((a, b) => (orderBy.startsWith('-') ? b - a : a - b));
              expect(orders).toEqual(sorted);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});
