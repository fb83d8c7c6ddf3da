import type { Paginated } from '@kite/shared/contracts';
import { formatCursor, PER_PAGE_MAX, ROLE, ROLE_NAMES, type Role } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import { PreRendered, RawJson } from '../../platform/http/raw-json.ts';

/** Shared plumbing of the public API's routes (api.md §15): prefix, access, pages, order, fields. */

export const V1 = '/api/v1/workspaces/:slug';
export const V1_PROJECT = `${V1}/projects/:project_id`;
/** `/api/v1` lists default to 100 per page (api.md §0.6). */
export const V1_PAGE_SIZE = 100;

export const v1SlugParams = z.object({ slug: z.string() });
export const v1ProjectParams = v1SlugParams.extend({ project_id: z.string() });
export const v1IssueParams = v1ProjectParams.extend({ issue_id: z.uuid() });

/** A route of the workspace: the API key's user with at least `role` there (404 for non-members). */
export const v1Workspace = (role: Role) => ({ auth: 'apiKey' as const, workspaceRole: role });

/** A route of a project: the same gates as the internal route it adapts. */
export const v1Project = (
  role: Role,
  extra: { archivedWritable?: boolean; publicProjectRead?: boolean } = {},
) => ({ auth: 'apiKey' as const, workspaceRole: ROLE.GUEST, projectRole: role, ...extra });

/** A role's `role_slug` (`admin`, `member`, `viewer`, `guest`); null for a value that is no role. */
export function roleSlugOf(role: number | null | undefined): string | null {
  const name = role == null ? undefined : ROLE_NAMES[role as Role];
  return name ? name.toLowerCase() : null;
}

/** Routes outside a workspace (`users/me`): any valid key. */
export const v1SignedIn = { auth: 'apiKey' as const };

/** Comparable value of one key, for ordering lists read whole. */
function sortValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value == null ? '' : String(value);
}

/**
 * Orders a list read whole by `order_by` (`key` or `-key`, default `-created_at`); ties keep the
 * service's order. A key the objects do not have is refused.
 */
export function orderedBy<T extends object>(items: T[], orderBy = '-created_at'): T[] {
  const descending = orderBy.startsWith('-');
  const key = descending ? orderBy.slice(1) : orderBy;
  if (items.length === 0) return items;
  if (!(key in items[0]!)) {
    throw new AppError('bad_request', `Cannot order by ${key}`, 'INVALID_ORDER_BY');
  }
  const sign = descending ? -1 : 1;
  return items
    .map((item, index) => ({ item, index, value: sortValue((item as Record<string, unknown>)[key]) }))
    .sort((a, b) => (a.value < b.value ? -sign : a.value > b.value ? sign : a.index - b.index))
    .map(({ item }) => item);
}

export interface V1PageParams {
  per_page?: string;
  cursor?: string;
  limit?: string;
  offset?: string;
}

/**
 * `limit` / `offset` (the older paging some SDK calls send) as the cursor they stand for: `limit`
 * is the page size and `offset` must fall on a page boundary. A cursor or `per_page` wins.
 */
function cursorOf(query: V1PageParams): { per_page?: string; cursor?: string } {
  if (query.cursor !== undefined || query.per_page !== undefined) {
    return { cursor: query.cursor, per_page: query.per_page };
  }
  if (query.limit === undefined && query.offset === undefined) return {};
  const limit = query.limit === undefined ? V1_PAGE_SIZE : Number(query.limit);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (!/^\d+$/.test(query.limit ?? '0') || limit < 1 || limit > PER_PAGE_MAX) {
    throw new AppError('bad_request', 'Invalid limit value. Cannot exceed 1000.', 'INVALID_PER_PAGE');
  }
  if (!/^\d+$/.test(query.offset ?? '0') || offset % limit !== 0) {
    throw new AppError('bad_request', 'offset must be a multiple of limit', 'INVALID_CURSOR');
  }
  return { cursor: formatCursor(limit, offset / limit, false) };
}

/** One page (the §0.6 envelope) of a list the service answers whole. */
export function pageOf<T>(items: T[], query: V1PageParams): Paginated<T> {
  const page = parsePage(cursorOf(query), V1_PAGE_SIZE);
  const start = page.page * page.perPage;
  return envelope(page, items.slice(start, start + page.perPage + 1), items.length);
}

/** The page to ask an internal list for: the caller's, else the v1 default size (not the list's own). */
export function v1PageQuery(query: V1PageParams) {
  const { cursor, per_page } = cursorOf(query);
  return {
    cursor,
    per_page: per_page ?? (cursor === undefined ? String(V1_PAGE_SIZE) : undefined),
  };
}

/**
 * A page of the internal work-item list as plain objects: those lists reach the wire pre-rendered
 * by the database (and may be shared with a cache), so this reads them without changing them.
 */
export function plainPage<T>(answer: unknown): Paginated<T> {
  const value = (answer instanceof PreRendered ? answer.value : answer) as Paginated<unknown>;
  if (!Array.isArray(value.results)) {
    throw new AppError('bad_request', 'Grouped lists are not part of the public API', 'INVALID_GROUP_BY');
  }
  return {
    ...value,
    results: value.results.map((row) => (row instanceof RawJson ? (JSON.parse(row.text) as T) : (row as T))),
  };
}

/** `a,b` → ['a', 'b'] (blanks dropped). */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `fields=a,b`: only those keys (and `id`) of each object; everything without it. */
export function withFields<T extends { id: string }>(item: T, fields: string[]): Partial<T> & { id: string } {
  if (fields.length === 0) return item;
  const wanted = new Set([...fields, 'id']);
  return Object.fromEntries(Object.entries(item).filter(([key]) => wanted.has(key))) as Partial<T> & {
    id: string;
  };
}
