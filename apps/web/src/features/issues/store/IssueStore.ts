import type {
  CreateIssueBody,
  IssueDetail,
  IssueDetailExpanded,
  IssueExpansion,
  IssueExpansions,
  IssueRow,
  UpdateIssueBody,
} from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../../lib/api.ts';
import { projectPath } from '../../projects/ProjectStore.ts';

/**
 * A work item as the client keeps it: the list row, the detail fields once fetched, and
 * `tempId` while a quick-added item waits for the server (its `id` is then the tempId).
 */
export type Issue = IssueRow & Partial<Omit<IssueDetail, keyof IssueRow>> & { tempId?: string };

/** What happened to an issue; list stores listen to move, add and drop ids. */
export type IssueChange =
  /** Fields changed, or the issue is new (`before` undefined): optimistic edits, rollbacks, server answers. */
  | { type: 'upsert'; before: Issue | undefined; after: Issue }
  /** A temporary issue became the created one. */
  | { type: 'replace'; tempId: string; issue: Issue }
  | { type: 'remove'; issue: Issue };

export type IssueListener = (change: IssueChange) => void;

/** What the store needs from the rest of the app (wired by RootStore; tests pass their own). */
export interface IssueStoreDeps {
  /** The group of a state, to keep `state__group` right on optimistic state changes. */
  stateGroupOf?: (projectId: string, stateId: string) => string | undefined;
  /** The project's default state, for temporary issues created without one. */
  defaultStateOf?: (projectId: string) => string | undefined;
  /** The signed-in user, as `created_by` of temporary issues. */
  currentUserId?: () => string | undefined;
}

/** `{p}/issues/{id}/` */
export const issuePath = (slug: string, projectId: string, issueId: string) =>
  `${projectPath(slug, projectId)}/issues/${seg(issueId)}/`;

/** `{p}/issue-drafts/{id}/`: a draft is read and written only here (api.md §5.15). */
export const draftPath = (slug: string, projectId: string, issueId: string) =>
  `${projectPath(slug, projectId)}/issue-drafts/${seg(issueId)}/`;

/** Where an item is written: drafts have their own endpoint. */
const itemPath = (slug: string, projectId: string, issue: Issue | undefined, issueId: string) =>
  issue?.is_draft ? draftPath(slug, projectId, issueId) : issuePath(slug, projectId, issueId);

let tempCounter = 0;
/** A client-only id for a quick-added issue. */
export function newTempId(): string {
  tempCounter += 1;
  return `temp-${Date.now().toString(36)}-${tempCounter}`;
}

/** Whether `issue` already has every field of `row` (arrays of ids compared item by item). */
function holdsRow(issue: Issue, row: IssueRow | IssueDetail): boolean {
  const held = issue as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(row)) {
    const current = held[key];
    if (current === value) continue;
    if (!Array.isArray(current) || !Array.isArray(value) || current.length !== value.length) return false;
    if (current.some((item, i) => item !== value[i])) return false;
  }
  return true;
}

/**
 * Every work item the client knows, once each, by id (spec §3). Writes are optimistic and
 * roll back on failure (spec §4); every change is announced to the list stores.
 */
