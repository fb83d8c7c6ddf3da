import type {
  CreateIssueBody,
  DisplayFilters,
  Filters,
  IssueRow,
  Paginated,
  UpdateIssueBody,
} from '@kite/shared/contracts';
import { SORT_ORDER_STEP } from '@kite/shared/domain';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, errorMessage } from '../../../lib/api.ts';
import {
  ALL_GROUP,
  buildListQuery,
  effectiveGrouping,
  type GroupBy,
  groupChangePatch,
  groupValuesOf,
  sortOrderForDrop,
} from './displayFilters.ts';
import { type Issue, type IssueChange, type IssueStore, newTempId } from './IssueStore.ts';

/**
 * Spec §4 loader values: `init-loader` first load (nothing to show yet), `mutation` a refetch
 * after a filter/display change (the old rows stay until the answer), `pagination` a "load
 * more", `mutation-loader` a write that reshapes the list (drop, quick add) in flight.
 */
export type ListLoader = 'init-loader' | 'mutation' | 'pagination' | 'mutation-loader';

/** One group (or group × sub-group) of a list: ordered ids, the true total and paging state. */
export interface GroupPage {
  ids: string[];
  total: number;
  /** Cursor of the page loaded last (`per_page:page:1`), null before any. */
  prevCursor: string | null;
  /** Cursor of the next page (`per_page:page+1:0`). */
  nextCursor: string;
  /** Whether the server has more rows for this group. */
  nextPageResults: boolean;
  loading: boolean;
}

/** The kind of item a list shows; an item that changes kind (restored, published) leaves it. */
export type ListHolds = 'live' | 'archived' | 'draft';

/** Whether `issue` is of the kind `holds` names. */
export function holdsIssue(holds: ListHolds, issue: Pick<Issue, 'archived_at' | 'is_draft'>): boolean {
  if (holds === 'archived') return !!issue.archived_at && !issue.is_draft;
  if (holds === 'draft') return !!issue.is_draft && !issue.archived_at;
  return !issue.archived_at && !issue.is_draft;
}

/** What a list asks the server for; layouts add their own params through `extra`. */
export interface ListRequest {
  /** The list endpoint, e.g. `{p}/issues/` or `{p}/cycles/{id}/cycle-issues/`. */
  path: string;
  /** Issues created in this project join the list (null for lists across projects). */
  projectId: string | null;
  /** Which items belong: live ones (the default), archived ones or drafts. */
  holds?: ListHolds;
  filters: Filters;
  displayFilters: DisplayFilters;
  /** Rows per group (per group × sub-group) and per "load more". */
  perPage: number;
  extra?: Record<string, string>;
  /** Which items a scoped list holds (a cycle's page: those in the cycle); items join and leave by it. */
  member?: (issue: Issue) => boolean;
}

/** Whether `issue` belongs in the list `request` describes (without its filters, which the server applies). */
function fits(request: ListRequest | null, issue: Issue): boolean {
  return holdsIssue(request?.holds ?? 'live', issue) && (request?.member?.(issue) ?? true);
}

type GroupedResults = Record<
  string,
  {
    results: IssueRow[] | Record<string, { results: IssueRow[]; total_results: number }>;
    total_results: number;
  }
>;
type ListEnvelope = Omit<Paginated<IssueRow>, 'results'> & { results: IssueRow[] | GroupedResults };

/** The id of one cell: group key, and sub-group key ('' when not sub-grouped). */
export const cellKey = (group: string, sub?: string | null) => `${group}\u0000${sub ?? ''}`;

/**
 * A page whose fields are observed one by one, `ids` included, but whose ids array stays plain:
 * it is only ever replaced whole, so a column of 5,000 cards reads it by index without MobX's
 * array proxy, and a "load more" does not copy 5,000 ids into a new observable array.
 */
function observedPage(page: GroupPage): GroupPage {
  return observable(page, undefined, { deep: false });
}

