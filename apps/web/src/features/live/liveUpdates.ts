import type { IssueRow } from '@kite/shared/contracts';
import { runInAction } from 'mobx';
import type { IssueListStore } from '../issues/store/IssueListStore.ts';
import type { IssueStore } from '../issues/store/IssueStore.ts';
import type { LiveEvent, LiveSignal } from './liveSocket.ts';

/** The stores live events change (wired by RootStore; tests pass their own). */
export interface LiveTargets {
  issues: Pick<IssueStore, 'applyRemote' | 'removeRemote'>;
  issueLists: Pick<IssueListStore, 'refetchLoaded'>;
  /** A project's cycles or modules changed: read them again if they are shown. */
  planningChanged?: (entity: 'cycle' | 'module', slug: string, projectId: string) => void;
  /** A project was changed, archived, restored or deleted: the sidebar and project lists follow. */
  projectChanged?: (slug: string, projectId: string, deleted: boolean) => void;
  /** Someone joined, left or changed role in the workspace: its member list follows. */
  membersChanged?: (slug: string) => void;
}

export type LiveListener = (signal: LiveSignal) => void;

/**
 * Applies what `/live/events` says to the client's stores, so a change made in one tab shows in
 * every other (api.md §16.1). Work items carry their list row and go straight into IssueStore,
 * whose lists follow; open screens that keep their own collections (comments, history) listen.
 * While the user drags a card, signals wait and are applied on the drop, so the board does not
 * move under the pointer.
 */
export class LiveUpdates {
  private readonly listeners = new Set<LiveListener>();
  private readonly waiting: { signal: LiveSignal; slug: string }[] = [];
  private holds = 0;

  constructor(private readonly targets: LiveTargets) {}

  /** Listens to every signal applied; returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A signal from the socket of workspace `slug`. */
  receive(signal: LiveSignal, slug: string): void {
    if (this.holds > 0) this.waiting.push({ signal, slug });
    else this.apply(signal, slug);
  }

  /** Holds signals back (a drag in progress) until the returned function is called. */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0) for (const { signal, slug } of this.waiting.splice(0)) this.apply(signal, slug);
    };
  }

  private apply(signal: LiveSignal, slug: string): void {
    runInAction(() => {
      if (signal.kind === 'resync') void this.targets.issueLists.refetchLoaded();
      else this.applyEvent(signal.event, slug);
    });
    for (const listener of this.listeners) listener(signal);
  }

  private applyEvent(event: LiveEvent, slug: string): void {
    switch (event.entity) {
      case 'issue':
        if (event.type === 'deleted') this.targets.issues.removeRemote(event.id);
        else this.targets.issues.applyRemote(event.data as unknown as IssueRow);
        return;
      case 'cycle':
      case 'module':
        if (event.project_id) this.targets.planningChanged?.(event.entity, slug, event.project_id);
        return;
      case 'project':
        this.targets.projectChanged?.(slug, event.id, event.type === 'deleted');
        return;
      case 'workspace_member':
        this.targets.membersChanged?.(slug);
        return;
    }
  }
}
