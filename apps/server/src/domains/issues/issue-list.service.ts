import type { IssueRow, ListIssuesQuery } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, sqlArray } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import { PreRendered, RawJson } from '../../platform/http/raw-json.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import {
  compactCounters,
  countersAnswer,
  countsFromCounters,
  groupCellsFromCounters,
  groupCountersKind,
  readCounters,
  readGroupCounters,
} from './issue-counters.ts';
import {
  buildOrderBy,
  buildWhere,
  type Grouping,
  grouping,
  keysNeeded,
  type ListContext,
  statesOfType,
} from './issue-query.ts';
import { issueRowJson } from './issue-row-json.ts';
import { groupsOf, onlyCreatedBy } from './issue-rules.ts';
import type { IssuesDeps } from './issue-writes.ts';
import { presentIssueRow } from './issues.presenter.ts';
import {
  countIssues,
  pageIssues,
  pageIssuesPerGroup,
  planningGroupKeys,
  type RenderedIssue,
} from './issues.repo.ts';
import { type CachedList, readThrough } from './list-cache.ts';
import { describeList } from './list-cache-cells.ts';

export type IssueListService = ReturnType<typeof createIssueListService>;

const MULTI_VALUED_GROUPS = new Set(['labels__id', 'assignees__id', 'issue_module__module_id']);

/**
 * Lists of work items and their pages: a project's board and lists (grouped and sub-grouped pages,
 * counts from the board counters where they can answer), published boards, lists across a
 * workspace's projects, and the list cache in front of the project lists.
 */