export class IssueStore {
  /** Shallow: an issue object is replaced as a whole on every change. */
  private readonly issues = observable.map<string, Issue>(undefined, { deep: false });
  private readonly listeners = new Set<IssueListener>();
  /** Writes of this client still waiting for their answer, per issue id. */
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly deps: IssueStoreDeps = {}) {
    makeAutoObservable<IssueStore, 'issues' | 'listeners' | 'deps' | 'inFlight'>(
      this,
      { issues: false, listeners: false, deps: false, inFlight: false },
      { autoBind: true },
    );
  }

  get(id: string): Issue | undefined {
    return this.issues.get(id);
  }

  has(id: string): boolean {
    return this.issues.has(id);
  }

  /** Every issue the client knows (the command palette's instant matches read them). */
  values(): IterableIterator<Issue> {
    return this.issues.values();
  }

  get size(): number {
    return this.issues.size;
  }

  /** Listens to every change; returns the unsubscribe function. */
  subscribe(listener: IssueListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: IssueChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private put(after: Issue): void {
    const before = this.issues.get(after.id);
    this.issues.set(after.id, after);
    this.emit({ type: 'upsert', before, after });
  }

  /**
   * Rows from a list or another read. Known issues keep their detail fields; a change is
   * announced only when the row differs (so list refreshes do not shuffle other lists).
   */
  upsertMany(rows: readonly (IssueRow | IssueDetail)[]): void {
    for (const row of rows) {
      const before = this.issues.get(row.id);
      if (!before) {
        this.issues.set(row.id, row);
        continue;
      }
      // A refetched list repeats rows the store already has: keeping the object keeps every
      // card that shows it from rendering again.
      if (holdsRow(before, row)) continue;
      const after: Issue = { ...before, ...row };
      this.issues.set(row.id, after);
      if (before.updated_at !== after.updated_at || before.sort_order !== after.sort_order)
        this.emit({ type: 'upsert', before, after });
    }
  }

  /**
   * A change committed elsewhere (another tab, user or node: live events, api.md §16.1). Skipped
   * while this client has a write of the item in flight (its answer, and that write's own event,
   * bring the outcome) and when the store already holds a version as new; otherwise it replaces the
   * row's fields like a list refresh and every list follows.
   */
  applyRemote(row: IssueRow): void {
    if (this.inFlight.has(row.id)) return;
    const before = this.issues.get(row.id);
    if (before && (before.updated_at > row.updated_at || holdsRow(before, row))) return;
    this.put({ ...before, ...row });
  }

  /** An item deleted elsewhere leaves every list (unless this client is still writing it). */
  removeRemote(issueId: string): void {
    const issue = this.issues.get(issueId);
    if (!issue || this.inFlight.has(issueId)) return;
    this.issues.delete(issueId);
    this.emit({ type: 'remove', issue });
  }

  /** Runs one of this client's writes of an item, marked in flight until it is answered. */
  private async writing<T>(issueId: string, write: () => Promise<T>): Promise<T> {
    this.inFlight.set(issueId, (this.inFlight.get(issueId) ?? 0) + 1);
    try {
      return await write();
    } finally {
      const left = (this.inFlight.get(issueId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(issueId, left);
      else this.inFlight.delete(issueId);
    }
  }

  /**
   * GET `{p}/issues/{id}/?expand=…`: the item goes into the store without its expansions,
   * which are answered to the caller (the detail seeds its collections from them).
   */
  async fetchDetail(
    slug: string,
    projectId: string,
    issueId: string,
    expand: readonly IssueExpansion[] = [],
  ): Promise<IssueExpansions> {
    const query = expand.length > 0 ? `?expand=${encodeURIComponent(expand.join(','))}` : '';
    const answer = await api.get<IssueDetailExpanded | undefined>(
      `${issuePath(slug, projectId, issueId)}${query}`,
    );
    if (!answer) throw new Error('Issue not found');
    const {
      issue_reactions,
      issue_attachment,
      issue_attachments,
      issue_link,
      parent,
      issue_relation,
      issue_related,
      state,
      labels,
      assignees,
      ...detail
    } = answer;
    const before = this.issues.get(issueId);
    const after: Issue = { ...before, ...detail };
    runInAction(() => this.put(after));
    return {
      issue_reactions,
      issue_attachment,
      issue_attachments,
      issue_link,
      parent,
      issue_relation,
      issue_related,
      state,
      labels,
      assignees,
    };
  }

  /** The optimistic form of a patch: `state__group` follows `state_id`. */
  private patched(before: Issue, patch: UpdateIssueBody): Issue {
    const after: Issue = { ...before, ...(patch as Partial<Issue>) };
    if (patch.state_id && patch.state_id !== before.state_id) {
      const group = this.deps.stateGroupOf?.(before.project_id, patch.state_id);
      if (group) after.state__group = group;
    }
    return after;
  }

  /**
   * PATCH an issue: applied at once; if the server refuses, each patched field that still
   * holds the optimistic value goes back, and the error is rethrown.
   */
  async update(slug: string, projectId: string, issueId: string, patch: UpdateIssueBody): Promise<Issue> {
    const before = this.issues.get(issueId);
    if (!before) throw new Error('Issue not found');
    const optimistic = this.patched(before, patch);
    this.put(optimistic);
    try {
      // A draft is patched at its own path; `is_draft: false` there publishes it.
      const saved = await this.writing(issueId, () =>
        api.patch<IssueDetail>(itemPath(slug, projectId, before, issueId), patch),
      );
      const after: Issue = { ...(this.issues.get(issueId) ?? optimistic), ...saved };
      runInAction(() => this.put(after));
      return after;
    } catch (error) {
      runInAction(() => this.rollback(issueId, before, optimistic));
      throw error;
    }
  }

  private rollback(issueId: string, before: Issue, optimistic: Issue): void {
    const current = this.issues.get(issueId);
    if (!current) return;
    const reverted: Record<string, unknown> = { ...current };
    const cur = current as unknown as Record<string, unknown>;
    const opt = optimistic as unknown as Record<string, unknown>;
    const old = before as unknown as Record<string, unknown>;
    for (const key of Object.keys(opt)) {
      if (opt[key] !== old[key] && cur[key] === opt[key]) reverted[key] = old[key];
    }
    this.put(reverted as unknown as Issue);
  }

  /**
   * POST `{p}/issues/` (`{p}/issue-drafts/` for a draft). With `tempId`, a temporary issue
   * (id = tempId) is shown at once and replaced by the created one; on failure it disappears and
   * the error is rethrown.
   * `optimistic` fills fields the temporary issue should show (e.g. sort_order).
   */
  async create(
    slug: string,
    projectId: string,
    body: CreateIssueBody,
    options: { tempId?: string; optimistic?: Partial<IssueRow> } = {},
  ): Promise<Issue> {
    const { tempId } = options;
    if (tempId) runInAction(() => this.put(this.temporary(projectId, body, tempId, options.optimistic)));
    try {
      const collection = body.is_draft ? 'issue-drafts' : 'issues';
      const created = await api.post<IssueDetail>(`${projectPath(slug, projectId)}/${collection}/`, body);
      runInAction(() => {
        if (tempId && this.issues.has(tempId)) {
          this.issues.delete(tempId);
          this.issues.set(created.id, created);
          this.emit({ type: 'replace', tempId, issue: created });
          // Lists that had no temporary issue (or whose group the server changed) catch up here.
          this.emit({ type: 'upsert', before: undefined, after: created });
        } else {
          this.put(created);
        }
      });
      return created;
    } catch (error) {
      runInAction(() => {
        const temp = tempId ? this.issues.get(tempId) : undefined;
        if (temp && tempId) {
          this.issues.delete(tempId);
          this.emit({ type: 'remove', issue: temp });
        }
      });
      throw error;
    }
  }

  private temporary(
    projectId: string,
    body: CreateIssueBody,
    tempId: string,
    extra: Partial<IssueRow> = {},
  ): Issue {
    const now = new Date().toISOString();
    const stateId = body.state_id ?? this.deps.defaultStateOf?.(projectId) ?? '';
    return {
      id: tempId,
      tempId,
      name: body.name,
      sequence_id: 0,
      state_id: stateId,
      state__group: this.deps.stateGroupOf?.(projectId, stateId) ?? 'backlog',
      priority: body.priority ?? 'none',
      sort_order: body.sort_order ?? 0,
      estimate_point: body.estimate_point ?? null,
      start_date: body.start_date ?? null,
      target_date: body.target_date ?? null,
      completed_at: null,
      archived_at: null,
      project_id: projectId,
      parent_id: body.parent_id ?? null,
      cycle_id: null,
      module_ids: [],
      label_ids: body.label_ids ?? [],
      assignee_ids: body.assignee_ids ?? [],
      sub_issues_count: 0,
      attachment_count: 0,
      link_count: 0,
      is_draft: body.is_draft ?? false,
      created_at: now,
      updated_at: now,
      created_by: this.deps.currentUserId?.() ?? null,
      updated_by: null,
      ...extra,
    };
  }

  /** DELETE: gone from every list at once, back if the server refuses. */
  async remove(slug: string, projectId: string, issueId: string): Promise<void> {
    const issue = this.issues.get(issueId);
    if (issue) {
      this.issues.delete(issueId);
      this.emit({ type: 'remove', issue });
    }
    try {
      await this.writing(issueId, () => api.delete(itemPath(slug, projectId, issue, issueId)));
    } catch (error) {
      runInAction(() => {
        if (issue) this.put(issue);
      });
      throw error;
    }
  }

  /** POST `{i}/archive/`: archived_at set (lists drop the issue); restored locally on failure. */
  async archive(slug: string, projectId: string, issueId: string): Promise<void> {
    const before = this.issues.get(issueId);
    const optimistic = before ? { ...before, archived_at: new Date().toISOString() } : undefined;
    if (optimistic) this.put(optimistic);
    try {
      const answer = await this.writing(issueId, () =>
        api.post<{ archived_at: string }>(`${issuePath(slug, projectId, issueId)}archive/`),
      );
      runInAction(() => {
        const current = this.issues.get(issueId);
        if (current) this.put({ ...current, archived_at: answer.archived_at });
      });
    } catch (error) {
      runInAction(() => {
        if (before && optimistic) this.rollback(issueId, before, optimistic);
      });
      throw error;
    }
  }

  /** DELETE `{i}/archive/`: archived_at back to null. */
  async restore(slug: string, projectId: string, issueId: string): Promise<void> {
    const before = this.issues.get(issueId);
    const optimistic = before ? { ...before, archived_at: null } : undefined;
    if (optimistic) this.put(optimistic);
    try {
      await this.writing(issueId, () => api.delete(`${issuePath(slug, projectId, issueId)}archive/`));
    } catch (error) {
      runInAction(() => {
        if (before && optimistic) this.rollback(issueId, before, optimistic);
      });
      throw error;
    }
  }

  reset(): void {
    this.issues.clear();
  }
}