function emptyPage(perPage: number): GroupPage {
  return {
    ids: [],
    total: 0,
    prevCursor: null,
    nextCursor: `${perPage}:0:0`,
    nextPageResults: false,
    loading: false,
  };
}

/** One list of issues (a layout in a context), grouped and paged. Read by layouts; written by IssueListStore. */
export class IssueList {
  request: ListRequest | null = null;
  loader: ListLoader | undefined = undefined;
  error: string | null = null;
  /** The grouping the rows were fetched with (null = one group, ALL_GROUP). */
  groupBy: GroupBy | null = null;
  subGroupBy: GroupBy | null = null;
  /** Group keys in the server's order (every possible group, empty ones included). */
  groupKeys: string[] = [];
  subGroupKeys: string[] = [];
  /** Pages as `observedPage` makes them (the map itself does not convert them). */
  readonly cells = observable.map<string, GroupPage>(undefined, { deep: false });
  /** Per group, the issues of the group across sub-groups (the server's group total). */
  readonly groupTotals = observable.map<string, number>();
  totalCount = 0;
  /** Whether the first page has been received at least once. */
  loaded = false;
  /** Monotonic id of the latest fetch; older answers are dropped. */
  requestSeq = 0;

  constructor(readonly key: string) {
    makeAutoObservable(this, { key: false, requestSeq: false }, { autoBind: true });
  }

  cell(group: string, sub?: string | null): GroupPage | undefined {
    return this.cells.get(cellKey(group, this.subGroupBy ? sub : null));
  }

  /** The ordered ids of a group (or of a group × sub-group cell). */
  issueIds(group: string = ALL_GROUP, sub?: string | null): string[] {
    return this.cell(group, sub)?.ids ?? [];
  }

  groupTotal(group: string): number {
    if (!this.subGroupBy) return this.cell(group)?.total ?? 0;
    return this.groupTotals.get(group) ?? 0;
  }

  /** Sub-group total across groups (a swimlane's count). */
  subGroupTotal(sub: string): number {
    let total = 0;
    for (const group of this.groupKeys) total += this.cell(group, sub)?.total ?? 0;
    return total;
  }

  hasMore(group: string = ALL_GROUP, sub?: string | null): boolean {
    const page = this.cell(group, sub);
    return !!page && page.nextPageResults && page.ids.length < page.total;
  }

  /** Every id shown, in group order (keyboard navigation walks this). */
  get allIds(): string[] {
    const ids: string[] = [];
    for (const group of this.groupKeys) {
      for (const sub of this.subGroupBy ? this.subGroupKeys : [null]) ids.push(...this.issueIds(group, sub));
    }
    return ids;
  }

  get isEmpty(): boolean {
    return this.loaded && this.totalCount === 0;
  }

  /** Groups to show: all of them, or only those with issues unless `showEmpty`. */
  visibleGroupKeys(showEmpty: boolean): string[] {
    if (showEmpty || !this.groupBy) return this.groupKeys;
    return this.groupKeys.filter((g) => this.groupTotal(g) > 0);
  }

  visibleSubGroupKeys(showEmpty: boolean): string[] {
    if (showEmpty) return this.subGroupKeys;
    return this.subGroupKeys.filter((s) => this.subGroupTotal(s) > 0);
  }
}

/** Sort key of an issue for the list's order_by, when the client can tell (null: it cannot). */
function compareFor(orderBy: string): ((a: Issue, b: Issue) => number) | null {
  const desc = orderBy.startsWith('-');
  const key = desc ? orderBy.slice(1) : orderBy;
  const dir = desc ? -1 : 1;
  const PRIORITY_RANK: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3, urgent: 4 };
  const tie = (a: Issue, b: Issue) =>
    a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
  const nullsLast = (x: string | number | null, y: string | number | null) => {
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * dir;
  };
  switch (key) {
    case 'sort_order':
      return (a, b) => (a.sort_order - b.sort_order) * dir || tie(a, b);
    case 'created_at':
    case 'updated_at':
    case 'start_date':
    case 'target_date':
      return (a, b) => nullsLast(a[key], b[key]) || tie(a, b);
    case 'priority':
      return (a, b) =>
        ((PRIORITY_RANK[a.priority] ?? 0) - (PRIORITY_RANK[b.priority] ?? 0)) * dir || tie(a, b);
    default:
      return null;
  }
}

