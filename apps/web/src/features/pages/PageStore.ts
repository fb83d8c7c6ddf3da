import {
  type CreatePageBody,
  PAGE_ACCESS,
  type Page,
  type PageAccess,
  type PageDetail,
  type PagesSummary,
} from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { ApiError, api, seg } from '../../lib/api.ts';
import { toast, toastError } from '../../ui/toast.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** The list's tabs (spec §2): public and private live pages, and the archived ones. */
export type PageTab = 'public' | 'private' | 'archived';
export const PAGE_TABS: readonly PageTab[] = ['public', 'private', 'archived'];
export const isPageTab = (value: unknown): value is PageTab =>
  typeof value === 'string' && (PAGE_TABS as readonly string[]).includes(value);

/** The list's orders; `updated` (last modified first) is the default (spec §9). */
export type PageSort = 'updated' | 'name' | 'created';

/** The spec's failure toasts (§8: title "Failed"). */
export const PAGE_ERRORS = {
  list: 'Failed to fetch the pages, Please try again later.',
  one: 'Failed to fetch the page, Please try again later.',
  create: 'Failed to create a page, Please try again later.',
  remove: 'Failed to delete a page, Please try again later.',
} as const;

export function toastFailed(message: string): void {
  toast.error('Failed', { description: message });
}

