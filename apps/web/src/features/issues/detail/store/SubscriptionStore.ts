import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../../../lib/api.ts';
import { type IssueRef, issueBase } from './IssueRef.ts';

/** Whether the caller follows the work item (notifications); toggles are optimistic. */
export class SubscriptionStore {
  subscribed: boolean | null = null;
  busy = false;

  constructor(private readonly ref: IssueRef) {
    makeAutoObservable<SubscriptionStore, 'ref'>(this, { ref: false }, { autoBind: true });
  }

  private get url() {
    return `${issueBase(this.ref)}subscribe/`;
  }

  /** Whether the caller follows the item, as read (the detail's `is_subscribed` or the endpoint). */
  seed(subscribed: boolean): void {
    this.subscribed = subscribed;
  }

  /** GET the truth again (after a refused toggle; the detail's `is_subscribed` fills it on opening). */
  async fetch(): Promise<void> {
    try {
      this.seed((await api.get<{ subscribed: boolean }>(this.url)).subscribed);
    } catch {
      // Unknown: the toggle stays hidden until a later fetch answers.
    }
  }

  /** Flips at once; on failure flips back and asks the server for the truth. */
  async toggle(): Promise<void> {
    if (this.subscribed === null || this.busy) return;
    const before = this.subscribed;
    this.subscribed = !before;
    this.busy = true;
    try {
      if (before) await api.delete(this.url);
      else await api.post(this.url);
    } catch (error) {
      runInAction(() => {
        this.subscribed = before;
      });
      void this.fetch();
      throw error;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}