/**
 * The issue lists of every layout and context, keyed by the caller (e.g.
 * `project:<id>:kanban`). Rows live once in IssueStore; lists hold ordered ids per group and
 * follow every change of IssueStore: an issue whose group property changes moves group.
 */
export class IssueListStore {
  private readonly lists = observable.map<string, IssueList>(undefined, { deep: false });

  constructor(private readonly issues: IssueStore) {
    makeAutoObservable<IssueListStore, 'lists' | 'issues'>(
      this,
      { lists: false, issues: false },
      { autoBind: true },
    );
    issues.subscribe(this.onIssueChange);
  }

  get(key: string): IssueList | undefined {
    return this.lists.get(key);
  }

  /** The list for `key`, created empty when missing. */
  ensure(key: string): IssueList {
    let list = this.lists.get(key);
    if (!list) {
      list = new IssueList(key);
      this.lists.set(key, list);
    }
    return list;
  }

  /** Forgets a list (e.g. when its screen unmounts and its data should not be kept). */
  drop(key: string): void {
    this.lists.delete(key);
  }

  /**
   * The first page of every group (and sub-group). `loader` defaults to `init-loader` the
   * first time and `mutation` afterwards (old rows stay visible until the answer).
   */
  async fetch(key: string, request: ListRequest, loader?: ListLoader): Promise<void> {
    const list = this.ensure(key);
    const seq = ++list.requestSeq;
    list.request = request;
    list.loader = loader ?? (list.loaded ? 'mutation' : 'init-loader');
    list.error = null;
    const query = buildListQuery({
      filters: request.filters,
      displayFilters: request.displayFilters,
      perPage: request.perPage,
      extra: request.extra,
    });
    try {
      const answer = await api.get<ListEnvelope>(`${request.path}?${query}`);
      runInAction(() => {
        if (seq !== list.requestSeq) return;
        this.receiveFirstPage(list, request, answer);
      });
    } catch (error) {
      runInAction(() => {
        if (seq !== list.requestSeq) return;
        list.error = errorMessage(error);
        list.loader = undefined;
      });
      throw error;
    }
  }

  private receiveFirstPage(list: IssueList, request: ListRequest, answer: ListEnvelope): void {
    const { groupBy, subGroupBy } = effectiveGrouping(request.displayFilters);
    const perPage = request.perPage;
    const page = (rows: IssueRow[], total: number): GroupPage => ({
      ids: rows.map((r) => r.id),
      total,
      prevCursor: `${perPage}:-1:1`,
      nextCursor: `${perPage}:1:0`,
      nextPageResults: rows.length < total,
      loading: false,
    });
    list.cells.clear();
    list.groupTotals.clear();
    list.groupBy = null;
    list.subGroupBy = null;
    const results = answer.results;
    if (Array.isArray(results)) {
      this.issues.upsertMany(results);
      list.groupKeys = [ALL_GROUP];
      list.subGroupKeys = [];
      list.cells.set(
        cellKey(ALL_GROUP),
        observedPage({ ...page(results, answer.total_results), nextPageResults: answer.next_page_results }),
      );
    } else {
      list.groupBy = groupBy;
      list.subGroupBy = subGroupBy;
      const groups = Object.keys(results);
      const subs = new Set<string>();
      for (const group of groups) {
        const entry = results[group]!;
        list.groupTotals.set(group, entry.total_results);
        if (Array.isArray(entry.results)) {
          this.issues.upsertMany(entry.results);
          list.cells.set(cellKey(group), observedPage(page(entry.results, entry.total_results)));
        } else {
          for (const [sub, cell] of Object.entries(entry.results)) {
            subs.add(sub);
            this.issues.upsertMany(cell.results);
            list.cells.set(cellKey(group, sub), observedPage(page(cell.results, cell.total_results)));
          }
        }
      }
      list.groupKeys = groups;
      list.subGroupKeys = [...subs];
    }
    list.totalCount = answer.total_results;
    list.loaded = true;
    list.loader = undefined;
  }

