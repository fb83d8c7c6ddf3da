import { describe, expect, it } from 'vitest';
import { addMember, addProjectMember } from '../../test/factories.ts';
import { issueScene } from '../../test/issue-scene.ts';

const scene = issueScene();
const { create, state } = scene;

describe('listing', () => {
  it('pages flat lists with the envelope and filters', async () => {
    for (const [n, priority] of ['urgent', 'low', 'none', 'urgent', 'high'].entries()) {
      await create({ name: `Issue ${n}`, priority, target_date: `2026-05-0${n + 1}` });
    }
    const page = await scene.owner.client.get(`${scene.base}/issues/?per_page=2`);
    expect(page.body).toMatchObject({
      grouped_by: null,
      total_count: 5,
      count: 2,
      total_pages: 3,
      next_cursor: '2:1:0',
      next_page_results: true,
      prev_page_results: false,
    });
    expect(page.body.results.map((r: { name: string }) => r.name)).toEqual(['Issue 4', 'Issue 3']);
    const last = await scene.owner.client.get(`${scene.base}/issues/?cursor=2:2:0`);
    expect(last.body.results.map((r: { name: string }) => r.name)).toEqual(['Issue 0']);
    expect(last.body.next_page_results).toBe(false);
    const urgent = await scene.owner.client.get(`${scene.base}/issues/?priority=urgent`);
    expect(urgent.body.total_count).toBe(2);
    const byPriority = await scene.owner.client.get(`${scene.base}/issues/?order_by=-priority`);
    expect(byPriority.body.results.map((r: { priority: string }) => r.priority)).toEqual([
      'urgent',
      'urgent',
      'high',
      'low',
      'none',
    ]);
    const dated = await scene.owner.client.get(
      `${scene.base}/issues/?target_date=2026-05-02;after,2026-05-03;before`,
    );
    expect(dated.body.results.map((r: { name: string }) => r.name).sort()).toEqual(['Issue 1', 'Issue 2']);
    expect((await scene.owner.client.get(`${scene.base}/issues/?order_by=colour`)).body.error_code).toBe(
      'INVALID_ORDER_BY',
    );
    expect((await scene.owner.client.get(`${scene.base}/issues/?cursor=bad`)).body.error_code).toBe(
      'INVALID_CURSOR',
    );
    expect((await scene.owner.client.get(`${scene.base}/issues/?target_date=soon`)).body.error_code).toBe(
      'INVALID_FILTER',
    );
  });

  it('groups by state with every group present and pages each group', async () => {
    for (let n = 0; n < 3; n++) await create({ name: `Todo ${n}`, state_id: state('Todo').id });
    await create({ name: 'Done 0', state_id: state('Done').id });
    const first = await scene.owner.client.get(
      `${scene.base}/issues/?group_by=state_id&per_page=2&order_by=sort_order`,
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.grouped_by).toBe('state_id');
    expect(Object.keys(first.body.results).sort()).toEqual(scene.states.map((s) => s.id).sort());
    const todo = first.body.results[state('Todo').id];
    expect(todo.total_results).toBe(3);
    expect(todo.results.map((r: { name: string }) => r.name)).toEqual(['Todo 0', 'Todo 1']);
    expect(first.body.results[state('Backlog').id]).toEqual({ results: [], total_results: 0 });
    expect(first.body).toMatchObject({ total_count: 4, next_page_results: true, total_pages: 2 });
    const second = await scene.owner.client.get(
      `${scene.base}/issues/?group_by=state_id&per_page=2&order_by=sort_order&cursor=2:1:0`,
    );
    expect(second.body.results[state('Todo').id].results.map((r: { name: string }) => r.name)).toEqual([
      'Todo 2',
    ]);
    expect(second.body.next_page_results).toBe(false);
    const bad = await scene.owner.client.get(`${scene.base}/issues/?group_by=priority&sub_group_by=priority`);
    expect(bad.body).toEqual({
      error: 'Group by and sub group by cannot have same parameters',
      error_code: 'INVALID_GROUP_BY',
    });
    expect(
      (await scene.owner.client.get(`${scene.base}/issues/?sub_group_by=priority`)).body.error_code,
    ).toBe('INVALID_GROUP_BY');
  });

  it('puts multi-label issues in each label group, unlabelled ones in None, and sub-groups by priority', async () => {
    const a = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'a' })).body;
    const b = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'b' })).body;
    await create({ name: 'both', label_ids: [a.id, b.id], priority: 'high' });
    await create({ name: 'none', priority: 'low' });
    const grouped = await scene.owner.client.get(`${scene.base}/issues/?group_by=labels__id`);
    expect(grouped.body.results[a.id].results[0].name).toBe('both');
    expect(grouped.body.results[b.id].results[0].name).toBe('both');
    expect(grouped.body.results.None.results[0].name).toBe('none');
    expect(grouped.body.total_count).toBe(2);
    const sub = await scene.owner.client.get(
      `${scene.base}/issues/?group_by=labels__id&sub_group_by=priority`,
    );
    expect(sub.body.results[a.id].results.high.results[0].name).toBe('both');
    expect(sub.body.results[a.id].results.low).toEqual({ results: [], total_results: 0 });
    expect(sub.body.results.None.total_results).toBe(1);
    const byIds = await scene.owner.client.get(
      `${scene.base}/issues/list/?issues=${grouped.body.results.None.results[0].id},nope`,
    );
    expect(byIds.body.map((r: { name: string }) => r.name)).toEqual(['none']);
  });
});

