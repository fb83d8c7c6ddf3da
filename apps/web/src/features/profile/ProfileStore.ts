import type { UserProfile, UserStats } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError, api, seg } from '../../lib/api.ts';

export type ProfileStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** Spec §8: the message of the profile's error state. */
export const PROFILE_ERROR = 'Failed to fetch user profile';

/** One member's profile page data: who they are (user-profile) and their numbers (user-stats). */
export class ProfileStore {
  profile: UserProfile | null = null;
  stats: UserStats | null = null;
  status: ProfileStatus = 'loading';
  private seq = 0;

  constructor(
    readonly slug: string,
    readonly userId: string,
  ) {
    makeAutoObservable<ProfileStore, 'seq'>(
      this,
      { slug: false, userId: false, seq: false },
      { autoBind: true },
    );
  }

  /** Both reads at once; a 404 (not a member of this workspace) is told apart from other failures. */
  async fetch(): Promise<void> {
    const seq = ++this.seq;
    if (!this.profile) this.status = 'loading';
    const base = `/api/workspaces/${seg(this.slug)}`;
    const user = seg(this.userId);
    try {
      const [profile, stats] = await Promise.all([
        api.get<UserProfile>(`${base}/user-profile/${user}/`),
        api.get<UserStats>(`${base}/user-stats/${user}/`),
      ]);
      runInAction(() => {
        if (seq !== this.seq) return;
        this.profile = profile;
        this.stats = stats;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (seq !== this.seq) return;
        this.status = error instanceof ApiError && error.status === 404 ? 'not-found' : 'error';
      });
    }
  }

  /** What each tab counts, for the tab labels. */
  get tabCounts(): Record<'assigned' | 'created' | 'subscribed', number | null> {
    const s = this.stats;
    return {
      assigned: s?.assigned_issues ?? null,
      created: s?.created_issues ?? null,
      subscribed: s?.subscribed_issues ?? null,
    };
  }
}