  /** Reads every loaded list's first pages again (live events were missed: api.md §16.1 `resync`). */
  async refetchLoaded(): Promise<void> {
    const loaded = [...this.lists.entries()].filter(([, list]) => list.loaded && list.request);
    await Promise.all(
      loaded.map(([key, list]) => this.fetch(key, list.request!, 'mutation').catch(() => undefined)),
    );
  }

  /** The next page of one group (api.md §5.2: the same endpoint, ungrouped, with the group's filter). */
  async loadMore(key: string, group: string, sub?: string | null): Promise<void> {
    const list = this.lists.get(key);
    const request = list?.request;
    const page = list?.cell(group, sub);
    if (!list || !request || !page || page.loading || !page.nextPageResults) return;
    page.loading = true;
    list.loader = 'pagination';
    const seq = list.requestSeq;
    const constraint: { groupBy: GroupBy; value: string }[] = [];
    if (list.groupBy) constraint.push({ groupBy: list.groupBy, value: group });
    if (list.subGroupBy && sub != null) constraint.push({ groupBy: list.subGroupBy, value: sub });
    const query = buildListQuery({
      filters: request.filters,
      displayFilters: request.displayFilters,
      perPage: request.perPage,
      cursor: page.nextCursor,
      constraint: constraint.length > 0 ? constraint : undefined,
      grouped: false,
      extra: request.extra,
    });
    try {
      const answer = await api.get<Paginated<IssueRow>>(`${request.path}?${query}`);
      runInAction(() => {
        if (seq !== list.requestSeq) return;
        this.issues.upsertMany(answer.results);
        const seen = new Set(page.ids);
        page.ids = [...page.ids, ...answer.results.map((r) => r.id).filter((id) => !seen.has(id))];
        page.total = answer.total_results;
        page.prevCursor = answer.prev_cursor;
        page.nextCursor = answer.next_cursor;
        page.nextPageResults = answer.next_page_results;
      });
    } finally {
      runInAction(() => {
        page.loading = false;
        if (list.loader === 'pagination') list.loader = undefined;
      });
    }
  }

  /**
   * Quick add (spec §4): a temporary issue appears at once at the end of the group, in the
   * group's (and sub-group's) property, and is replaced by the created one. Rethrows on failure
   * (the temporary issue is gone by then).
   */
  async quickAdd(
    key: string,
    slug: string,
    projectId: string,
    input: { name: string; group?: string; sub?: string | null; body?: Partial<CreateIssueBody> },
  ): Promise<Issue> {
    const list = this.lists.get(key);
    const body: CreateIssueBody = { name: input.name, ...input.body };
    const template = this.templateIssue(projectId);
    for (const [groupBy, value] of [
      [list?.groupBy ?? null, input.group],
      [list?.subGroupBy ?? null, input.sub],
    ] as const) {
      if (!groupBy || value == null) continue;
      const patch = groupChangePatch({ ...template, ...body } as IssueRow, groupBy, '', value);
      if (patch) Object.assign(body, patch);
    }
    const cell = list && input.group != null ? list.cell(input.group, input.sub) : undefined;
    const last = cell?.ids.length ? this.issues.get(cell.ids[cell.ids.length - 1]!) : undefined;
    return this.issues.create(slug, projectId, body, {
      tempId: newTempId(),
      optimistic: { sort_order: (last?.sort_order ?? 55535) + SORT_ORDER_STEP },
    });
  }

  private templateIssue(projectId: string): IssueRow {
    return {
      label_ids: [],
      assignee_ids: [],
      module_ids: [],
      project_id: projectId,
    } as unknown as IssueRow;
  }

