import type { RootStore } from '../../app/RootStore.ts';
import { IssueView } from './IssueView.ts';
import { preloadLayout } from './layouts/registry.ts';

/**
 * What the project issues route loads before its screen: the user's display settings and the
 * project's states (the board's groups) are awaited; the first page of issues and the layout's
 * chunk start as soon as the settings are there and arrive while the screen mounts. Labels and
 * members follow.
 */
export async function loadBoard(stores: RootStore, slug: string, projectId: string): Promise<void> {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(stores.labels.fetch(slug, projectId));
  quiet(stores.projects.fetchMembers(slug, projectId));
  if (!stores.members.isLoaded(slug)) quiet(stores.members.fetchMembers(slug));
  quiet(stores.estimates.fetch(slug, projectId));
  const states = stores.states.fetch(slug, projectId);
  states.catch(() => undefined); // awaited at the end, after the settings
  // Without stored settings the defaults apply (the screen still works).
  await stores.issueFilters.fetchProject(slug, projectId).catch(() => undefined);
  // The first page needs the settings only: it starts without waiting for the states.
  const view = new IssueView(stores, slug, projectId, () => undefined);
  preloadLayout(view.layout);
  void view.fetch();
  await states;
}
