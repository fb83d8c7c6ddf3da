import { createRoute } from '@tanstack/react-router';
import { pickStrings } from '../app/search.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/**
 * A project's pages: `?tab=public|private|archived` (public by default). Search, sort and the
 * favorites are the screen's; a failed list is the screen's to show, with a retry. The loading
 * itself is in the pages' chunk (`loadPages.ts`), so the entry carries only the URL.
 */
export const projectPagesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/pages',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, ['tab']),
  loader: async ({ context, params }) => {
    const pages = import('../features/pages/loadPages.ts').then((m) => m.loadPages(context.stores, params));
    await loadProject(context.stores, params.workspaceSlug, params.projectId);
    await pages;
  },
  // Changing the tab does not reload the lists: all three are loaded together.
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading pages" />,
}).lazy(() => import('../features/pages/PagesScreen.tsx').then((m) => m.PagesLazyRoute));

/** One page; one the caller cannot see is the screen's not-found state. */
export const projectPageRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/pages/$pageId',
  loader: async ({ context, params }) => {
    const page = import('../features/pages/loadPages.ts').then((m) => m.loadPage(context.stores, params));
    await loadProject(context.stores, params.workspaceSlug, params.projectId);
    await page;
  },
  pendingComponent: () => <PageLoader label="Loading page" />,
}).lazy(() => import('../features/pages/PageScreen.tsx').then((m) => m.PageLazyRoute));
