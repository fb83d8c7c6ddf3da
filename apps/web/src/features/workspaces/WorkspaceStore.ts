import type { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace } from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';

/** The workspaces the user belongs to, keyed by slug. */
export class WorkspaceStore {
  readonly bySlug = observable.map<string, Workspace>();
  loaded = false;

  constructor() {
    makeAutoObservable(this, { bySlug: false }, { autoBind: true });
  }

  /** Sorted by name for menus. */
  get list(): Workspace[] {
    return [...this.bySlug.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(slug: string): Workspace | undefined {
    return this.bySlug.get(slug);
  }

  findById(id: string | null | undefined): Workspace | undefined {
    if (!id) return undefined;
    return this.list.find((w) => w.id === id);
  }

  async fetchMine(): Promise<Workspace[]> {
    const workspaces = await api.get<Workspace[]>('/api/users/me/workspaces/');
    runInAction(() => {
      this.bySlug.replace(workspaces.map((w) => [w.slug, w]));
      this.loaded = true;
    });
    return workspaces;
  }

  async ensureMine(): Promise<Workspace[]> {
    return this.loaded ? this.list : this.fetchMine();
  }

  /** Loads one workspace (and the caller's role in it); a 404 means not found or not a member. */
  async fetchWorkspace(slug: string): Promise<Workspace> {
    const workspace = await api.get<Workspace>(`/api/workspaces/${seg(slug)}/`);
    runInAction(() => {
      this.bySlug.set(workspace.slug, workspace);
    });
    return workspace;
  }

  /** True when the slug is free. */
  async isSlugAvailable(slug: string): Promise<boolean> {
    const answer = await api.get<{ status: boolean }>(
      `/api/workspace-slug-check/?slug=${encodeURIComponent(slug)}`,
    );
    return answer.status;
  }

  async create(body: CreateWorkspaceBody): Promise<Workspace> {
    const workspace = await api.post<Workspace>('/api/workspaces/', body);
    runInAction(() => {
      this.bySlug.set(workspace.slug, workspace);
    });
    return workspace;
  }

  /** Applied at once, rolled back if the server refuses. */
  async update(slug: string, patch: UpdateWorkspaceBody): Promise<Workspace> {
    const before = this.bySlug.get(slug);
    if (before) this.bySlug.set(slug, { ...before, ...(patch as Partial<Workspace>) });
    try {
      const workspace = await api.patch<Workspace>(`/api/workspaces/${seg(slug)}/`, patch);
      runInAction(() => {
        this.bySlug.set(slug, workspace);
      });
      return workspace;
    } catch (error) {
      runInAction(() => {
        if (before) this.bySlug.set(slug, before);
      });
      throw error;
    }
  }

  async remove(slug: string): Promise<void> {
    await api.delete(`/api/workspaces/${seg(slug)}/`);
    runInAction(() => {
      this.bySlug.delete(slug);
    });
  }

  /** Leaves the workspace; it disappears from the local list. */
  async leave(slug: string): Promise<void> {
    await api.post(`/api/workspaces/${seg(slug)}/members/leave/`);
    runInAction(() => {
      this.bySlug.delete(slug);
    });
  }

  reset(): void {
    this.bySlug.clear();
    this.loaded = false;
  }
}
