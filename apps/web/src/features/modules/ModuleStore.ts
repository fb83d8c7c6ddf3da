import type { CreateModuleBody, Module, ModuleLink, UpdateModuleBody } from '@kite/shared/contracts';
import { api, seg } from '../../lib/api.ts';
import { PlanningItemStore } from '../planning/PlanningItemStore.ts';

/** Each project's modules, keyed by id (the work-item pickers, groups and filters read them). */
export class ModuleStore extends PlanningItemStore<Module, CreateModuleBody, UpdateModuleBody> {
  constructor() {
    super({
      collection: 'modules',
      archived: 'archived-modules',
      favorites: 'user-favorite-modules',
      favoriteKey: 'module',
    });
  }

  /** The project's modules by name. */
  modulesOf(projectId: string): Module[] {
    return this.liveOf(projectId).sort((a, b) => a.name.localeCompare(b.name));
  }

  archivedOf(projectId: string): Module[] {
    return this.archivedItemsOf(projectId).sort((a, b) => a.name.localeCompare(b.name));
  }

  async addLink(slug: string, projectId: string, moduleId: string, link: { url: string; title: string }) {
    const created = await api.post<ModuleLink>(
      `${this.itemUrl(slug, projectId, moduleId)}module-links/`,
      link,
    );
    const module = this.find(moduleId);
    if (module) this.put(projectId, { ...module, link_module: [...module.link_module, created] });
    return created;
  }

  async removeLink(slug: string, projectId: string, moduleId: string, linkId: string) {
    await api.delete(`${this.itemUrl(slug, projectId, moduleId)}module-links/${seg(linkId)}/`);
    const module = this.find(moduleId);
    if (module)
      this.put(projectId, { ...module, link_module: module.link_module.filter((l) => l.id !== linkId) });
  }
}
