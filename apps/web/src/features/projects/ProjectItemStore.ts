import { observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, fileByProject, findInProjects } from './byProject.ts';
import { projectPath } from './ProjectStore.ts';

/**
 * A project's small collection (states, labels), keyed by id, loaded per project or across the
 * workspace in one read, with what every such collection does alike: create, change at once and
 * roll back on a refusal, delete. Each store adds only its own (orders, trees, the default state).
 * MobX: the maps and the set are observable themselves and every change runs in an action, so the
 * subclasses need no annotations.
 */
export abstract class ProjectItemStore<T extends { id: string; project_id?: string | null }> {
  protected readonly byProject: ByProject<T> = observable.map();
  /** Workspaces whose projects' items all came in one read (lists across projects). */
  private readonly workspaces = observable.set<string>();

  /**
   * `collection` is the items' path under a project (`states`), `workspaceCollection` under the
   * workspace, where they are listed across projects (when they are).
   */
  protected constructor(
    private readonly collection: string,
    private readonly workspaceCollection = collection,
  ) {}

  protected base(slug: string, projectId: string): string {
    return `${projectPath(slug, projectId)}/${this.collection}/`;
  }

  protected itemUrl(slug: string, projectId: string, id: string): string {
    return `${this.base(slug, projectId)}${seg(id)}/`;
  }

  /** The project's items, unsorted (each store orders them its own way). */
  protected itemsOf(projectId: string): T[] {
    return [...(this.byProject.get(projectId)?.values() ?? [])];
  }

  /** An item of any loaded project (lists across projects look them up by id). */
  find(id: string): T | undefined {
    return findInProjects(this.byProject, id);
  }

  /** Every item of the projects the caller is in, filed by project. */
  async fetchWorkspace(slug: string): Promise<T[]> {
    const all = await api.get<T[]>(`/api/workspaces/${seg(slug)}/${this.workspaceCollection}/`);
    runInAction(() => {
      fileByProject(this.byProject, all);
      this.workspaces.add(slug);
    });
    return all;
  }

  /** Whether `fetchWorkspace` answered for `slug` (an id missing then names a deleted item). */
  isWorkspaceLoaded(slug: string): boolean {
    return this.workspaces.has(slug);
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  async fetch(slug: string, projectId: string): Promise<T[]> {
    const items = await api.get<T[]>(this.base(slug, projectId));
    runInAction(() => this.byProject.set(projectId, observable.map(items.map((x) => [x.id, x]))));
    return items;
  }

  protected async post(slug: string, projectId: string, body: unknown): Promise<T> {
    const item = await api.post<T>(this.base(slug, projectId), body);
    runInAction(() => this.byProject.get(projectId)?.set(item.id, item));
    return item;
  }

  /** Applied at once, rolled back if the server refuses. */
  protected async patch(slug: string, projectId: string, id: string, patch: Partial<T>): Promise<void> {
    const items = this.byProject.get(projectId);
    const before = items?.get(id);
    runInAction(() => {
      if (items && before) items.set(id, { ...before, ...patch });
    });
    try {
      const item = await api.patch<T>(this.itemUrl(slug, projectId, id), patch);
      runInAction(() => items?.set(id, item));
    } catch (error) {
      runInAction(() => {
        if (items && before) items.set(id, before);
      });
      throw error;
    }
  }

  /** Gone at once, back if the server refuses; `after` adjusts the rest once the server agrees. */
  protected async delete(
    slug: string,
    projectId: string,
    id: string,
    after?: (items: Map<string, T>) => void,
  ): Promise<void> {
    const items = this.byProject.get(projectId);
    const before = items?.get(id);
    runInAction(() => items?.delete(id));
    try {
      await api.delete(this.itemUrl(slug, projectId, id));
      if (items && after) runInAction(() => after(items));
    } catch (error) {
      runInAction(() => {
        if (items && before) items.set(id, before);
      });
      throw error;
    }
  }

  reset(): void {
    runInAction(() => {
      this.byProject.clear();
      this.workspaces.clear();
    });
  }
}
