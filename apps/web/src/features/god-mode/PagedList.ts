import type { Paginated } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, errorMessage } from '../../lib/api.ts';

export const PAGE_SIZE = 25;

/**
 * One of the console's lists (users, workspaces, audit log): the rows read so far for the
 * current search, the cursor of the next page and the state of the last request. An answer to
 * an older search is dropped.
 */
export class PagedList<T extends { id: string }> {
  items: T[] = [];
  total = 0;
  search = '';
  nextCursor: string | null = null;
  loaded = false;
  loading = false;
  error: string | null = null;
  private generation = 0;

  constructor(
    private readonly path: string,
    private readonly perPage = PAGE_SIZE,
  ) {
    makeAutoObservable<PagedList<T>, 'generation' | 'path' | 'perPage'>(
      this,
      { generation: false, path: false, perPage: false },
      { autoBind: true },
    );
  }

  get hasMore(): boolean {
    return this.nextCursor !== null;
  }

  private url(cursor: string | null): string {
    const params = new URLSearchParams({ per_page: String(this.perPage) });
    if (this.search.trim()) params.set('search', this.search.trim());
    if (cursor) params.set('cursor', cursor);
    return `${this.path}?${params.toString()}`;
  }

  /** The first page for `search` (the current one when omitted). */
  async load(search = this.search): Promise<void> {
    const generation = ++this.generation;
    this.search = search;
    this.loading = true;
    this.error = null;
    try {
      const page = await api.get<Paginated<T>>(this.url(null));
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = page.results;
        this.total = page.total_count;
        this.nextCursor = page.next_page_results ? page.next_cursor : null;
        this.loaded = true;
      });
    } catch (error) {
      if (generation === this.generation)
        runInAction(() => {
          this.error = errorMessage(error, 'The list could not be loaded');
        });
    } finally {
      if (generation === this.generation)
        runInAction(() => {
          this.loading = false;
        });
    }
  }

  /** The page after the rows read so far. */
  async loadMore(): Promise<void> {
    if (!this.nextCursor || this.loading) return;
    const generation = this.generation;
    this.loading = true;
    this.error = null;
    try {
      const page = await api.get<Paginated<T>>(this.url(this.nextCursor));
      if (generation !== this.generation) return;
      runInAction(() => {
        const seen = new Set(this.items.map((item) => item.id));
        this.items = [...this.items, ...page.results.filter((item) => !seen.has(item.id))];
        this.total = page.total_count;
        this.nextCursor = page.next_page_results ? page.next_cursor : null;
      });
    } catch (error) {
      if (generation === this.generation)
        runInAction(() => {
          this.error = errorMessage(error, 'More rows could not be loaded');
        });
    } finally {
      if (generation === this.generation)
        runInAction(() => {
          this.loading = false;
        });
    }
  }

  /** Replaces one row (after an update), keeping its place. */
  replace(item: T): void {
    this.items = this.items.map((row) => (row.id === item.id ? item : row));
  }

  /** Puts a new row first (after a create). */
  prepend(item: T): void {
    this.items = [item, ...this.items.filter((row) => row.id !== item.id)];
    this.total += 1;
  }
}
