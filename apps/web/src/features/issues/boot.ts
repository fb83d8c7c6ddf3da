import { when } from 'mobx';
import type { RootStore } from '../../app/RootStore.ts';
import type { IssueView } from './IssueView.ts';
import { preloadLayout } from './layouts/registry.ts';
import { listExtras, type ProjectListKind, projectListView } from './projectLists.ts';

/**
 * What a project's work-item route loads before its screen: the display settings (the user's
 * properties for the live list, this browser's copy for the archive and drafts) and the
 * project's states (the board's groups) are awaited; the first page of issues and the layout's
 * chunk start as soon as the settings are there and arrive while the screen mounts. Labels,
 * members, and the cycles and modules (where the project uses them) follow.
 */
export async function loadBoard(
  stores: RootStore,
  slug: string,
  projectId: string,
  kind: ProjectListKind = 'live',
): Promise<void> {
  await loadListBoard(stores, slug, projectId, projectListView(stores, slug, projectId, kind));
}

/** The same for any list of one project (a cycle's or a module's items): `view` names it. */
export async function loadListBoard(
  stores: RootStore,
  slug: string,
  projectId: string,
  view: IssueView,
): Promise<void> {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(stores.labels.fetch(slug, projectId));
  quiet(stores.projects.fetchMembers(slug, projectId));
  if (!stores.members.isLoaded(slug)) quiet(stores.members.fetchMembers(slug));
  quiet(stores.estimates.fetch(slug, projectId));
  // The project loads beside the board: its features decide, once it is here.
  when(() => stores.projects.get(slug, projectId) !== undefined, { timeout: 60_000 }).then(
    () => {
      const project = stores.projects.get(slug, projectId);
      if (project?.cycle_view) stores.cycles.ensure(slug, projectId);
      if (project?.module_view) stores.modules.ensure(slug, projectId);
    },
    () => undefined,
  );
  const states = stores.states.fetch(slug, projectId);
  states.catch(() => undefined); // awaited at the end, after the settings
  // Without stored settings the defaults apply (the screen still works).
  const { scope } = view;
  if (scope?.settingsPath) {
    await stores.issueFilters
      .fetchScope(scope.settingsKey, scope.settingsPath, view.context)
      .catch(() => undefined);
  } else if (scope) stores.issueFilters.loadLocal(scope.settingsKey, view.context);
  else await stores.issueFilters.fetchProject(slug, projectId).catch(() => undefined);
  // The first page needs the settings only: it starts without waiting for the states.
  preloadLayout(view.layout);
  void view.fetch();
  // The archive's and the drafts' buttons, empty states and dialog arrive with their data.
  await Promise.all([states, view.holds === 'live' ? undefined : listExtras.load()]);
}
