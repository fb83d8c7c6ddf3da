import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { envelope, groupedEnvelope, makeIssue, makeIssueDetail } from '../../../test/issueFixtures.ts';
import { DEFAULT_DISPLAY_FILTERS, DEFAULT_FILTERS } from './displayFilters.ts';
import { IssueListStore, type ListRequest } from './IssueListStore.ts';
import { IssueStore } from './IssueStore.ts';

vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api: (await import('../../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const KEY = 'project:p1:kanban';
const GROUPS: Record<string, string> = { s1: 'backlog', s2: 'started', s3: 'completed' };

function stores() {
  const issues = new IssueStore({
    stateGroupOf: (_p, id) => GROUPS[id],
    defaultStateOf: () => 's1',
    currentUserId: () => 'u1',
  });
  return { issues, lists: new IssueListStore(issues) };
}

const request = (overrides: Partial<ListRequest> = {}): ListRequest => ({
  path: `${P}/issues/`,
  projectId: 'p1',
  filters: DEFAULT_FILTERS,
  displayFilters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban', group_by: 'state' },
  perPage: 2,
  ...overrides,
});

async function loaded() {
  const s = stores();
  fakeApi.on(
    'GET',
    `${P}/issues/`,
    groupedEnvelope(
      {
        s1: [makeIssue('a', { sort_order: 1000 }), makeIssue('b', { sort_order: 2000 })],
        s2: [makeIssue('c', { state_id: 's2', state__group: 'started', sort_order: 1000 })],
        s3: [],
      },
      { s1: 3 },
    ),
  );
  await s.lists.fetch(KEY, request());
  return s;
}

describe('IssueListStore', () => {
  beforeEach(() => fakeApi.reset());

  it('loads the first page of every group with totals and cursors', async () => {
    const { lists, issues } = await loaded();
    const list = lists.get(KEY)!;
    expect(list.groupKeys).toEqual(['s1', 's2', 's3']);
    expect(list.issueIds('s1')).toEqual(['a', 'b']);
    expect(list.cell('s1')).toMatchObject({ total: 3, nextCursor: '2:1:0', nextPageResults: true });
    expect(list.hasMore('s1')).toBe(true);
    expect(list.hasMore('s2')).toBe(false);
    expect(list.totalCount).toBe(4);
    expect(list.visibleGroupKeys(false)).toEqual(['s1', 's2']);
    expect(list.visibleGroupKeys(true)).toEqual(['s1', 's2', 's3']);
    expect(issues.get('c')?.state_id).toBe('s2');
    const query = new URLSearchParams(fakeApi.calls[0]!.path.split('?')[1]);
    expect(query.get('group_by')).toBe('state_id');
    expect(query.get('per_page')).toBe('2');
  });

  it('marks the first load init-loader and later ones mutation', async () => {
    const s = stores();
    fakeApi.on('GET', `${P}/issues/`, groupedEnvelope({ s1: [] }));
    const first = s.lists.fetch(KEY, request());
    expect(s.lists.get(KEY)!.loader).toBe('init-loader');
    await first;
    expect(s.lists.get(KEY)!.loader).toBeUndefined();
    const second = s.lists.fetch(KEY, request());
    expect(s.lists.get(KEY)!.loader).toBe('mutation');
    await second;
  });

  it('loads more of one group through the ungrouped endpoint with the group filter', async () => {
    const { lists } = await loaded();
    fakeApi.on('GET', `${P}/issues/`, envelope([makeIssue('b'), makeIssue('d', { sort_order: 3000 })], 3));
    await lists.loadMore(KEY, 's1');
    const list = lists.get(KEY)!;
    expect(list.issueIds('s1')).toEqual(['a', 'b', 'd']);
    const query = new URLSearchParams(fakeApi.calls.at(-1)!.path.split('?')[1]);
    expect(query.get('state')).toBe('s1');
    expect(query.get('cursor')).toBe('2:1:0');
    expect(query.get('group_by')).toBeNull();
    expect(list.cell('s1')?.nextPageResults).toBe(false);
  });

  it('moves an issue between groups when its state changes, and back when the server refuses', async () => {
    const { lists, issues } = await loaded();
    fakeApi.fail('PATCH', `${P}/issues/a/`, 400, 'Nope', 'VALIDATION_ERROR');
    const update = issues.update('acme', 'p1', 'a', { state_id: 's2' });
    const list = lists.get(KEY)!;
    // Optimistic: moved at once, the group follows the state.
    expect(list.issueIds('s1')).toEqual(['b']);
    expect(list.issueIds('s2')).toEqual(['c', 'a']);
    expect(list.cell('s1')?.total).toBe(2);
    expect(issues.get('a')?.state__group).toBe('started');
    await expect(update).rejects.toThrow('Nope');
    expect(issues.get('a')?.state_id).toBe('s1');
    expect(issues.get('a')?.state__group).toBe('backlog');
    expect(list.issueIds('s1')).toEqual(['a', 'b']);
    expect(list.issueIds('s2')).toEqual(['c']);
    expect(list.cell('s1')?.total).toBe(3);
  });

  it('keeps the server answer after a successful update', async () => {
    const { issues } = await loaded();
    fakeApi.on('PATCH', `${P}/issues/a/`, makeIssueDetail('a', { priority: 'high', sort_order: 1000 }));
    await issues.update('acme', 'p1', 'a', { priority: 'high' });
    expect(issues.get('a')?.priority).toBe('high');
    expect(issues.get('a')?.description_html).toBe('<p></p>');
  });

  it('drops a card into another column between neighbours: state and midpoint sort_order', async () => {
    const { lists } = await loaded();
    expect(lists.dropPatch(KEY, 'c', { group: 's1', index: 1 }, { group: 's2' })).toEqual({
      state_id: 's1',
      sort_order: 1500,
    });
    // Within its own column only the position changes.
    expect(lists.dropPatch(KEY, 'a', { group: 's1', index: 2 }, { group: 's1' })).toEqual({
      sort_order: 12000,
    });
  });

  it('moves a dropped card into place optimistically', async () => {
    const { lists, issues } = await loaded();
    fakeApi.on('PATCH', `${P}/issues/c/`, (body) =>
      makeIssueDetail('c', { ...(body as object), state__group: 'backlog' }),
    );
    const move = lists.moveIssue(KEY, 'acme', 'p1', 'c', { group: 's1', index: 0 }, { group: 's2' });
    const list = lists.get(KEY)!;
    expect(list.issueIds('s1')).toEqual(['c', 'a', 'b']);
    expect(list.issueIds('s2')).toEqual([]);
    await move;
    expect(issues.get('c')).toMatchObject({ state_id: 's1', sort_order: -9000 });
    expect(list.issueIds('s1')).toEqual(['c', 'a', 'b']);
    expect(fakeApi.callsTo('PATCH', `${P}/issues/c/`)[0]!.body).toEqual({
      state_id: 's1',
      sort_order: -9000,
    });
  });

  it('refuses to drop without a group_by', async () => {
    const s = stores();
    fakeApi.on('GET', `${P}/issues/`, envelope([makeIssue('a')]));
    await s.lists.fetch('project:p1:list', request({ displayFilters: DEFAULT_DISPLAY_FILTERS }));
    expect(
      s.lists.dropPatch('project:p1:list', 'a', { group: 'All', index: 0 }, { group: 'All' }),
    ).toBeNull();
    expect(s.lists.get('project:p1:list')!.issueIds()).toEqual(['a']);
  });

  it('quick add shows a temporary issue in its group at once and replaces it with the created one', async () => {
    const { lists, issues } = await loaded();
    let resolve: (v: unknown) => void = () => undefined;
    fakeApi.on('POST', `${P}/issues/`, () => new Promise((r) => (resolve = r)));
    const added = lists.quickAdd(KEY, 'acme', 'p1', { name: 'New one', group: 's2' });
    const list = lists.get(KEY)!;
    const tempId = list.issueIds('s2')[1]!;
    expect(tempId).toMatch(/^temp-/);
    expect(issues.get(tempId)).toMatchObject({ name: 'New one', state_id: 's2', tempId });
    expect(list.cell('s2')?.total).toBe(2);
    expect(fakeApi.calls.at(-1)!.body).toEqual({ name: 'New one', state_id: 's2' });
    resolve(
      makeIssueDetail('n1', { name: 'New one', state_id: 's2', state__group: 'started', sort_order: 11000 }),
    );
    await added;
    expect(list.issueIds('s2')).toEqual(['c', 'n1']);
    expect(issues.has(tempId)).toBe(false);
    expect(list.cell('s2')?.total).toBe(2);
  });

  it('quick add removes the temporary issue when the server refuses', async () => {
    const { lists } = await loaded();
    fakeApi.fail('POST', `${P}/issues/`, 400, 'Name is required', 'VALIDATION_ERROR');
    await expect(lists.quickAdd(KEY, 'acme', 'p1', { name: 'x', group: 's3' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(lists.get(KEY)!.issueIds('s3')).toEqual([]);
    expect(lists.get(KEY)!.cell('s3')?.total).toBe(0);
  });

  it('quick add in a priority group sends that priority', async () => {
    const s = stores();
    fakeApi.on('GET', `${P}/issues/`, groupedEnvelope({ urgent: [], high: [], none: [] }, {}, 'priority'));
    const df = { ...DEFAULT_DISPLAY_FILTERS, layout: 'list' as const, group_by: 'priority' as const };
    await s.lists.fetch('k', request({ displayFilters: df }));
    fakeApi.on('POST', `${P}/issues/`, (body) => makeIssueDetail('n2', body as object));
    await s.lists.quickAdd('k', 'acme', 'p1', { name: 'Hot', group: 'urgent' });
    expect(fakeApi.callsTo('POST', `${P}/issues/`)[0]!.body).toEqual({ name: 'Hot', priority: 'urgent' });
    expect(s.lists.get('k')!.issueIds('urgent')).toEqual(['n2']);
  });

  it('sub-grouped lists move across swimlanes and keep group totals', async () => {
    const s = stores();
    fakeApi.on('GET', `${P}/issues/`, {
      ...envelope([], 2),
      grouped_by: 'state_id',
      sub_grouped_by: 'priority',
      results: {
        s1: {
          results: {
            high: { results: [makeIssue('a', { priority: 'high' })], total_results: 1 },
            low: { results: [makeIssue('b', { priority: 'low' })], total_results: 1 },
          },
          total_results: 2,
        },
        s2: {
          results: { high: { results: [], total_results: 0 }, low: { results: [], total_results: 0 } },
          total_results: 0,
        },
      },
    });
    const df = {
      ...DEFAULT_DISPLAY_FILTERS,
      layout: 'kanban' as const,
      group_by: 'state' as const,
      sub_group_by: 'priority' as const,
    };
    await s.lists.fetch(KEY, request({ displayFilters: df }));
    const list = s.lists.get(KEY)!;
    expect(list.subGroupKeys).toEqual(['high', 'low']);
    expect(list.groupTotal('s1')).toBe(2);
    fakeApi.on('PATCH', `${P}/issues/a/`, (body) => makeIssueDetail('a', body as object));
    await s.lists.moveIssue(
      KEY,
      'acme',
      'p1',
      'a',
      { group: 's2', sub: 'low', index: 0 },
      { group: 's1', sub: 'high' },
    );
    expect(fakeApi.callsTo('PATCH', `${P}/issues/a/`)[0]!.body).toEqual({
      state_id: 's2',
      priority: 'low',
    });
    expect(list.issueIds('s2', 'low')).toEqual(['a']);
    expect(list.issueIds('s1', 'high')).toEqual([]);
    expect(list.groupTotal('s1')).toBe(1);
    expect(list.groupTotal('s2')).toBe(1);
    expect(list.subGroupTotal('low')).toBe(2);
  });

  it('drops archived and removed issues from lists', async () => {
    const { lists, issues } = await loaded();
    fakeApi.on('POST', `${P}/issues/c/archive/`, { archived_at: '2026-05-01T00:00:00.000Z' });
    await issues.archive('acme', 'p1', 'c');
    expect(lists.get(KEY)!.issueIds('s2')).toEqual([]);
    fakeApi.fail('DELETE', `${P}/issues/a/`, 403, 'No', 'FORBIDDEN');
    await expect(issues.remove('acme', 'p1', 'a')).rejects.toThrow('No');
    // Back after the refusal.
    expect(lists.get(KEY)!.issueIds('s1')).toContain('a');
    expect(lists.get(KEY)!.totalCount).toBe(3);
  });

  it('puts an issue back in its column when the archive is refused', async () => {
    const { lists, issues } = await loaded();
    fakeApi.fail('POST', `${P}/issues/c/archive/`, 400, 'Only completed work items', 'VALIDATION_ERROR');
    const archiving = issues.archive('acme', 'p1', 'c');
    expect(lists.get(KEY)!.issueIds('s2')).toEqual([]);
    await expect(archiving).rejects.toThrow('Only completed work items');
    expect(lists.get(KEY)!.issueIds('s2')).toEqual(['c']);
    expect(lists.get(KEY)!.totalCount).toBe(4);
  });

  it('moves a restored issue from the archive to the live list, and a published draft out of the drafts', async () => {
    const { lists, issues } = await loaded();
    const ARCHIVE = 'archived:p1:list';
    const DRAFTS = 'draft:p1:list';
    const flat = { ...DEFAULT_DISPLAY_FILTERS, layout: 'list' as const, group_by: null };
    fakeApi
      .on(
        'GET',
        `${P}/archived-issues/`,
        envelope([makeIssue('old', { archived_at: '2026-05-01T00:00:00.000Z' })]),
      )
      .on('GET', `${P}/issue-drafts/`, envelope([makeIssue('d1', { is_draft: true })]));
    await lists.fetch(
      ARCHIVE,
      request({ path: `${P}/archived-issues/`, holds: 'archived', displayFilters: flat }),
    );
    await lists.fetch(DRAFTS, request({ path: `${P}/issue-drafts/`, holds: 'draft', displayFilters: flat }));

    fakeApi.on('DELETE', `${P}/issues/old/archive/`, null);
    await issues.restore('acme', 'p1', 'old');
    expect(lists.get(ARCHIVE)!.issueIds()).toEqual([]);
    expect(lists.get(ARCHIVE)!.totalCount).toBe(0);
    expect(lists.get(KEY)!.issueIds('s1')).toContain('old');

    fakeApi.on('PATCH', `${P}/issue-drafts/d1/`, makeIssueDetail('d1', { is_draft: false }));
    await issues.update('acme', 'p1', 'd1', { is_draft: false });
    expect(fakeApi.callsTo('PATCH', `${P}/issue-drafts/d1/`)).toHaveLength(1);
    expect(lists.get(DRAFTS)!.issueIds()).toEqual([]);
    expect(lists.get(KEY)!.issueIds('s1')).toContain('d1');
    // Drafts never join the live list, and new drafts join the drafts.
    fakeApi.on('POST', `${P}/issue-drafts/`, makeIssueDetail('d2', { is_draft: true }));
    await issues.create('acme', 'p1', { name: 'Later', is_draft: true });
    expect(lists.get(DRAFTS)!.issueIds()).toEqual(['d2']);
    expect(lists.get(KEY)!.issueIds('s1')).not.toContain('d2');
  });

  it('ignores an older answer that arrives after a newer fetch', async () => {
    const s = stores();
    let first: (v: unknown) => void = () => undefined;
    fakeApi.on('GET', `${P}/issues/`, () => new Promise((r) => (first = r)));
    const a = s.lists.fetch(KEY, request());
    fakeApi.on('GET', `${P}/issues/`, groupedEnvelope({ s1: [makeIssue('new')] }));
    await s.lists.fetch(KEY, request());
    first(groupedEnvelope({ s1: [makeIssue('old')] }));
    await a;
    expect(s.lists.get(KEY)!.issueIds('s1')).toEqual(['new']);
  });
});
