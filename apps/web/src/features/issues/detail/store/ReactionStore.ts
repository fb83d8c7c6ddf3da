import type { Reaction } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, seg } from '../../../../lib/api.ts';
import { type IssueRef, issueBase, pendingId } from './IssueRef.ts';

export const REACTION_CHOICES = ['👍', '👎', '😄', '🎉', '😕', '❤️', '🚀', '👀'] as const;

export interface ReactionGroup {
  emoji: string;
  count: number;
  mine: boolean;
  names: string[];
}

/** Group reactions by emoji, in first-use order. */
export function groupReactions(reactions: readonly Reaction[], me: string | undefined): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const r of reactions) {
    const group = groups.get(r.reaction) ?? { emoji: r.reaction, count: 0, mine: false, names: [] };
    group.count += 1;
    if (r.actor === me) group.mine = true;
    if (r.display_name) group.names.push(r.display_name);
    groups.set(r.reaction, group);
  }
  return [...groups.values()];
}

/** The emoji reactions on one work item; toggles are optimistic. */
export class ReactionStore {
  reactions: Reaction[] = [];
  loaded = false;

  constructor(
    private readonly ref: IssueRef,
    private readonly currentUserId: () => string | undefined,
  ) {
    makeAutoObservable<ReactionStore, 'ref' | 'currentUserId'>(
      this,
      { ref: false, currentUserId: false },
      { autoBind: true },
    );
  }

  private get base() {
    return `${issueBase(this.ref)}reactions/`;
  }

  get groups(): ReactionGroup[] {
    return groupReactions(this.reactions, this.currentUserId());
  }

  /** The reactions as read (the detail's `issue_reactions` expansion). */
  seed(reactions: Reaction[]): void {
    this.reactions = reactions;
    this.loaded = true;
  }

  /** Adds the caller's reaction, or removes it when present. */
  async toggle(emoji: string): Promise<void> {
    const me = this.currentUserId();
    if (!me) return;
    const mine = this.reactions.find((r) => r.actor === me && r.reaction === emoji);
    if (mine) {
      this.reactions = this.reactions.filter((r) => r !== mine);
      try {
        await api.delete(`${this.base}${seg(emoji)}/`);
      } catch (error) {
        runInAction(() => {
          this.reactions = [...this.reactions, mine];
        });
        throw error;
      }
      return;
    }
    const temp: Reaction = {
      id: pendingId('reaction'),
      actor: me,
      reaction: emoji,
      display_name: '',
      issue: this.ref.issueId,
      created_at: new Date().toISOString(),
    };
    this.reactions = [...this.reactions, temp];
    try {
      const saved = await api.post<Reaction>(this.base, { reaction: emoji });
      runInAction(() => {
        this.reactions = this.reactions.map((r) => (r.id === temp.id ? saved : r));
      });
    } catch (error) {
      runInAction(() => {
        this.reactions = this.reactions.filter((r) => r.id !== temp.id);
      });
      throw error;
    }
  }
}