  /**
   * The change a drop makes (spec §5: only in a grouped layout): the group (and sub-group)
   * property of the target, and in manual order a sort_order between the new neighbours.
   * Returns null when nothing would change.
   */
  dropPatch(
    key: string,
    issueId: string,
    target: { group: string; sub?: string | null; index: number },
    source: { group: string; sub?: string | null },
  ): UpdateIssueBody | null {
    const list = this.lists.get(key);
    const issue = this.issues.get(issueId);
    if (!list || !issue || !list.groupBy) return null;
    const patch: UpdateIssueBody = {};
    let moving: IssueRow = issue;
    const groupPatch = groupChangePatch(moving, list.groupBy, source.group, target.group);
    if (groupPatch) {
      Object.assign(patch, groupPatch);
      moving = { ...moving, ...(groupPatch as Partial<IssueRow>) };
    }
    if (list.subGroupBy && source.sub != null && target.sub != null) {
      const subPatch = groupChangePatch(moving, list.subGroupBy, source.sub, target.sub);
      if (subPatch) Object.assign(patch, subPatch);
    }
    const orderBy = list.request?.displayFilters.order_by ?? 'sort_order';
    if (orderBy === 'sort_order') {
      const neighbours = list
        .issueIds(target.group, target.sub)
        .filter((id) => id !== issueId)
        .map((id) => this.issues.get(id)?.sort_order)
        .filter((n): n is number => typeof n === 'number');
      const sortOrder = sortOrderForDrop(neighbours, target.index);
      if (sortOrder !== issue.sort_order) patch.sort_order = sortOrder;
    }
    return Object.keys(patch).length > 0 ? patch : null;
  }

  /** Drops an issue: optimistic through IssueStore.update, rolled back (and rethrown) on failure. */
  async moveIssue(
    key: string,
    slug: string,
    projectId: string,
    issueId: string,
    target: { group: string; sub?: string | null; index: number },
    source: { group: string; sub?: string | null },
  ): Promise<void> {
    const patch = this.dropPatch(key, issueId, target, source);
    if (!patch) return;
    const list = this.lists.get(key);
    if (list) list.loader = 'mutation-loader';
    try {
      await this.issues.update(slug, projectId, issueId, patch);
    } finally {
      runInAction(() => {
        if (list?.loader === 'mutation-loader') list.loader = undefined;
      });
    }
  }

  // ---- following IssueStore ----

  private onIssueChange(change: IssueChange): void {
    for (const list of this.lists.values()) {
      if (!list.loaded) continue;
      if (change.type === 'remove') this.removeFrom(list, change.issue.id);
      else if (change.type === 'replace') this.replaceIn(list, change.tempId, change.issue.id);
      else this.place(list, change.before, change.after);
    }
  }

  private targetCells(list: IssueList, issue: Issue): [string, string | null][] {
    if (!fits(list.request, issue)) return [];
    const groups = groupValuesOf(issue, list.groupBy);
    const subs = list.subGroupBy ? groupValuesOf(issue, list.subGroupBy) : [null];
    return groups.flatMap((g) => subs.map((s) => [g, s] as [string, string | null]));
  }

  private cellsContaining(list: IssueList, id: string): string[] {
    const found: string[] = [];
    for (const [k, page] of list.cells) if (page.ids.includes(id)) found.push(k);
    return found;
  }

