import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A cycle's or a module's burndown is computed from the recorded history of its items. Random
 * sequences of changes (create, change state group, join or leave, delete) spread over its past
 * days are made through the API, their history moved to the day they stand for, and the served
 * series must equal a replay of the same changes kept by the test itself.
 */

const DAYS = 10;
const GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Op =
  | { day: number; kind: 'create'; group: (typeof GROUPS)[number]; inCycle: boolean }
  | { day: number; kind: 'state'; item: number; group: (typeof GROUPS)[number] }
  | { day: number; kind: 'join' | 'leave' | 'delete'; item: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    kind: fc.constant('create' as const),
    group: fc.constantFrom(...GROUPS),
    inCycle: fc.boolean(),
  }),
  fc.record({
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    kind: fc.constant('state' as const),
    item: fc.nat(),
    group: fc.constantFrom(...GROUPS),
  }),
  fc.record({
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    kind: fc.constantFrom('join' as const, 'leave' as const, 'delete' as const),
    item: fc.nat(),
  }),
);

let t: TestApp;
let owner: SignedIn;
let slug: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterAll(() => t.close());

interface ModelItem {
  id: string;
  born: number;
  group: string;
  inCycle: boolean;
  deleted: boolean;
}

it('equals a replay of the same changes, day by day, for remaining and scope', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('cycle' as const, 'module' as const),
      fc.array(opArb, { minLength: 1, maxLength: 12 }),
      async (kind, unsorted) => {
        const ops = [...unsorted].sort((a, b) => a.day - b.day);
        const project = await createProject(owner, slug);
        const pbase = `/api/workspaces/${slug}/projects/${project.id}`;
        const states = (await owner.client.get(`${pbase}/states/`)).body as { id: string; group: string }[];
        const stateOf = (group: string) => states.find((s) => s.group === group)!.id;
        // It started DAYS − 1 days ago and is still running, so it takes items today.
        const { id: planId } = (
          kind === 'cycle'
            ? await owner.client.post(`${pbase}/cycles/`, {
                name: 'Sprint',
                start_date: day(1 - DAYS),
                end_date: day(5),
              })
            : await owner.client.post(`${pbase}/modules/`, {
                name: 'Theme',
                start_date: day(1 - DAYS),
                target_date: day(5),
              })
        ).body as { id: string };
        const membership = (on: boolean) =>
          kind === 'cycle' ? { cycle_id: on ? planId : null } : { module_ids: on ? [planId] : [] };

        const items: ModelItem[] = [];
        const remaining: number[] = [];
        const scope: number[] = [];
        const snapshot = (upTo: number) => {
          while (remaining.length <= upTo) {
            const counted = items.filter((i) => !i.deleted && i.inCycle);
            scope.push(counted.length);
            remaining.push(counted.filter((i) => i.group !== 'completed' && i.group !== 'cancelled').length);
          }
        };
        for (const [n, op] of ops.entries()) {
          snapshot(op.day - 1);
          const live = items.filter((i) => !i.deleted);
          const target = op.kind === 'create' ? undefined : live[op.item % Math.max(live.length, 1)];
          if (op.kind !== 'create' && !target) continue;
          if (op.kind === 'create') {
            const res = await owner.client.post(`${pbase}/issues/`, {
              name: `Item ${n}`,
              state_id: stateOf(op.group),
              ...membership(op.inCycle),
            });
            expect(res.status, res.text).toBe(201);
            items.push({
              id: res.body.id,
              born: op.day,
              group: op.group,
              inCycle: op.inCycle,
              deleted: false,
            });
          } else if (op.kind === 'state') {
            expect(
              (await owner.client.patch(`${pbase}/issues/${target!.id}/`, { state_id: stateOf(op.group) }))
                .status,
            ).toBe(200);
            target!.group = op.group;
          } else if (op.kind === 'join' || op.kind === 'leave') {
            expect(
              (await owner.client.patch(`${pbase}/issues/${target!.id}/`, membership(op.kind === 'join')))
                .status,
            ).toBe(200);
            target!.inCycle = op.kind === 'join';
          } else {
            expect((await owner.client.delete(`${pbase}/issues/${target!.id}/`)).status).toBe(204);
            target!.deleted = true;
          }
          // Move what this change recorded to the day it stands for (today's changes stay as they are),
          // one second apart so their order holds.
          const offset = op.day - (DAYS - 1);
          if (offset < 0) {
            const at = `${day(offset)}T12:00:00.000Z`;
            await t.services.db.execute(
              sql`update activities set created_at = ${at}::timestamptz + make_interval(secs => ${n})
                 where project_id = ${project.id} and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
            );
            if (op.kind === 'create') {
              await t.services.db.execute(
                sql`update issues set created_at = ${at}::timestamptz + make_interval(secs => ${n}) where id = ${items.at(-1)!.id}`,
              );
            }
          }
        }
        snapshot(DAYS - 1);

        const analytics = await owner.client.get(`${pbase}/${kind}s/${planId}/analytics/?type=issues`);
        expect(analytics.status, analytics.text).toBe(200);
        const days = Array.from({ length: DAYS }, (_, i) => day(i + 1 - DAYS));
        expect(analytics.body.completion_chart).toEqual(
          Object.fromEntries(days.map((d, i) => [d, remaining[i]])),
        );
        expect(analytics.body.scope_chart).toEqual(Object.fromEntries(days.map((d, i) => [d, scope[i]])));
      },
    ),
    { numRuns: Number(process.env.BURNDOWN_RUNS ?? 30) },
  );
}, 300_000);
