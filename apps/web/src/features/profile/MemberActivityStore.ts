import type { UserActivity, UserActivityPage } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, errorMessage, seg } from '../../lib/api.ts';
import { saveTextFile } from '../../lib/download.ts';

const PER_PAGE = 30;

/** One member's activity on their profile (`{ws}/user-activity/{userId}/`), paged with "Load more". */
export class MemberActivityStore {
  items: UserActivity[] = [];
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  /** The cursor of the next page, or null when there is none. */
  nextCursor: string | null = null;
  loadingMore = false;
  exporting = false;
  private seq = 0;

  constructor(
    readonly slug: string,
    readonly userId: string,
  ) {
    makeAutoObservable<MemberActivityStore, 'seq'>(
      this,
      { slug: false, userId: false, seq: false },
      { autoBind: true },
    );
  }

  private get path(): string {
    return `/api/workspaces/${seg(this.slug)}/user-activity/${seg(this.userId)}/`;
  }

  /** The first page (again, after an error). */
  async fetch(): Promise<void> {
    const seq = ++this.seq;
    this.status = 'loading';
    this.error = null;
    try {
      const page = await api.get<UserActivityPage>(`${this.path}?per_page=${PER_PAGE}`);
      runInAction(() => {
        if (seq !== this.seq) return;
        this.items = page.results;
        this.nextCursor = page.next_page_results ? page.next_cursor : null;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (seq !== this.seq) return;
        this.status = 'error';
        this.error = errorMessage(error, 'Failed to load activity');
      });
    }
  }

  /** The next page, appended; a failure leaves what is shown and says so. */
  async loadMore(): Promise<void> {
    if (!this.nextCursor || this.loadingMore) return;
    const seq = this.seq;
    this.loadingMore = true;
    this.error = null;
    try {
      const page = await api.get<UserActivityPage>(
        `${this.path}?cursor=${encodeURIComponent(this.nextCursor)}`,
      );
      runInAction(() => {
        if (seq !== this.seq) return;
        const seen = new Set(this.items.map((a) => a.id));
        this.items.push(...page.results.filter((a) => !seen.has(a.id)));
        this.nextCursor = page.next_page_results ? page.next_cursor : null;
      });
    } catch (error) {
      runInAction(() => {
        if (seq === this.seq) this.error = errorMessage(error, 'Failed to load more activity');
      });
    } finally {
      runInAction(() => {
        this.loadingMore = false;
      });
    }
  }

  /** Asks the server for the CSV and saves it under the name it suggests. */
  async exportCsv(): Promise<void> {
    this.exporting = true;
    try {
      const file = await api.postForFile(`${this.path}export/`);
      saveTextFile(file.fileName ?? 'activity.csv', file.text);
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }
}
