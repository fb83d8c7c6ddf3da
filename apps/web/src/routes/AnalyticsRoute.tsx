import { createRoute } from '@tanstack/react-router';
import { pickStrings } from '../app/search.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/**
 * Workspace analytics: `?tab=overview` for the overview, the custom chart otherwise. The chart's
 * settings are the screen's; the projects (its filter's choices) load beside it.
 */
export const workspaceAnalyticsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'analytics',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, ['tab']),
  loader: ({ context, params }) => {
    const { stores } = context;
    if (!stores.projects.isLoaded(params.workspaceSlug))
      void stores.projects.fetchProjects(params.workspaceSlug).catch(() => undefined);
  },
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading analytics" />,
}).lazy(() => import('../features/analytics/AnalyticsScreen.tsx').then((m) => m.WorkspaceAnalyticsLazyRoute));

/** One project's analytics (reached from the project's header), with the same tabs. */
export const projectAnalyticsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/analytics',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, ['tab']),
  loader: ({ context, params }) => loadProject(context.stores, params.workspaceSlug, params.projectId),
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading analytics" />,
}).lazy(() => import('../features/analytics/AnalyticsScreen.tsx').then((m) => m.ProjectAnalyticsLazyRoute));
