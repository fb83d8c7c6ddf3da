import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../../../lib/api.ts';
import type { IssueActivity } from '../types.ts';
import { type IssueRef, issueBase } from './IssueRef.ts';

/** The property history of one work item (GET `{i}/history/?activity_type=issue-property`). */
export class ActivityStore {
  activities: IssueActivity[] = [];
  loaded = false;
  error: string | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly ref: IssueRef) {
    makeAutoObservable<ActivityStore, 'ref' | 'refreshTimer'>(
      this,
      { ref: false, refreshTimer: false },
      { autoBind: true },
    );
  }

  private url(after?: string): string {
    const query = new URLSearchParams({ activity_type: 'issue-property' });
    if (after) query.set('created_at__gt', after);
    return `${issueBase(this.ref)}history/?${query}`;
  }

  async fetch(): Promise<void> {
    try {
      const rows = await api.get<IssueActivity[]>(this.url());
      runInAction(() => {
        this.activities = rows;
        this.loaded = true;
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.error = error instanceof Error ? error.message : 'The activity could not be loaded';
        this.loaded = true;
      });
    }
  }

  /** Appends what happened since the newest row shown. */
  async refresh(): Promise<void> {
    if (!this.loaded) return this.fetch();
    const last = this.activities[this.activities.length - 1]?.created_at;
    try {
      const rows = await api.get<IssueActivity[]>(this.url(last));
      runInAction(() => {
        const known = new Set(this.activities.map((a) => a.id));
        this.activities.push(...rows.filter((r) => !known.has(r.id)));
      });
    } catch {
      // The history is informative; the next change tries again.
    }
  }

  /** A refresh shortly after a burst of changes (the server writes the rows with the change). */
  refreshSoon(delay = 400): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.refresh();
    }, delay);
  }

  dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
  }
}
