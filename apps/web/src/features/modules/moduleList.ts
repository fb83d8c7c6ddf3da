import type { RootStore } from '../../app/RootStore.ts';
import { loadListBoard } from '../issues/boot.ts';
import { IssueView } from '../issues/IssueView.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** A module's work items: the project's list scoped to `{p}/modules/{id}/issues/`; what is created here joins it. */
export function moduleListView(
  stores: RootStore,
  slug: string,
  projectId: string,
  moduleId: string,
  onOpen: (issueId: string) => void = () => undefined,
): IssueView {
  return new IssueView(stores, slug, projectId, onOpen, 'module', {
    settingsKey: `module:${moduleId}`,
    settingsPath: `${projectPath(slug, projectId)}/modules/${encodeURIComponent(moduleId)}/user-properties/`,
    listKey: moduleId,
    path: `${projectPath(slug, projectId)}/modules/${encodeURIComponent(moduleId)}/issues/`,
    itemDefaults: { module_ids: [moduleId] },
    member: (issue) => issue.module_ids.includes(moduleId),
  });
}

/** What a module's page loads first: the module (404 when it is gone) and the board of its items. */
export async function loadModuleBoard(stores: RootStore, slug: string, projectId: string, moduleId: string) {
  const module = stores.modules.fetchOne(slug, projectId, moduleId);
  if (!stores.members.isLoaded(slug)) void stores.members.fetchMembers(slug).catch(() => undefined);
  await Promise.all([
    module,
    loadListBoard(stores, slug, projectId, moduleListView(stores, slug, projectId, moduleId)),
  ]);
}
