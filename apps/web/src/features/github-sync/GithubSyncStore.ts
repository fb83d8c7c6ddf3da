import type {
  CreateGithubRepositorySyncBody,
  GithubRepositorySync,
  GithubRepositorySyncWithSecret,
} from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';

const base = (slug: string, projectId: string) =>
  `/api/workspaces/${seg(slug)}/projects/${seg(projectId)}/github-repository-sync/`;

/** Drops the webhook secret: it is shown once by the screen that linked, never kept here. */
function listed({
  webhook_secret: _shownOnce,
  ...sync
}: GithubRepositorySyncWithSecret): GithubRepositorySync {
  return sync;
}

/** Each project's linked GitHub repository (api.md §4.9: 0 or 1), keyed by project id. */
export class GithubSyncStore {
  private readonly byProject = observable.map<string, GithubRepositorySync[]>();

  constructor() {
    makeAutoObservable<GithubSyncStore, 'byProject'>(this, { byProject: false }, { autoBind: true });
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  syncOf(projectId: string): GithubRepositorySync | undefined {
    return this.byProject.get(projectId)?.[0];
  }

  async fetch(slug: string, projectId: string): Promise<GithubRepositorySync[]> {
    const syncs = await api.get<GithubRepositorySync[]>(base(slug, projectId));
    runInAction(() => this.byProject.set(projectId, syncs));
    return syncs;
  }

  /** Links the repository; the answer holds the webhook secret, which only the caller sees. */
  async link(
    slug: string,
    projectId: string,
    body: CreateGithubRepositorySyncBody,
  ): Promise<GithubRepositorySyncWithSecret> {
    const created = await api.post<GithubRepositorySyncWithSecret>(base(slug, projectId), body);
    runInAction(() => this.byProject.set(projectId, [listed(created)]));
    return created;
  }

  /** Unlinks the project: GitHub's changes stop here; the items synced so far stay. */
  async unlink(slug: string, projectId: string, syncId: string): Promise<void> {
    await api.delete(`${base(slug, projectId)}${seg(syncId)}/`);
    runInAction(() => this.byProject.set(projectId, []));
  }

  reset(): void {
    this.byProject.clear();
  }
}