export function createIssueListService(
  db: Db,
  deps: Pick<IssuesDeps, 'states' | 'labels' | 'projectMembers' | 'listCache'>,
) {
  /** One project's list context; labels and members only when the query groups by them. */
  async function projectListContext(
    projectId: string,
    query: ListIssuesQuery,
    viewer: { userId: string; ownOnly: boolean },
  ): Promise<ListContext> {
    const needs = keysNeeded(query);
    const [states, labels, members, planning] = await Promise.all([
      deps.states.rowsOf(db, projectId),
      needs.labels ? deps.labels.listForProjects([projectId]) : undefined,
      needs.members ? deps.projectMembers.activeRoles(db, projectId) : undefined,
      planningKeysOf([projectId], needs),
    ]);
    return {
      projectIds: [projectId],
      ownOnlyProjectIds: viewer.ownOnly ? [projectId] : [],
      userId: viewer.userId,
      states,
      labelIds: labels?.map((l) => l.id),
      memberIds: members && [...members.keys()],
      ...planning,
    };
  }

  /**
   * A project's list page from the cache, or read and kept. Relative date filters (`2_weeks;after;
   * fromnow`) move with the calendar, so the day is part of the key.
   */
  const cachedList = (projectId: string, parts: Record<string, unknown>, read: () => Promise<CachedList>) =>
    readThrough(deps.listCache, projectId, parts, read);

  /**
   * Reads a list's counts from the maintained counters, when they can answer it (the board's
   * unfiltered groups): null when the list must count its own items.
   */
  function counterReader(
    query: ListIssuesQuery,
    counted: ListIssuesQuery,
    ctx: ListContext,
    scope: 'normal' | 'archived' | 'drafts',
  ):
    | (() => Promise<{ total: number; cells: { group_key: string; sub_group_key?: string; n: number }[] }>)
    | null {
    const projectId = ctx.projectIds[0]!;
    const types = typeFilter(query, ctx);
    if (countersAnswer(counted, ctx, scope)) {
      return () =>
        readCounters(db, projectId).then((rows) =>
          countsFromCounters(rows, ctx.states, types, query.group_by ?? null, query.sub_group_by ?? null),
        );
    }
    const groupKind = groupCountersKind(counted, ctx, scope);
    if (!groupKind) return null;
    return () =>
      Promise.all([readCounters(db, projectId), readGroupCounters(db, projectId, groupKind)]).then(
        ([rows, groupRows]) => ({
          // Items count once in the total, though one can be in several modules.
          total: countsFromCounters(rows, ctx.states, types, null, null).total,
          cells: groupCellsFromCounters(groupRows, ctx.states, types, query.sub_group_by ?? null),
        }),
      );
  }

  function listContext(project: ProjectAccess, user: UserRow, query: ListIssuesQuery = {}) {
    return projectListContext(project.project.id, query, {
      userId: user.id,
      ownOnly: onlyCreatedBy(project, user) !== null,
    });
  }

  async function workspaceContext(access: WorkspaceAccess, user: UserRow): Promise<ListContext> {
    const { roles, ownOnlyProjectIds } = await deps.projectMembers.visibilityOf(access, user);
    const projectIds = Object.keys(roles);
    const [states, labels, members, planning] = await Promise.all([
      deps.states.listForProjects(projectIds),
      deps.labels.listForProjects(projectIds),
      deps.projectMembers.membersOfMyProjects(access, user),
      planningKeysOf(projectIds, { cycles: true, modules: true }),
    ]);
    return {
      projectIds,
      ownOnlyProjectIds,
      userId: user.id,
      states,
      labelIds: labels.map((l) => l.id),
      memberIds: [...new Set(Object.values(members).flatMap((list) => list.map((m) => m.member)))],
      ...planning,
    };
  }

  /** The cycles and modules a list can group by, when its group keys need them. */
  async function planningKeysOf(projectIds: string[], needs: { cycles: boolean; modules: boolean }) {
    const [cycleIds, moduleIds] = await Promise.all([
      needs.cycles ? planningGroupKeys(db, projectIds, 'cycles') : undefined,
      needs.modules ? planningGroupKeys(db, projectIds, 'modules') : undefined,
    ]);
    return { cycleIds, moduleIds };
  }

  const service = {
    /**
     * A project's list: grouped (and sub-grouped) or flat pages, as api.md §5.2 describes.
     * `saved`: a saved view's filters (legacy params), AND-ed with the query's own.
     */
    async list(
      project: ProjectAccess,
      user: UserRow,
      query: ListIssuesQuery,
      scope: 'normal' | 'archived' | 'drafts' = 'normal',
      saved?: ListIssuesQuery,
    ) {
      const ownOnly = scope === 'drafts' || onlyCreatedBy(project, user) !== null;
      const key = { scope, viewer: ownOnly ? user.id : null, query, saved: saved ?? null };
      return cachedList(project.project.id, key, async () => {
        const ctx = await listContext(project, user, query);
        if (scope === 'drafts') ctx.ownOnlyProjectIds = ctx.projectIds;
        return service.pageWithShape(ctx, query, scope, saved);
      });
    },

    /** A published project's normal work items for anonymous visitors (api.md §4.8). */
    async listPublished(projectId: string, query: ListIssuesQuery) {
      return cachedList(projectId, { scope: 'published', query }, async () => {
        const ctx = await projectListContext(projectId, query, { userId: '', ownOnly: false });
        return service.pageWithShape(ctx, query, 'normal');
      });
    },

    /** The same list across every project of the workspace the caller belongs to (§5.18). */
    async listWorkspace(
      access: WorkspaceAccess,
      user: UserRow,
      query: ListIssuesQuery,
      saved?: ListIssuesQuery,
    ) {
      const ctx = await workspaceContext(access, user);
      if (ctx.projectIds.length === 0) return envelope(parsePage(query, 1000), [], 0);
      return service.page(ctx, query, 'normal', saved);
    },

    async page(
      ctx: ListContext,
      query: ListIssuesQuery,
      scope: 'normal' | 'archived' | 'drafts',
      saved?: ListIssuesQuery,
    ): Promise<PreRendered> {
      return (await service.pageWithShape(ctx, query, scope, saved)).page;
    },

    /** A list page with what the list cache needs to keep it: its shape, and how to recount it. */
    async pageWithShape(
      ctx: ListContext,
      query: ListIssuesQuery,
      scope: 'normal' | 'archived' | 'drafts',
      saved?: ListIssuesQuery,
    ): Promise<CachedList> {
      const page = parsePage(query, 1000);
      const where = buildWhere(query, ctx, scope, saved);
      // The board counters count a project's unfiltered items: a saved view's filters rule them out.
      const counted = saved ? { ...query, ...saved } : query;
      const orderBy = buildOrderBy(query.order_by);
      if (query.sub_group_by && !query.group_by) {
        throw new AppError('bad_request', 'sub_group_by needs group_by', 'INVALID_GROUP_BY');
      }
      if (query.group_by && query.group_by === query.sub_group_by) {
        throw new AppError(
          'bad_request',
          'Group by and sub group by cannot have same parameters',
          'INVALID_GROUP_BY',
        );
      }
      const limit = page.perPage + 1;
      const shapeOf = (
        rows: RenderedIssue[],
        groupBy: Grouping | null = null,
        subGroupBy: Grouping | null = null,
      ) => describeList({ query, saved, states: ctx.states, limit, groupBy, subGroupBy, rows });
      const readCounts = counterReader(query, counted, ctx, scope);
      if (!query.group_by) {
        const total = () => (readCounts ? readCounts().then((c) => c.total) : countIssues(db, where));
        const [rows, n] = await Promise.all([
          pageIssues<RenderedIssue>(
            db,
            where,
            orderBy,
            limit,
            page.page * page.perPage,
            issueRowJson(ctx.states),
          ),
          // Read beside the page query, not before it.
          total(),
        ]);
        const render = (count: number) => new PreRendered(envelope(page, rows.map(rendered), count));
        return {
          page: render(n),
          shape: shapeOf(rows),
          recount: async () => render(await total()),
        };
      }
      const group = grouping(query.group_by, ctx);
      const sub = query.sub_group_by ? grouping(query.sub_group_by, ctx) : null;
      for (const g of [group, sub]) {
        if (g?.key === 'target_date') g.keys = [...(await service.targetDates(where)), 'None'];
      }
      // An issue sits in exactly one group of a single-valued key, so the group counts add up to the
      // total and a second scan is not needed; labels, assignees and modules can repeat an issue.
      const repeats = [group, sub].some((g) => g && MULTI_VALUED_GROUPS.has(g.key));
      const [{ rows, counts }, counters] = await Promise.all([
        pageIssuesPerGroup<RenderedIssue>(
          db,
          group,
          sub,
          where,
          orderBy,
          limit,
          page.page * page.perPage,
          !readCounts,
          issueRowJson(ctx.states),
        ),
        readCounts?.(),
      ]);
      const render = (cells: typeof counts, total: number) =>
        new PreRendered(groupedEnvelope(page, { group, sub, total }, rows, cells, rendered));
      const shape = shapeOf(rows, group, sub);
      if (!readCounts || !counters) {
        const total = repeats ? await countIssues(db, where) : counts.reduce((sum, c) => sum + c.n, 0);
        // The counts came with the rows: a change to them reads the page again.
        return { page: render(counts, total), shape };
      }
      return {
        page: render(counters.cells, counters.total),
        shape,
        recount: async () => {
          const fresh = await readCounts();
          return render(fresh.cells, fresh.total);
        },
      };
    },

    async targetDates(where: SQL): Promise<string[]> {
      const rows = await queryRows<{ d: string }>(
        db,
        sql`select distinct to_char(i.target_date, 'YYYY-MM-DD') as d from issues i where ${where} and i.target_date is not null order by 1`,
      );
      return rows.map((r) => r.d);
    },

    /** Folds the board counters' deltas (run every few seconds by the scheduler). */
    compactCounters(minimumRows?: number): Promise<number> {
      return compactCounters(db, minimumRows);
    },

    async listByIds(project: ProjectAccess, user: UserRow, ids: string[]): Promise<IssueRow[]> {
      const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).slice(0, 1000);
      if (valid.length === 0) return [];
      const ctx = await listContext(project, user);
      const where = sql`${buildWhere({}, ctx)} and i.id = any(${sqlArray(valid, 'uuid')})`;
      const rows = await pageIssues(db, where, buildOrderBy(undefined), 1000, 0);
      return rows.map((r) => presentIssueRow(r, groupsOf(ctx.states)));
    },
  };
  return service;
}

