import type { Module } from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, fileByProject, findInProjects } from '../projects/byProject.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** Each project's modules, keyed by id (the work-item pickers, groups and filters read them). */
export class ModuleStore {
  private readonly byProject: ByProject<Module> = observable.map();

  constructor() {
    makeAutoObservable<ModuleStore, 'byProject'>(this, { byProject: false }, { autoBind: true });
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  find(id: string): Module | undefined {
    return findInProjects(this.byProject, id);
  }

  /** The project's modules by name. */
  modulesOf(projectId: string): Module[] {
    const modules = this.byProject.get(projectId);
    return modules ? [...modules.values()].sort((a, b) => a.name.localeCompare(b.name)) : [];
  }

  async fetch(slug: string, projectId: string): Promise<Module[]> {
    const modules = await api.get<Module[]>(`${projectPath(slug, projectId)}/modules/`);
    runInAction(() => this.byProject.set(projectId, observable.map(modules.map((m) => [m.id, m]))));
    return modules;
  }

  async fetchWorkspace(slug: string): Promise<Module[]> {
    const all = await api.get<Module[]>(`/api/workspaces/${seg(slug)}/modules/`);
    runInAction(() => fileByProject(this.byProject, all));
    return all;
  }

  reset(): void {
    this.byProject.clear();
  }
}
