import { describe, expect, it } from 'vitest';
import { envelope, parsePage } from './pagination.ts';

describe('parsePage', () => {
  it('uses the default size, then the cursor size, then per_page', () => {
    expect(parsePage({}, 50)).toEqual({ perPage: 50, page: 0 });
    expect(parsePage({ cursor: '20:2:0' }, 50)).toEqual({ perPage: 20, page: 2 });
    expect(parsePage({ cursor: '20:2:0', per_page: '5' }, 50)).toEqual({ perPage: 5, page: 2 });
  });

  it.each(['0', '1001', '-1', 'ten', '1.5'])('refuses per_page=%s with INVALID_PER_PAGE', (perPage) => {
    expect(() => parsePage({ per_page: perPage }, 50)).toThrow(
      expect.objectContaining({ errorCode: 'INVALID_PER_PAGE', status: 400 }),
    );
  });

  it('refuses a malformed cursor with INVALID_CURSOR', () => {
    expect(() => parsePage({ cursor: '50:-2:0' }, 50)).toThrow(
      expect.objectContaining({ errorCode: 'INVALID_CURSOR', message: 'Invalid cursor parameter.' }),
    );
  });
});

describe('envelope', () => {
  it('describes a middle page fetched with one extra row', () => {
    const page = envelope({ perPage: 2, page: 1 }, ['c', 'd', 'e'], 5);
    expect(page).toMatchObject({
      results: ['c', 'd'],
      count: 2,
      total_count: 5,
      total_results: 5,
      total_pages: 3,
      next_cursor: '2:2:0',
      prev_cursor: '2:0:1',
      next_page_results: true,
      prev_page_results: true,
      grouped_by: null,
      extra_stats: null,
    });
  });

  it('says there is nothing after the last page', () => {
    const page = envelope({ perPage: 2, page: 0 }, ['a'], 1);
    expect(page).toMatchObject({ next_page_results: false, prev_page_results: false, prev_cursor: '2:-1:1' });
  });
});
