import type { RootStore } from '../app/RootStore.ts';

/**
 * What lists across projects (profile, workspace views) need to name things: members (names,
 * the role), projects (work-item keys), states, labels, cycles and modules of every project the
 * caller is in.
 * A failure here leaves names blank; the screen still shows the work items and its own errors.
 */
export async function loadCrossProjectLookups(stores: RootStore, slug: string): Promise<void> {
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
  void quiet(stores.labels.fetchWorkspace(slug));
  void quiet(stores.cycles.fetchWorkspace(slug));
  void quiet(stores.modules.fetchWorkspace(slug));
  await Promise.all([
    stores.members.isLoaded(slug) ? undefined : quiet(stores.members.fetchMembers(slug)),
    stores.projects.isLoaded(slug) ? undefined : quiet(stores.projects.fetchProjects(slug)),
    quiet(stores.states.fetchWorkspace(slug)),
  ]);
}
