import type {
  CreateIntakeIssueBody,
  Intake,
  IntakeIssue,
  IntakeOrdering,
  IntakeWorkItemBody,
  Paginated,
  UpdateIntakeIssueBody,
} from '@kite/shared/contracts';
import { INTAKE_ERRORS, INTAKE_PAGE_SIZE, INTAKE_STATUS } from '@kite/shared/domain';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { ApiError, api, errorMessage, seg } from '../../lib/api.ts';
import { toast } from '../../ui/toast.ts';
import { projectPath } from '../projects/ProjectStore.ts';
import {
  DEFAULT_ORDER,
  EMPTY_INTAKE_FILTERS,
  type IntakeFilters,
  type IntakeQuery,
  type IntakeTab,
  matchesQuery,
  queryKey,
  queryParams,
} from './intakeQuery.ts';

/** `{p}/inbox-issues/` (api.md §10). */
export const intakePath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/inbox-issues/`;
/** One item, by its work item's id (as Plane addresses it). */
const itemPath = (slug: string, projectId: string, issueId: string) =>
  `${intakePath(slug, projectId)}${seg(issueId)}/`;

/** One list: item ids in the server's order, and what is known of the rest. */
interface IntakeList {
  slug: string;
  query: IntakeQuery;
  ids: string[];
  /** Ids this client put in (a submission, an item triaged into the tab), not the server's pages. */
  added: string[];
  /** The server's count, plus the ones added here. */
  total: number;
  hasMore: boolean;
  loaded: boolean;
  loading: boolean;
  /** The spec's init error when the first page could not load. */
  error: string | null;
  fetchedAt: number;
}

/** A project's filters and order (kept while the app is open; both tabs share them). */
interface IntakeSettings {
  filters: IntakeFilters;
  orderBy: IntakeOrdering;
}

/**
 * The message of a refusal: the field's own words for a validation error (`snoozed_till: The
 * snooze must end in the future`), else the server's message, else `fallback`.
 */
export function intakeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fields) {
    const first = Object.values(error.fields)[0];
    if (first) return first;
  }
  return errorMessage(error, fallback);
}

/**
 * The project intake (api.md §10): items keyed by their work item's id, one list per tab, filters
 * and order, paged ten at a time. Triage and edits show at once, move the item between the
 * loaded lists, and are undone (with a toast) when the server refuses them.
 */
export class IntakeStore {
  private readonly byId = observable.map<string, IntakeIssue>();
  private readonly lists = observable.map<string, IntakeList>();
  private readonly settings = observable.map<string, IntakeSettings>();
  /** Pending items per project (the sidebar's badge), as the server last counted them. */
  private readonly pending = observable.map<string, number>();
  /** Changes on their way to the server, laid over any page that answers meanwhile. */
  private readonly inflight = new Map<string, Partial<IntakeIssue>>();

  constructor() {
    makeAutoObservable<IntakeStore, 'byId' | 'lists' | 'settings' | 'pending' | 'inflight'>(
      this,
      { byId: false, lists: false, settings: false, pending: false, inflight: false },
      { autoBind: true },
    );
  }

  // ---- reading ----

  /** An item by its work item's id. */
  get(issueId: string): IntakeIssue | undefined {
    return this.byId.get(issueId);
  }

  /** The project's pending submissions, once counted (`refreshPending`). */
  pendingOf(projectId: string): number | undefined {
    return this.pending.get(projectId);
  }

  /** Counts the project's pending submissions again; a failure leaves the last count (it is a hint). */
  async refreshPending(slug: string, projectId: string): Promise<void> {
    try {
      const intakes = await api.get<Intake[]>(`${projectPath(slug, projectId)}/intakes/`);
      runInAction(() =>
        this.pending.set(
          projectId,
          intakes.reduce((sum, intake) => sum + intake.pending_issue_count, 0),
        ),
      );
    } catch {
      // Offline or no longer a member: the badge keeps its last count.
    }
  }

  settingsOf(projectId: string): IntakeSettings {
    return this.settings.get(projectId) ?? { filters: EMPTY_INTAKE_FILTERS, orderBy: DEFAULT_ORDER };
  }

  queryOf(projectId: string, tab: IntakeTab): IntakeQuery {
    const { filters, orderBy } = this.settingsOf(projectId);
    return { projectId, tab, filters, orderBy };
  }

  setFilters(projectId: string, filters: IntakeFilters): void {
    this.settings.set(projectId, { ...this.settingsOf(projectId), filters });
  }

  setOrder(projectId: string, orderBy: IntakeOrdering): void {
    this.settings.set(projectId, { ...this.settingsOf(projectId), orderBy });
  }

  private list(slug: string, query: IntakeQuery): IntakeList | undefined {
    return this.lists.get(queryKey(slug, query));
  }

  /** The list's loaded items that still belong to it. */
  listOf(slug: string, query: IntakeQuery): IntakeIssue[] {
    const now = new Date();
    return (this.list(slug, query)?.ids ?? [])
      .map((id) => this.byId.get(id))
      .filter((item): item is IntakeIssue => !!item && matchesQuery(item, query, now));
  }

  /** How many items the list has on the server, less those that left it here. */
  countOf(slug: string, query: IntakeQuery): number | null {
    const list = this.list(slug, query);
    if (!list?.loaded) return null;
    const now = new Date();
    const gone = list.ids.filter((id) => {
      const item = this.byId.get(id);
      return !item || !matchesQuery(item, query, now);
    }).length;
    return Math.max(0, list.total - gone);
  }

  isLoaded(slug: string, query: IntakeQuery): boolean {
    return !!this.list(slug, query)?.loaded;
  }

  isLoading(slug: string, query: IntakeQuery): boolean {
    return !!this.list(slug, query)?.loading;
  }

  hasMore(slug: string, query: IntakeQuery): boolean {
    return !!this.list(slug, query)?.hasMore;
  }

  errorOf(slug: string, query: IntakeQuery): string | null {
    return this.list(slug, query)?.error ?? null;
  }

  // ---- loading ----

  /** The list's first page, replacing what was loaded for it (a failure keeps it and says so). */
  fetchFirst(slug: string, query: IntakeQuery): Promise<void> {
    return this.fetchPage(slug, query, true);
  }

  /** The first page unless it loaded less than `maxAge` ms ago (the route's loader just did). */
  async refresh(slug: string, query: IntakeQuery, maxAge = 5_000): Promise<void> {
    const list = this.list(slug, query);
    if (list?.loading || (list?.loaded && !list.error && Date.now() - list.fetchedAt < maxAge)) return;
    await this.fetchPage(slug, query, true);
  }

  /** The next page, if there is one and none is on its way; a failure toasts the spec's text. */
  async loadMore(slug: string, query: IntakeQuery): Promise<void> {
    const list = this.list(slug, query);
    if (!list?.hasMore || list.loading) return;
    try {
      await this.fetchPage(slug, query, false);
    } catch {
      toast.error(INTAKE_ERRORS.pagination);
    }
  }

  private async fetchPage(slug: string, query: IntakeQuery, first: boolean): Promise<void> {
    const key = queryKey(slug, query);
    const before = this.lists.get(key);
    // Pages are offsets: start at the page holding the first item not yet here. Items that left
    // the list here (or joined it) shift the server's pages; the overlap is dropped below.
    const held = first ? 0 : this.listOf(slug, query).length;
    const page = Math.floor(held / INTAKE_PAGE_SIZE);
    this.lists.set(key, {
      slug,
      query,
      ids: before?.ids ?? [],
      added: before?.added ?? [],
      total: before?.total ?? 0,
      hasMore: before?.hasMore ?? false,
      loaded: before?.loaded ?? false,
      loading: true,
      error: before?.error ?? null,
      fetchedAt: before?.fetchedAt ?? 0,
    });
    try {
      const answer = await api.get<Paginated<IntakeIssue>>(
        `${intakePath(slug, query.projectId)}?${queryParams(query, page)}`,
      );
      runInAction(() => {
        for (const item of answer.results) this.store(item);
        const ids = answer.results.map((item) => item.issue.id);
        const current = this.lists.get(key);
        const kept = first ? [] : (current?.ids ?? []);
        const added = first ? [] : (current?.added ?? []);
        this.lists.set(key, {
          slug,
          query,
          ids: [...kept, ...ids.filter((id) => !kept.includes(id))],
          added,
          total: answer.total_results + added.length,
          hasMore: answer.next_page_results,
          loaded: true,
          loading: false,
          error: null,
          fetchedAt: Date.now(),
        });
      });
    } catch (error) {
      runInAction(() => {
        const now = this.lists.get(key);
        if (now)
          this.lists.set(key, { ...now, loading: false, error: first ? INTAKE_ERRORS.init : now.error });
      });
      throw error;
    }
  }

  /** One item (a link to one not on the loaded pages), by its work item's id. */
  async fetchItem(slug: string, projectId: string, issueId: string): Promise<IntakeIssue> {
    const item = await api.get<IntakeIssue>(`${itemPath(slug, projectId, issueId)}?expand=issue_inbox`);
    runInAction(() => this.store(item));
    return this.byId.get(item.issue.id) ?? item;
  }

  /** Keeps a server answer, with any change still on its way laid over it. */
  private store(item: IntakeIssue): void {
    const pending = this.inflight.get(item.issue.id);
    this.byId.set(item.issue.id, pending ? merge(item, pending) : item);
  }

  // ---- changes ----

  /**
   * Keeps an item after a local change and moves it between the project's loaded lists: it joins
   * (at the top) those it now matches, and leaves those it had joined here and no longer matches.
   * Lists that had it from the server keep its place, so an undone change puts it back there.
   */
  private put(item: IntakeIssue): void {
    this.byId.set(item.issue.id, item);
    const now = new Date();
    for (const [key, list] of this.lists) {
      if (!list.loaded || list.query.projectId !== item.issue.project_id) continue;
      const id = item.issue.id;
      const matches = matchesQuery(item, list.query, now);
      const present = list.ids.includes(id);
      if (matches && !present) {
        this.lists.set(key, {
          ...list,
          ids: [id, ...list.ids],
          added: [...list.added, id],
          total: list.total + 1,
        });
      } else if (!matches && list.added.includes(id)) {
        this.lists.set(key, {
          ...list,
          ids: list.ids.filter((x) => x !== id),
          added: list.added.filter((x) => x !== id),
          total: Math.max(0, list.total - 1),
        });
      }
    }
  }

  /** A submission (any project member, guests too): pending, at the top of the Open tab. */
  async create(slug: string, projectId: string, issue: CreateIntakeIssueBody['issue']): Promise<IntakeIssue> {
    const item = await api.post<IntakeIssue>(intakePath(slug, projectId), { source: 'IN_APP', issue });
    runInAction(() => this.put(item));
    void this.refreshPending(slug, projectId);
    return item;
  }

  /**
   * Shows `change` at once and sends `body`; the server's answer replaces it. A refusal puts the
   * changed fields back (leaving anything newer), toasts why, and resolves false.
   */
  private async change(
    slug: string,
    issueId: string,
    change: Partial<IntakeIssue>,
    body: UpdateIntakeIssueBody,
    failure: string,
  ): Promise<boolean> {
    const before = this.byId.get(issueId);
    if (!before) return false;
    const projectId = before.issue.project_id;
    this.inflight.set(issueId, { ...this.inflight.get(issueId), ...change });
    this.put(merge(before, change));
    try {
      const answer = await api.patch<IntakeIssue>(itemPath(slug, projectId, issueId), body);
      runInAction(() => {
        this.inflight.delete(issueId);
        this.put(answer);
      });
      void this.refreshPending(slug, projectId);
      return true;
    } catch (error) {
      runInAction(() => {
        this.inflight.delete(issueId);
        const now = this.byId.get(issueId);
        if (now) this.put(undo(now, before, change));
      });
      toast.error(intakeErrorMessage(error, failure));
      return false;
    }
  }

  /** Accept: the work item joins the project's lists in its default state. */
  accept(slug: string, issueId: string): Promise<boolean> {
    return this.change(
      slug,
      issueId,
      { status: INTAKE_STATUS.ACCEPTED, snoozed_till: null },
      { status: INTAKE_STATUS.ACCEPTED },
      'The work item could not be accepted',
    );
  }

  decline(slug: string, issueId: string): Promise<boolean> {
    return this.change(
      slug,
      issueId,
      { status: INTAKE_STATUS.DECLINED, snoozed_till: null },
      { status: INTAKE_STATUS.DECLINED },
      'The work item could not be declined',
    );
  }

  /** Snoozes until `until` (the item comes back to pending then); null ends the snooze now. */
  snooze(slug: string, issueId: string, until: Date | null): Promise<boolean> {
    if (!until)
      return this.change(
        slug,
        issueId,
        { status: INTAKE_STATUS.PENDING, snoozed_till: null },
        { snoozed_till: null },
        'The work item could not be unsnoozed',
      );
    const snoozed_till = until.toISOString();
    return this.change(
      slug,
      issueId,
      { status: INTAKE_STATUS.SNOOZED, snoozed_till },
      { status: INTAKE_STATUS.SNOOZED, snoozed_till },
      'The work item could not be snoozed',
    );
  }

  /** Marks the item a duplicate of `original`, a work item of the same project. */
  markDuplicate(
    slug: string,
    issueId: string,
    original: { id: string; name: string; sequence_id: number; project_id: string },
  ): Promise<boolean> {
    return this.change(
      slug,
      issueId,
      {
        status: INTAKE_STATUS.DUPLICATE,
        snoozed_till: null,
        duplicate_to: original.id,
        duplicate_issue_detail: {
          id: original.id,
          name: original.name,
          sequence_id: original.sequence_id,
          project_id: original.project_id,
        },
      },
      { status: INTAKE_STATUS.DUPLICATE, duplicate_to: original.id },
      'The work item could not be marked as a duplicate',
    );
  }

  /** The work item's own fields (name, description, priority, assignees, labels). */
  updateIssue(slug: string, issueId: string, patch: IntakeWorkItemBody): Promise<boolean> {
    const before = this.byId.get(issueId);
    if (!before) return Promise.resolve(false);
    return this.change(
      slug,
      issueId,
      { issue: { ...before.issue, ...(patch as Partial<IntakeIssue['issue']>) } },
      { issue: patch },
      'The work item could not be updated',
    );
  }

  /** Deletes the item (its work item too, unless accepted); it is back, with a toast, if refused. */
  async remove(slug: string, issueId: string): Promise<boolean> {
    const before = this.byId.get(issueId);
    if (!before) return false;
    this.byId.delete(issueId);
    try {
      await api.delete(itemPath(slug, before.issue.project_id, issueId));
      runInAction(() => {
        for (const [key, list] of this.lists) {
          if (!list.ids.includes(issueId)) continue;
          this.lists.set(key, {
            ...list,
            ids: list.ids.filter((id) => id !== issueId),
            added: list.added.filter((id) => id !== issueId),
            total: Math.max(0, list.total - 1),
          });
        }
      });
      void this.refreshPending(slug, before.issue.project_id);
      return true;
    } catch (error) {
      runInAction(() => {
        if (!this.byId.has(issueId)) this.byId.set(issueId, before);
      });
      toast.error(intakeErrorMessage(error, 'The intake item could not be deleted'));
      return false;
    }
  }

  reset(): void {
    this.byId.clear();
    this.lists.clear();
    this.settings.clear();
    this.pending.clear();
    this.inflight.clear();
  }
}

/** An item with a change laid over it (the work item's fields merged, not replaced). */
function merge(item: IntakeIssue, change: Partial<IntakeIssue>): IntakeIssue {
  return { ...item, ...change, issue: change.issue ? { ...item.issue, ...change.issue } : item.issue };
}

/** `now` with the fields `change` set put back as they were in `before`. */
function undo(now: IntakeIssue, before: IntakeIssue, change: Partial<IntakeIssue>): IntakeIssue {
  const back: Record<string, unknown> = {};
  for (const key of Object.keys(change) as (keyof IntakeIssue)[]) {
    if (key === 'issue') continue;
    back[key] = before[key];
  }
  const issueKeys = change.issue
    ? (Object.keys(change.issue) as (keyof IntakeIssue['issue'])[]).filter(
        (k) => change.issue?.[k] !== before.issue[k],
      )
    : [];
  const issue = { ...now.issue };
  for (const k of issueKeys) (issue as Record<string, unknown>)[k] = before.issue[k];
  return { ...now, ...(back as Partial<IntakeIssue>), issue };
}