export const pagesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/pages/`;
export const pagePath = (slug: string, projectId: string, pageId: string) =>
  `${pagesPath(slug, projectId)}${seg(pageId)}/`;

/** What narrows a tab's list: a part of the name (any case), and the caller's favorites only. */
export interface PageFilter {
  search?: string;
  favoritesOnly?: boolean;
}

/** The pages of one tab that pass `filter`, in the chosen order. */
export function sortPages(
  pages: readonly Page[],
  tab: PageTab,
  sort: PageSort,
  { search = '', favoritesOnly = false }: PageFilter = {},
): Page[] {
  const needle = search.trim().toLowerCase();
  const inTab = (p: Page) =>
    tab === 'archived'
      ? p.archived_at !== null
      : p.archived_at === null && p.access === (tab === 'private' ? PAGE_ACCESS.PRIVATE : PAGE_ACCESS.PUBLIC);
  const by: Record<PageSort, (a: Page, b: Page) => number> = {
    updated: (a, b) => b.updated_at.localeCompare(a.updated_at),
    created: (a, b) => b.created_at.localeCompare(a.created_at),
    name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  };
  return pages
    .filter(
      (p) =>
        inTab(p) && (!favoritesOnly || p.is_favorite) && (!needle || p.name.toLowerCase().includes(needle)),
    )
    .sort((a, b) => by[sort](a, b) || a.id.localeCompare(b.id));
}

type ListStatus = 'loading' | 'ready' | 'error';

/**
 * Pages (api.md §9): every loaded page once, by id, with each project's list status and summary.
 * Favorite, lock, access, archive and full-width changes show at once and are rolled back, with
 * a toast, when the server refuses them. Lives beside the pages screens only (see `pageStoreOf`),
 * so the board's bundle does not carry it.
 */
export class PageStore {
  private readonly pages = observable.map<string, Page>();
  private readonly statuses = observable.map<string, ListStatus>();
  private readonly summaries = observable.map<string, PagesSummary>();
  /** Pages opened by id that the caller cannot see (or that do not exist). */
  private readonly missing = observable.set<string>();

  constructor() {
    makeAutoObservable<PageStore, 'pages' | 'statuses' | 'summaries' | 'missing'>(
      this,
      { pages: false, statuses: false, summaries: false, missing: false },
      { autoBind: true },
    );
  }

  get(id: string): Page | undefined {
    return this.pages.get(id);
  }

  isMissing(id: string): boolean {
    return this.missing.has(id);
  }

  listStatus(projectId: string): ListStatus | undefined {
    return this.statuses.get(projectId);
  }

  pagesOf(projectId: string): Page[] {
    return [...this.pages.values()].filter((p) => p.project_ids.includes(projectId));
  }

  /** The tab counts: the server's summary, else what is loaded. */
  countsOf(projectId: string): Record<PageTab, number> {
    const summary = this.summaries.get(projectId);
    if (summary)
      return {
        public: summary.public_pages,
        private: summary.private_pages,
        archived: summary.archived_pages,
      };
    const all = this.pagesOf(projectId);
    return {
      public: sortPages(all, 'public', 'updated').length,
      private: sortPages(all, 'private', 'updated').length,
      archived: sortPages(all, 'archived', 'updated').length,
    };
  }

  private put(page: Page): void {
    const before = this.pages.get(page.id);
    // A list row (no description) must not drop the detail's description.
    this.pages.set(page.id, before && 'description_html' in before ? { ...before, ...page } : page);
    this.missing.delete(page.id);
  }

  /** The live and archived lists and the summary, together; a failure toasts and shows a retry. */
  async fetchList(slug: string, projectId: string): Promise<void> {
    if (this.statuses.get(projectId) !== 'ready') this.statuses.set(projectId, 'loading');
    try {
      const base = projectPath(slug, projectId);
      const [live, archived, summary] = await Promise.all([
        api.get<Page[]>(`${base}/pages/`),
        api.get<Page[]>(`${base}/archived-pages/`),
        api.get<PagesSummary>(`${base}/pages-summary/`),
      ]);
      runInAction(() => {
        for (const page of this.pagesOf(projectId)) this.pages.delete(page.id);
        for (const page of [...live, ...archived]) this.put(page);
        this.summaries.set(projectId, summary);
        this.statuses.set(projectId, 'ready');
      });
    } catch (error) {
      runInAction(() => this.statuses.set(projectId, 'error'));
      toastFailed(PAGE_ERRORS.list);
      throw error;
    }
  }

  /** Reads the summary again after a change (its counts are the server's). */
  private refreshSummary(slug: string, projectId: string): void {
    void api
      .get<PagesSummary>(`${projectPath(slug, projectId)}/pages-summary/`)
      .then((summary) => runInAction(() => this.summaries.set(projectId, summary)))
      .catch(() => undefined);
  }

  /** One page with its description; a page the caller cannot see is remembered as missing. */
  async fetchPage(slug: string, projectId: string, pageId: string): Promise<PageDetail | undefined> {
    try {
      const page = await api.get<PageDetail>(pagePath(slug, projectId, pageId));
      runInAction(() => this.put(page));
      return page;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        runInAction(() => {
          this.pages.delete(pageId);
          this.missing.add(pageId);
        });
        return undefined;
      }
      toastFailed(PAGE_ERRORS.one);
      throw error;
    }
  }

  async create(slug: string, projectId: string, body: CreatePageBody = {}): Promise<Page | undefined> {
    try {
      const page = await api.post<Page>(pagesPath(slug, projectId), body);
      runInAction(() => this.put(page));
      this.refreshSummary(slug, projectId);
      return page;
    } catch {
      toastFailed(PAGE_ERRORS.create);
      return undefined;
    }
  }

  async duplicate(slug: string, projectId: string, pageId: string): Promise<Page | undefined> {
    try {
      const page = await api.post<Page>(`${pagePath(slug, projectId, pageId)}duplicate/`);
      runInAction(() => this.put(page));
      this.refreshSummary(slug, projectId);
      return page;
    } catch (error) {
      toastError(error, 'The page could not be duplicated');
      return undefined;
    }
  }

  async remove(slug: string, projectId: string, pageId: string): Promise<boolean> {
    try {
      await api.delete(pagePath(slug, projectId, pageId));
      runInAction(() => this.pages.delete(pageId));
      this.refreshSummary(slug, projectId);
      return true;
    } catch {
      toastFailed(PAGE_ERRORS.remove);
      return false;
    }
  }

  /**
   * Shows `change` at once and runs `write`; a refusal puts the fields back as they were (unless
   * something newer replaced them), toasts `failure` (the server's message first), and resolves false.
   */
  private async optimistic(
    pageId: string,
    change: Partial<Page>,
    write: () => Promise<unknown>,
    failure: string,
  ): Promise<boolean> {
    const before = this.pages.get(pageId);
    if (!before) return false;
    const undo = Object.fromEntries(Object.keys(change).map((k) => [k, before[k as keyof Page]]));
    runInAction(() => this.put({ ...before, ...change }));
    try {
      const answer = await write();
      if (answer && typeof answer === 'object' && 'id' in answer) runInAction(() => this.put(answer as Page));
      return true;
    } catch (error) {
      runInAction(() => {
        const now = this.pages.get(pageId);
        if (now) this.put({ ...now, ...undo });
      });
      toastError(error, failure);
      return false;
    }
  }

  /** The title; the caller keeps its own draft and puts it back on failure. */
  rename(slug: string, projectId: string, pageId: string, name: string): Promise<boolean> {
    return this.optimistic(
      pageId,
      { name },
      () => api.patch<Page>(pagePath(slug, projectId, pageId), { name }),
      'The title could not be saved',
    );
  }

  setFullWidth(slug: string, projectId: string, pageId: string, fullWidth: boolean): Promise<boolean> {
    const page = this.pages.get(pageId);
    return this.optimistic(
      pageId,
      { view_props: { ...(page?.view_props ?? {}), full_width: fullWidth } },
      () => api.patch<Page>(pagePath(slug, projectId, pageId), { view_props: { full_width: fullWidth } }),
      'The page width could not be saved',
    );
  }

  toggleFavorite(slug: string, projectId: string, pageId: string): Promise<boolean> {
    const next = !this.pages.get(pageId)?.is_favorite;
    const path = `${projectPath(slug, projectId)}/favorite-pages/${seg(pageId)}/`;
    return this.optimistic(
      pageId,
      { is_favorite: next },
      async () => {
        if (next) await api.post(path);
        else await api.delete(path);
      },
      'The favorite could not be saved',
    );
  }

  setLocked(slug: string, projectId: string, pageId: string, locked: boolean): Promise<boolean> {
    const path = `${pagePath(slug, projectId, pageId)}lock/`;
    return this.optimistic(
      pageId,
      { is_locked: locked },
      async () => {
        if (locked) await api.post(path);
        else await api.delete(path);
      },
      locked ? 'The page could not be locked' : 'The page could not be unlocked',
    );
  }

  async setAccess(slug: string, projectId: string, pageId: string, access: PageAccess): Promise<boolean> {
    const ok = await this.optimistic(
      pageId,
      { access },
      () => api.post<Page>(`${pagePath(slug, projectId, pageId)}access/`, { access }),
      'The page’s access could not be changed',
    );
    if (ok) this.refreshSummary(slug, projectId);
    return ok;
  }

  async setArchived(slug: string, projectId: string, pageId: string, archived: boolean): Promise<boolean> {
    const path = `${pagePath(slug, projectId, pageId)}archive/`;
    const ok = await this.optimistic(
      pageId,
      { archived_at: archived ? new Date().toISOString() : null },
      async () => {
        if (!archived) return api.delete(path);
        const answer = await api.post<{ archived_at: string }>(path);
        runInAction(() => {
          const now = this.pages.get(pageId);
          if (now && answer?.archived_at) this.put({ ...now, archived_at: answer.archived_at });
        });
      },
      archived ? 'The page could not be archived' : 'The page could not be restored',
    );
    if (ok) this.refreshSummary(slug, projectId);
    return ok;
  }

  reset(): void {
    this.pages.clear();
    this.statuses.clear();
    this.summaries.clear();
    this.missing.clear();
  }
}
