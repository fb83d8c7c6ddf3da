import { createRoute, notFound } from '@tanstack/react-router';
import type { RootStore } from '../app/RootStore.ts';
import { pickStrings } from '../app/search.ts';
import type { ProjectListKind } from '../features/issues/projectLists.ts';
import { ApiError } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** Loads the project into the store; a 404 (unknown, or private and not a member) shows not-found. */
export async function loadProject(stores: RootStore, slug: string, projectId: string): Promise<void> {
  try {
    await stores.projects.fetchProject(slug, projectId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

/** A project's work-item list route: `loadBoard` beside the project, the screen in its own chunk. */
function projectListLoader(kind: ProjectListKind) {
  return async ({
    context,
    params,
  }: {
    context: { stores: RootStore };
    params: { workspaceSlug: string; projectId: string };
  }) => {
    const { workspaceSlug: slug, projectId } = params;
    // The board's data does not need the project: it loads beside it (one round trip less
    // before the first page), and the project's answer still decides not-found first.
    const board = import('../features/issues/boot.ts').then((m) =>
      m.loadBoard(context.stores, slug, projectId, kind),
    );
    board.catch(() => undefined);
    await loadProject(context.stores, slug, projectId);
    await board;
  };
}

const peekSearch = (search: Record<string, unknown>) => pickStrings(search, ['peekId']);
// Opening or closing the peek (?peekId=) must not reload the board.
const reloadOnEnter = ({ cause }: { cause: string }) => cause === 'enter';

/**
 * The project's work items (list, board and the other layouts). The screen and the board's
 * data code are their own chunk; `?peekId=` opens an issue over the board.
 */
export const projectIssuesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/issues',
  validateSearch: peekSearch,
  loader: projectListLoader('live'),
  shouldReload: reloadOnEnter,
  pendingComponent: () => <PageLoader label="Loading project" />,
}).lazy(() => import('../features/issues/IssuesScreen.tsx').then((m) => m.ProjectIssuesLazyRoute));

/** The project's archived work items (read-only; members restore them). */
export const projectArchivedIssuesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/archives/issues',
  validateSearch: peekSearch,
  loader: projectListLoader('archived'),
  shouldReload: reloadOnEnter,
  pendingComponent: () => <PageLoader label="Loading archived work items" />,
}).lazy(() => import('../features/issues/IssuesScreen.tsx').then((m) => m.ProjectArchivedIssuesLazyRoute));

/** The caller's drafts in the project (edited in the dialog, published or deleted from the row). */
export const projectDraftIssuesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/drafts',
  loader: projectListLoader('draft'),
  shouldReload: reloadOnEnter,
  pendingComponent: () => <PageLoader label="Loading drafts" />,
}).lazy(() => import('../features/issues/IssuesScreen.tsx').then((m) => m.ProjectDraftIssuesLazyRoute));
