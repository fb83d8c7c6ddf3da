import type { Paginated } from '@kite/shared/contracts';
import { formatCursor, PER_PAGE_MAX, parseCursor } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';

export interface PageRequest {
  perPage: number;
  page: number;
}

/** Reads `per_page` and `cursor` as api.md §0.6 defines them. */
export function parsePage(
  query: { per_page?: string; cursor?: string },
  defaultPerPage: number,
): PageRequest {
  let page = 0;
  let perPage = defaultPerPage;
  if (query.cursor !== undefined) {
    const cursor = parseCursor(query.cursor);
    if (!cursor) throw new AppError('bad_request', 'Invalid cursor parameter.', 'INVALID_CURSOR');
    page = cursor.page;
    perPage = cursor.perPage;
  }
  if (query.per_page !== undefined)
    perPage = /^\d+$/.test(query.per_page) ? Number(query.per_page) : Number.NaN;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > PER_PAGE_MAX) {
    throw new AppError('bad_request', 'Invalid per_page value. Cannot exceed 1000.', 'INVALID_PER_PAGE');
  }
  return { perPage, page };
}

/** Wraps one page of rows (fetched with perPage + 1 to learn whether more follow). */
export function envelope<T>(request: PageRequest, rowsPlusOne: T[], total: number): Paginated<T> {
  const results = rowsPlusOne.slice(0, request.perPage);
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    next_cursor: formatCursor(request.perPage, request.page + 1, false),
    prev_cursor: formatCursor(request.perPage, request.page - 1, true),
    next_page_results: rowsPlusOne.length > request.perPage,
    prev_page_results: request.page > 0,
    count: results.length,
    total_pages: Math.ceil(total / request.perPage),
    total_results: total,
    extra_stats: null,
    results,
  };
}

/** `parsePage` for a query whose `per_page` a contract already parsed into a number. */
export function parseNumberedPage(
  query: { per_page?: number | undefined; cursor?: string | undefined },
  defaultPerPage: number,
): PageRequest {
  return parsePage(
    { cursor: query.cursor, per_page: query.per_page === undefined ? undefined : String(query.per_page) },
    defaultPerPage,
  );
}
