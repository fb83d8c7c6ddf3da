import type { IssueComment, Reaction } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, seg } from '../../../../lib/api.ts';
import { projectPath } from '../../../projects/ProjectStore.ts';
import { type IssueRef, issueBase, pendingId } from './IssueRef.ts';

/** The comments of one work item, oldest first; edits, deletes and reactions are optimistic. */
export class CommentStore {
  comments: IssueComment[] = [];
  loaded = false;
  error: string | null = null;

  constructor(
    private readonly ref: IssueRef,
    private readonly currentUserId: () => string | undefined,
  ) {
    makeAutoObservable<CommentStore, 'ref' | 'currentUserId'>(
      this,
      { ref: false, currentUserId: false },
      { autoBind: true },
    );
  }

  private get base() {
    return `${issueBase(this.ref)}comments/`;
  }

  get(id: string): IssueComment | undefined {
    return this.comments.find((c) => c.id === id);
  }

  async fetch(): Promise<void> {
    try {
      const comments = await api.get<IssueComment[]>(this.base);
      runInAction(() => {
        this.comments = comments;
        this.loaded = true;
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.error = error instanceof Error ? error.message : 'The comments could not be loaded';
        this.loaded = true;
      });
    }
  }

  /** POST: the comment appears once the server has it (the editor keeps the text until then). */
  async add(html: string): Promise<IssueComment> {
    const comment = await api.post<IssueComment>(this.base, { comment_html: html, access: 'INTERNAL' });
    runInAction(() => {
      if (!this.get(comment.id)) this.comments.push(comment);
    });
    return comment;
  }

  private replace(id: string, next: IssueComment | undefined): void {
    const index = this.comments.findIndex((c) => c.id === id);
    if (index === -1) return;
    if (next) this.comments[index] = next;
    else this.comments.splice(index, 1);
  }

  /** PATCH: the new text shows at once; the old one comes back if the server refuses. */
  async update(id: string, html: string): Promise<void> {
    const before = this.get(id);
    if (!before) return;
    this.replace(id, { ...before, comment_html: html, edited_at: new Date().toISOString() });
    try {
      const saved = await api.patch<IssueComment>(`${this.base}${seg(id)}/`, { comment_html: html });
      runInAction(() => this.replace(id, saved));
    } catch (error) {
      runInAction(() => this.replace(id, before));
      throw error;
    }
  }

  /** DELETE: gone at once, put back in place if the server refuses. */
  async remove(id: string): Promise<void> {
    const index = this.comments.findIndex((c) => c.id === id);
    if (index === -1) return;
    const before = this.comments[index] as IssueComment;
    this.comments.splice(index, 1);
    try {
      await api.delete(`${this.base}${seg(id)}/`);
    } catch (error) {
      runInAction(() => this.comments.splice(Math.min(index, this.comments.length), 0, before));
      throw error;
    }
  }

  /** Adds or removes the caller's reaction on a comment, at once; undone if the server refuses. */
  async toggleReaction(commentId: string, emoji: string): Promise<void> {
    const me = this.currentUserId();
    const comment = this.get(commentId);
    if (!comment || !me) return;
    const reactions = `${projectPath(this.ref.slug, this.ref.projectId)}/comments/${seg(commentId)}/reactions/`;
    const mine = comment.comment_reactions.find((r) => r.actor === me && r.reaction === emoji);
    const apply = (next: Reaction[]) => {
      const current = this.get(commentId);
      if (current) this.replace(commentId, { ...current, comment_reactions: next });
    };
    const before = comment.comment_reactions;
    if (mine) {
      apply(before.filter((r) => r !== mine));
      try {
        await api.delete(`${reactions}${seg(emoji)}/`);
      } catch (error) {
        runInAction(() => apply(before));
        throw error;
      }
      return;
    }
    const temp: Reaction = {
      id: pendingId('reaction'),
      actor: me,
      reaction: emoji,
      display_name: '',
      comment: commentId,
      created_at: new Date().toISOString(),
    };
    apply([...before, temp]);
    try {
      const saved = await api.post<Reaction>(reactions, { reaction: emoji });
      runInAction(() => {
        const current = this.get(commentId);
        if (current) apply(current.comment_reactions.map((r) => (r.id === temp.id ? saved : r)));
      });
    } catch (error) {
      runInAction(() => {
        const current = this.get(commentId);
        if (current) apply(current.comment_reactions.filter((r) => r.id !== temp.id));
      });
      throw error;
    }
  }
}
