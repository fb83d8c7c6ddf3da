import type {
  CreateModuleBody,
  Module,
  ModuleLink,
  PlanningAnalytics,
  UpdateModuleBody,
} from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, fileByProject, findInProjects, loadOnce } from '../projects/byProject.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** Each project's modules, keyed by id (the work-item pickers, groups and filters read them). */
export class ModuleStore {
  private readonly byProject: ByProject<Module> = observable.map();
  private readonly archivedByProject: ByProject<Module> = observable.map();
  /** Requests in flight by project, so that many pickers opening at once ask once. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Projects whose whole list is here (one page's fetchOne files a single item). */
  private readonly listed = observable.set<string>();

  constructor() {
    makeAutoObservable<ModuleStore, 'byProject' | 'archivedByProject' | 'loading' | 'listed'>(
      this,
      { byProject: false, archivedByProject: false, loading: false, listed: false },
      { autoBind: true },
    );
  }

  private base(slug: string, projectId: string) {
    return `${projectPath(slug, projectId)}/modules/`;
  }

  private put(projectId: string, module: Module) {
    const live = !module.archived_at;
    const into = live ? this.byProject : this.archivedByProject;
    (live ? this.archivedByProject : this.byProject).get(projectId)?.delete(module.id);
    if (!into.has(projectId)) into.set(projectId, observable.map());
    into.get(projectId)!.set(module.id, module);
  }

  archivedOf(projectId: string): Module[] {
    const modules = this.archivedByProject.get(projectId);
    return modules ? [...modules.values()].sort((a, b) => a.name.localeCompare(b.name)) : [];
  }

  async fetchArchived(slug: string, projectId: string): Promise<Module[]> {
    const modules = await api.get<Module[]>(`${projectPath(slug, projectId)}/archived-modules/`);
    runInAction(() => this.archivedByProject.set(projectId, observable.map(modules.map((m) => [m.id, m]))));
    return modules;
  }

  /** One module, fresh (its figures follow its items), archived or not. */
  async fetchOne(slug: string, projectId: string, moduleId: string): Promise<Module> {
    const module = await api.get<Module>(`${this.base(slug, projectId)}${seg(moduleId)}/`);
    runInAction(() => this.put(projectId, module));
    return module;
  }

  async create(slug: string, projectId: string, body: CreateModuleBody): Promise<Module> {
    const module = await api.post<Module>(this.base(slug, projectId), body);
    runInAction(() => this.put(projectId, module));
    return module;
  }

  async update(slug: string, projectId: string, moduleId: string, patch: UpdateModuleBody): Promise<Module> {
    const module = await api.patch<Module>(`${this.base(slug, projectId)}${seg(moduleId)}/`, patch);
    runInAction(() => this.put(projectId, module));
    return module;
  }

  async remove(slug: string, projectId: string, moduleId: string): Promise<void> {
    await api.delete(`${this.base(slug, projectId)}${seg(moduleId)}/`);
    runInAction(() => {
      this.byProject.get(projectId)?.delete(moduleId);
      this.archivedByProject.get(projectId)?.delete(moduleId);
    });
  }

  /** Favorite on or off at once; rolled back if the server refuses. */
  async toggleFavorite(slug: string, projectId: string, moduleId: string): Promise<void> {
    const module = this.find(moduleId);
    if (!module) return;
    const next = !module.is_favorite;
    runInAction(() => this.put(projectId, { ...module, is_favorite: next }));
    try {
      if (next)
        await api.post(`${projectPath(slug, projectId)}/user-favorite-modules/`, { module: moduleId });
      else await api.delete(`${projectPath(slug, projectId)}/user-favorite-modules/${seg(moduleId)}/`);
    } catch (error) {
      runInAction(() => this.put(projectId, { ...(this.find(moduleId) ?? module), is_favorite: !next }));
      throw error;
    }
  }

  async archive(slug: string, projectId: string, moduleId: string): Promise<void> {
    const { archived_at } = await api.post<{ archived_at: string }>(
      `${this.base(slug, projectId)}${seg(moduleId)}/archive/`,
    );
    const module = this.find(moduleId);
    if (module) runInAction(() => this.put(projectId, { ...module, archived_at }));
  }

  async restore(slug: string, projectId: string, moduleId: string): Promise<void> {
    await api.delete(`${this.base(slug, projectId)}${seg(moduleId)}/archive/`);
    const module = this.find(moduleId);
    if (module) runInAction(() => this.put(projectId, { ...module, archived_at: null }));
  }

  async addLink(slug: string, projectId: string, moduleId: string, link: { url: string; title: string }) {
    const created = await api.post<ModuleLink>(
      `${this.base(slug, projectId)}${seg(moduleId)}/module-links/`,
      link,
    );
    const module = this.find(moduleId);
    if (module)
      runInAction(() => this.put(projectId, { ...module, link_module: [...module.link_module, created] }));
    return created;
  }

  async removeLink(slug: string, projectId: string, moduleId: string, linkId: string) {
    await api.delete(`${this.base(slug, projectId)}${seg(moduleId)}/module-links/${seg(linkId)}/`);
    const module = this.find(moduleId);
    if (module) {
      runInAction(() =>
        this.put(projectId, { ...module, link_module: module.link_module.filter((l) => l.id !== linkId) }),
      );
    }
  }

  isLoaded(projectId: string): boolean {
    return this.listed.has(projectId);
  }

  find(id: string): Module | undefined {
    return findInProjects(this.byProject, id) ?? findInProjects(this.archivedByProject, id);
  }

  /** The project's modules by name. */
  modulesOf(projectId: string): Module[] {
    const modules = this.byProject.get(projectId);
    return modules ? [...modules.values()].sort((a, b) => a.name.localeCompare(b.name)) : [];
  }

  async fetch(slug: string, projectId: string): Promise<Module[]> {
    const modules = await api.get<Module[]>(this.base(slug, projectId));
    runInAction(() => {
      this.listed.add(projectId);
      this.byProject.set(projectId, observable.map(modules.map((m) => [m.id, m])));
    });
    return modules;
  }

  /** The module's burndown from its start to its target date, and the split of its items. */
  analytics(slug: string, projectId: string, moduleId: string, type: 'issues' | 'points') {
    return api.get<PlanningAnalytics>(
      `${this.base(slug, projectId)}${seg(moduleId)}/analytics/?type=${type}`,
    );
  }

  /** Loads the project's modules unless they are here or on their way (errors leave them unloaded). */
  ensure(slug: string, projectId: string): void {
    if (!this.isLoaded(projectId)) loadOnce(this.loading, projectId, () => this.fetch(slug, projectId));
  }

  /** The modules of every project the caller can see (lists across projects name their groups). */
  async fetchWorkspace(slug: string): Promise<void> {
    const all = await api.get<Module[]>(`/api/workspaces/${seg(slug)}/modules/`);
    runInAction(() => fileByProject(this.byProject, all));
  }

  reset(): void {
    this.byProject.clear();
    this.archivedByProject.clear();
    this.listed.clear();
  }
}