  private place(list: IssueList, before: Issue | undefined, after: Issue): void {
    const present = this.cellsContaining(list, after.id);
    if (present.length === 0) {
      // An issue of this list's project joins it when it is new, or when it became the kind the
      // list holds (restored, published, put back after a refused archive, added to the cycle
      // whose list this is); others stay out.
      const joins = !before || (!fits(list.request, before) && fits(list.request, after));
      if (!joins || !list.request?.projectId || list.request.projectId !== after.project_id) return;
    }
    const targets = this.targetCells(list, after);
    const targetKeys = new Set(targets.map(([g, s]) => cellKey(g, s)));
    const groupsBefore = new Set(present.map((k) => k.split('\u0000')[0]!));
    for (const k of present) {
      if (targetKeys.has(k)) continue;
      const page = list.cells.get(k)!;
      page.ids = page.ids.filter((id) => id !== after.id);
      page.total = Math.max(0, page.total - 1);
    }
    const compare = compareFor(list.request?.displayFilters.order_by ?? 'sort_order');
    const orderChanged =
      !!before &&
      (before.sort_order !== after.sort_order ||
        before.priority !== after.priority ||
        before.target_date !== after.target_date ||
        before.start_date !== after.start_date);
    for (const [group, sub] of targets) {
      const k = cellKey(group, sub);
      let page = list.cells.get(k);
      if (!page) {
        page = observedPage(emptyPage(list.request?.perPage ?? 50));
        list.cells.set(k, page);
        if (!list.groupKeys.includes(group)) list.groupKeys = [...list.groupKeys, group];
        if (sub !== null && !list.subGroupKeys.includes(sub)) list.subGroupKeys = [...list.subGroupKeys, sub];
      }
      const at = page.ids.indexOf(after.id);
      if (at !== -1 && !(orderChanged && compare)) continue;
      const rest = at !== -1 ? page.ids.filter((id) => id !== after.id) : page.ids;
      const ids = this.insertSorted(rest, after, compare);
      // Same place (e.g. a priority change in manual order): the column keeps its array and stays as it is.
      if (at !== -1 && ids[at] === after.id) continue;
      page.ids = ids;
      if (at === -1) page.total += 1;
    }
    // Group totals (sub-grouped lists) and the list total follow the groups the issue left or joined.
    const groupsAfter = new Set(targets.map(([g]) => g));
    if (list.subGroupBy) {
      for (const g of groupsBefore)
        if (!groupsAfter.has(g)) list.groupTotals.set(g, Math.max(0, (list.groupTotals.get(g) ?? 0) - 1));
      for (const g of groupsAfter)
        if (!groupsBefore.has(g)) list.groupTotals.set(g, (list.groupTotals.get(g) ?? 0) + 1);
    }
    if (present.length === 0 && targets.length > 0) list.totalCount += 1;
    else if (present.length > 0 && targets.length === 0) list.totalCount = Math.max(0, list.totalCount - 1);
  }

  private insertSorted(
    ids: string[],
    issue: Issue,
    compare: ((a: Issue, b: Issue) => number) | null,
  ): string[] {
    if (!compare) return [issue.id, ...ids];
    let index = ids.length;
    for (let i = 0; i < ids.length; i++) {
      const other = this.issues.get(ids[i]!);
      if (other && compare(issue, other) < 0) {
        index = i;
        break;
      }
    }
    return [...ids.slice(0, index), issue.id, ...ids.slice(index)];
  }

  private removeFrom(list: IssueList, id: string): void {
    const present = this.cellsContaining(list, id);
    if (present.length === 0) return;
    for (const k of present) {
      const page = list.cells.get(k)!;
      page.ids = page.ids.filter((x) => x !== id);
      page.total = Math.max(0, page.total - 1);
    }
    if (list.subGroupBy) {
      for (const g of new Set(present.map((k) => k.split('\u0000')[0]!)))
        list.groupTotals.set(g, Math.max(0, (list.groupTotals.get(g) ?? 0) - 1));
    }
    list.totalCount = Math.max(0, list.totalCount - 1);
  }

  private replaceIn(list: IssueList, tempId: string, id: string): void {
    for (const page of list.cells.values()) {
      const at = page.ids.indexOf(tempId);
      if (at === -1) continue;
      page.ids = page.ids.includes(id)
        ? page.ids.filter((x) => x !== tempId)
        : page.ids.map((x) => (x === tempId ? id : x));
    }
  }

  reset(): void {
    this.lists.clear();
  }
}