describe('JSON filter tree', () => {
  it('combines and/or/not conditions with legacy params and refuses malformed trees', async () => {
    const label = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'bug' })).body;
    await create({ name: 'urgent todo', priority: 'urgent', state_id: state('Todo').id });
    await create({ name: 'labelled', label_ids: [label.id], target_date: '2026-05-10' });
    await create({ name: 'plain low', priority: 'low', assignee_ids: [scene.owner.user.id] });
    const query = async (tree: unknown, extra = '') =>
      scene.owner.client.get(
        `${scene.base}/issues/?filters=${encodeURIComponent(JSON.stringify(tree))}${extra}`,
      );
    const names = (res: { body: { results: { name: string }[] } }) =>
      res.body.results.map((r) => r.name).sort();
    const either = await query({ or: [{ priority: 'urgent' }, { label_id__in: [label.id] }] });
    expect(either.status, either.text).toBe(200);
    expect(names(either)).toEqual(['labelled', 'urgent todo']);
    const negated = await query({
      and: [{ not: { assignee_id__in: scene.owner.user.id } }, { state_group__in: 'backlog,unstarted' }],
    });
    expect(names(negated)).toEqual(['labelled', 'urgent todo']);
    const ranged = await query({ target_date__range: '2026-05-01,2026-05-31' });
    expect(names(ranged)).toEqual(['labelled']);
    const withLegacy = await query({ or: [{ priority: 'urgent' }, { priority: 'low' }] }, '&priority=low');
    expect(names(withLegacy)).toEqual(['plain low']);
    let deep: unknown = { priority: 'low' };
    for (let n = 0; n < 5; n++) deep = { not: deep };
    for (const bad of [{ colour: 'red' }, { priority__gt: 'low' }, { state_id: 'nope' }, deep, []]) {
      const res = await query(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error_code).toBe('INVALID_FILTER');
    }
    expect((await scene.owner.client.get(`${scene.base}/issues/?filters=%7Bnot-json`)).body.error_code).toBe(
      'INVALID_FILTER',
    );
  });
});

describe('more list parameters', () => {
  it('orders by assignee and label names, and filters by dates and estimate points', async () => {
    const member = await addMember(scene.t, scene.owner, scene.slug, 15);
    await addProjectMember(scene.owner, scene.slug, scene.projectId, member.user.id, 15);
    await scene.owner.client.patch('/api/users/me/', { first_name: 'Zed' });
    await member.client.patch('/api/users/me/', { first_name: 'Amy' });
    const a = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'alpha' })).body;
    const z = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'zulu' })).body;
    await create({
      name: 'zed + zulu',
      assignee_ids: [scene.owner.user.id],
      label_ids: [z.id],
      start_date: '2026-01-01',
      target_date: '2026-01-05',
    });
    await create({ name: 'amy + alpha', assignee_ids: [member.user.id], label_ids: [a.id] });
    await create({ name: 'nobody' });
    const order = async (key: string) =>
      (await scene.owner.client.get(`${scene.base}/issues/?order_by=${key}`)).body.results.map(
        (r: { name: string }) => r.name,
      );
    expect(await order('assignee')).toEqual(['amy + alpha', 'zed + zulu', 'nobody']);
    expect(await order('-labels__name')).toEqual(['zed + zulu', 'amy + alpha', 'nobody']);
    expect((await scene.owner.client.get(`${scene.base}/issues/?order_by=module`)).status).toBe(200);
    const gantt = await scene.owner.client.get(`${scene.base}/issues/?start_target_date=true`);
    expect(gantt.body.results.map((r: { name: string }) => r.name)).toEqual(['zed + zulu']);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await scene.owner.client.get(`${scene.base}/issues/?created_at=${today};after`)).body.total_count,
    ).toBe(3);
    expect((await scene.owner.client.get(`${scene.base}/issues/?estimate_point=None`)).body.total_count).toBe(
      3,
    );
  });
});
