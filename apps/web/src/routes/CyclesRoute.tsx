import { createRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** A project's cycles, by tab (`?tab=active|upcoming|completed|draft|archived`, active by default). */
export const projectCyclesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/cycles',
  validateSearch: (search: Record<string, unknown>) =>
    typeof search.tab === 'string' ? { tab: search.tab } : ({} as { tab?: string }),
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, projectId } = params;
    const cycles = context.stores.cycles.fetch(slug, projectId);
    cycles.catch(() => undefined);
    await loadProject(context.stores, slug, projectId);
    await cycles;
  },
  pendingComponent: () => <PageLoader label="Loading cycles" />,
}).lazy(() => import('../features/cycles/CyclesScreen.tsx').then((m) => m.CyclesLazyRoute));

/** One cycle: its work items in every layout, its progress beside them. `?peekId=` opens an item. */
export const projectCycleRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/cycles/$cycleId',
  validateSearch: (search: Record<string, unknown>) =>
    typeof search.peekId === 'string' ? { peekId: search.peekId } : ({} as { peekId?: string }),
  loader: async ({ context, params }) => {
    const { workspaceSlug: slug, projectId, cycleId } = params;
    const { stores } = context;
    const board = import('../features/cycles/loadCycle.ts').then((m) =>
      m.loadCycleBoard(stores, slug, projectId, cycleId),
    );
    board.catch(() => undefined);
    await loadProject(stores, slug, projectId);
    try {
      await board;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  // Opening or closing the peek must not reload the board.
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading cycle" />,
}).lazy(() => import('../features/cycles/CycleScreen.tsx').then((m) => m.CycleLazyRoute));
