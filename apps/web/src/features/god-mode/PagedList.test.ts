import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { PagedList } from './PagedList.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/instances/users/';
const page = (ids: string[], next: string | null, total = 3) => ({
  grouped_by: null,
  sub_grouped_by: null,
  total_count: total,
  next_cursor: next ?? '',
  prev_cursor: '',
  next_page_results: next !== null,
  prev_page_results: false,
  count: ids.length,
  total_pages: 2,
  total_results: total,
  extra_stats: null,
  results: ids.map((id) => ({ id })),
});

describe('PagedList', () => {
  beforeEach(() => fakeApi.reset());

  it('reads pages by cursor and appends them without duplicates', async () => {
    fakeApi.on('GET', PATH, (_body, path) =>
      path.includes('cursor=') ? page(['b', 'c'], null) : page(['a', 'b'], '2:1:0'),
    );
    const list = new PagedList<{ id: string }>(PATH, 2);
    await list.load();
    expect(list.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(list.hasMore).toBe(true);
    await list.loadMore();
    expect(list.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(list.hasMore).toBe(false);
    expect(fakeApi.calls.map((c) => c.path)).toEqual([
      `${PATH}?per_page=2`,
      `${PATH}?per_page=2&cursor=2%3A1%3A0`,
    ]);
  });

  it('drops the answer to an older search', async () => {
    const answers: Record<string, (value: unknown) => void> = {};
    fakeApi.on('GET', PATH, (_body, path) => new Promise((resolve) => (answers[path] = resolve)));
    const list = new PagedList<{ id: string }>(PATH, 2);
    const first = list.load('ad');
    const second = list.load('ada');
    await vi.waitFor(() => expect(Object.keys(answers)).toHaveLength(2));
    answers[`${PATH}?per_page=2&search=ada`]!(page(['ada'], null, 1));
    await second;
    answers[`${PATH}?per_page=2&search=ad`]!(page(['ad1', 'ad2'], null, 2));
    await first;
    expect(list.items.map((i) => i.id)).toEqual(['ada']);
    expect(list.search).toBe('ada');
    expect(list.loading).toBe(false);
  });

  it('keeps the error of a failed load for the screen to show', async () => {
    fakeApi.fail('GET', PATH, 403, 'Only the instance admin can do this', 'FORBIDDEN');
    const list = new PagedList<{ id: string }>(PATH);
    await list.load();
    expect(list.error).toBe('Only the instance admin can do this');
    expect(list.loaded).toBe(false);
  });
});
