import type { PlanningAnalytics } from '@kite/shared/contracts';
import { observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, findInProjects, loadOnce } from '../projects/byProject.ts';
import { ProjectItemStore } from '../projects/ProjectItemStore.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** What cycles and modules share: an id, a project, an archive date and a favorite flag. */
export interface PlanningItem {
  id: string;
  project_id: string;
  archived_at: string | null;
  is_favorite: boolean;
}

/** Where one kind of planning item lives on the server (api.md §7, §8). */
export interface PlanningPaths {
  /** `cycles` or `modules`, under the project. */
  collection: string;
  /** `archived-cycles`, … */
  archived: string;
  /** `user-favorite-cycles`, … and the body key that names the item there. */
  favorites: string;
  favoriteKey: string;
}

/**
 * Each project's live and archived cycles or modules, keyed by id, with what both kinds do alike:
 * load (once per project, or across the workspace), create, change, archive, restore, favorite
 * (at once, rolled back on a refusal) and delete. Each kind's store adds only its own (cycle tabs
 * and transfers, module links). MobX: the maps and the set are observable themselves and every
 * change runs in an action, so the subclasses need no annotations.
 */
export abstract class PlanningItemStore<T extends PlanningItem, Create, Update> extends ProjectItemStore<T> {
  protected readonly archivedByProject: ByProject<T> = observable.map();
  /** Requests in flight by project, so that many pickers opening at once ask once. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Projects whose whole list is here (one page's fetchOne files a single item). */
  private readonly listed = observable.set<string>();

  protected constructor(private readonly paths: PlanningPaths) {
    super(paths.collection);
  }

  /** Files the item under live or archived, whichever it now is. */
  protected put(projectId: string, item: T): void {
    runInAction(() => {
      const live = !item.archived_at;
      const into = live ? this.byProject : this.archivedByProject;
      (live ? this.archivedByProject : this.byProject).get(projectId)?.delete(item.id);
      if (!into.has(projectId)) into.set(projectId, observable.map());
      into.get(projectId)!.set(item.id, item);
    });
  }

  protected liveOf(projectId: string): T[] {
    return this.itemsOf(projectId);
  }

  protected archivedItemsOf(projectId: string): T[] {
    return [...(this.archivedByProject.get(projectId)?.values() ?? [])];
  }

  override isLoaded(projectId: string): boolean {
    return this.listed.has(projectId);
  }

  /** An item of any loaded project, archived ones too. */
  override find(id: string): T | undefined {
    return super.find(id) ?? findInProjects(this.archivedByProject, id);
  }

  override async fetch(slug: string, projectId: string): Promise<T[]> {
    const items = await super.fetch(slug, projectId);
    runInAction(() => this.listed.add(projectId));
    return items;
  }

  async fetchArchived(slug: string, projectId: string): Promise<T[]> {
    const items = await api.get<T[]>(`${projectPath(slug, projectId)}/${this.paths.archived}/`);
    runInAction(() => this.archivedByProject.set(projectId, observable.map(items.map((x) => [x.id, x]))));
    return items;
  }

  /** Loads the project's items unless they are here or on their way (errors leave them unloaded). */
  ensure(slug: string, projectId: string): void {
    if (!this.isLoaded(projectId)) loadOnce(this.loading, projectId, () => this.fetch(slug, projectId));
  }

  /** One item, fresh from the server (its figures change as its work items do). */
  async fetchOne(slug: string, projectId: string, id: string): Promise<T> {
    const item = await api.get<T>(this.itemUrl(slug, projectId, id));
    this.put(projectId, item);
    return item;
  }

  async create(slug: string, projectId: string, body: Create): Promise<T> {
    const item = await api.post<T>(this.base(slug, projectId), body);
    this.put(projectId, item);
    return item;
  }

  async update(slug: string, projectId: string, id: string, patch: Update): Promise<T> {
    const item = await api.patch<T>(this.itemUrl(slug, projectId, id), patch);
    this.put(projectId, item);
    return item;
  }

  async remove(slug: string, projectId: string, id: string): Promise<void> {
    await api.delete(this.itemUrl(slug, projectId, id));
    runInAction(() => {
      this.byProject.get(projectId)?.delete(id);
      this.archivedByProject.get(projectId)?.delete(id);
    });
  }

  /** Favorite on or off at once; rolled back if the server refuses. */
  async toggleFavorite(slug: string, projectId: string, id: string): Promise<void> {
    const item = this.find(id);
    if (!item) return;
    const next = !item.is_favorite;
    this.put(projectId, { ...item, is_favorite: next });
    const favorites = `${projectPath(slug, projectId)}/${this.paths.favorites}/`;
    try {
      if (next) await api.post(favorites, { [this.paths.favoriteKey]: id });
      else await api.delete(`${favorites}${seg(id)}/`);
    } catch (error) {
      this.put(projectId, { ...(this.find(id) ?? item), is_favorite: !next });
      throw error;
    }
  }

  async archive(slug: string, projectId: string, id: string): Promise<void> {
    const { archived_at } = await api.post<{ archived_at: string }>(
      `${this.itemUrl(slug, projectId, id)}archive/`,
    );
    const item = this.find(id);
    if (item) this.put(projectId, { ...item, archived_at });
  }

  async restore(slug: string, projectId: string, id: string): Promise<void> {
    await api.delete(`${this.itemUrl(slug, projectId, id)}archive/`);
    const item = this.find(id);
    if (item) this.put(projectId, { ...item, archived_at: null });
  }

  /** The burndown from start to end, and the split of the items (`issues` counts or estimate `points`). */
  analytics(slug: string, projectId: string, id: string, type: 'issues' | 'points') {
    return api.get<PlanningAnalytics>(`${this.itemUrl(slug, projectId, id)}analytics/?type=${type}`);
  }

  override reset(): void {
    super.reset();
    runInAction(() => {
      this.archivedByProject.clear();
      this.listed.clear();
    });
  }
}