type Page = { perPage: number; page: number };

/** A row PostgreSQL rendered as the wire's IssueRow, passed through unparsed. */
const rendered = (row: RenderedIssue) => new RawJson(row.row_json);

function typeFilter(query: ListIssuesQuery, ctx: ListContext): Set<string> | null {
  const states = statesOfType(query.type, ctx.states);
  return states ? new Set(states) : null;
}

/** Shapes per-group pages into the grouped envelope: every group present, per-group totals. */
function groupedEnvelope<R extends { group_key?: string; sub_group_key?: string }, T>(
  page: Page,
  shape: {
    group: { key: string; keys: string[] };
    sub: { key: string; keys: string[] } | null;
    total: number;
  },
  rows: R[],
  counts: { group_key: string; sub_group_key?: string; n: number }[],
  present: (row: R) => T,
) {
  const groupKeys = shape.group.keys;
  const subKeys = shape.sub?.keys ?? null;
  const cell = (g: string, s?: string) => `${g}\u0000${s ?? ''}`;
  const rowsByCell = new Map<string, T[]>();
  const overflow = new Set<string>();
  const perCell = new Map<string, number>();
  for (const row of rows) {
    const key = cell(row.group_key!, row.sub_group_key);
    const list = rowsByCell.get(key) ?? [];
    if (list.length < page.perPage) list.push(present(row));
    else overflow.add(key);
    rowsByCell.set(key, list);
  }
  for (const c of counts) perCell.set(cell(c.group_key, c.sub_group_key), c.n);
  const results: Record<string, unknown> = {};
  let largest = 0;
  let count = 0;
  for (const g of groupKeys) {
    if (subKeys) {
      const inner: Record<string, { results: T[]; total_results: number }> = {};
      let groupTotal = 0;
      for (const s of subKeys) {
        const items = rowsByCell.get(cell(g, s)) ?? [];
        const total = perCell.get(cell(g, s)) ?? 0;
        inner[s] = { results: items, total_results: total };
        groupTotal += total;
        largest = Math.max(largest, total);
        count += items.length;
      }
      results[g] = { results: inner, total_results: groupTotal };
    } else {
      const items = rowsByCell.get(cell(g)) ?? [];
      const total = perCell.get(cell(g)) ?? 0;
      results[g] = { results: items, total_results: total };
      largest = Math.max(largest, total);
      count += items.length;
    }
  }
  return {
    grouped_by: shape.group.key,
    sub_grouped_by: shape.sub?.key ?? null,
    total_count: shape.total,
    next_cursor: `${page.perPage}:${page.page + 1}:0`,
    prev_cursor: `${page.perPage}:${page.page - 1}:1`,
    next_page_results: overflow.size > 0,
    prev_page_results: page.page > 0,
    count,
    total_pages: Math.ceil(largest / page.perPage),
    total_results: shape.total,
    extra_stats: null,
    results,
  };
}
