import type { DeployBoard } from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { projectPath } from './ProjectStore.ts';

/** The public link of a published board (the anonymous `/spaces/issues/:anchor` page). */
export function publicBoardUrl(anchor: string, origin = window.location.origin): string {
  return `${origin}/spaces/issues/${anchor}`;
}

/** Each project's deploy board (api.md §4.8): null when the project is not published. */
export class PublishStore {
  private readonly byProject = observable.map<string, DeployBoard | null>();

  constructor() {
    makeAutoObservable<PublishStore, 'byProject'>(this, { byProject: false }, { autoBind: true });
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  boardOf(projectId: string): DeployBoard | null {
    return this.byProject.get(projectId) ?? null;
  }

  private base(slug: string, projectId: string) {
    return `${projectPath(slug, projectId)}/project-deploy-boards/`;
  }

  async fetch(slug: string, projectId: string): Promise<DeployBoard | null> {
    const boards = await api.get<DeployBoard[]>(this.base(slug, projectId));
    const board = boards[0] ?? null;
    runInAction(() => this.byProject.set(projectId, board));
    return board;
  }

  /** Publishes with the list and board layouts on. */
  async publish(slug: string, projectId: string): Promise<DeployBoard> {
    const board = await api.post<DeployBoard>(this.base(slug, projectId), {
      view_props: { list: true, kanban: true, calendar: false, gantt: false, spreadsheet: false },
    });
    runInAction(() => this.byProject.set(projectId, board));
    return board;
  }

  async unpublish(slug: string, projectId: string): Promise<void> {
    const board = this.boardOf(projectId);
    if (!board) return;
    await api.delete(`${this.base(slug, projectId)}${seg(board.id)}/`);
    runInAction(() => this.byProject.set(projectId, null));
  }

  reset(): void {
    this.byProject.clear();
  }
}
