import { createRoute } from '@tanstack/react-router';
import { pickStrings } from '../app/search.ts';
import { isIntakeTab } from '../features/intake/intakeQuery.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/**
 * A project's intake: `?tab=open|closed` (open by default) and `?inboxIssueId=` (the selected
 * item, by its work item's id). Filters, order and paging are the screen's.
 */
export const projectIntakeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/intake',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, ['tab', 'inboxIssueId']),
  loader: async ({ context, params, location }) => {
    const { workspaceSlug: slug, projectId } = params;
    const { stores } = context;
    const search = location.search as { tab?: string };
    const tab = isIntakeTab(search.tab) ? search.tab : 'open';
    // The first page loads beside the project; a failure (the feature off included) is the
    // screen's to show, with a retry, not an error page.
    const page = stores.intake.fetchFirst(slug, stores.intake.queryOf(projectId, tab)).catch(() => undefined);
    // Names of labels, members and assignees, for the list and the detail; not waited for.
    if (!stores.labels.isLoaded(projectId)) void stores.labels.fetch(slug, projectId).catch(() => undefined);
    if (!stores.members.isLoaded(slug)) void stores.members.fetchMembers(slug).catch(() => undefined);
    if (!stores.projects.membersLoaded(projectId))
      void stores.projects.fetchMembers(slug, projectId).catch(() => undefined);
    await loadProject(stores, slug, projectId);
    await page;
  },
  // Changing the tab or the selected item must not reload the page: the screen refreshes its lists.
  shouldReload: ({ cause }: { cause: string }) => cause === 'enter',
  pendingComponent: () => <PageLoader label="Loading intake" />,
}).lazy(() => import('../features/intake/IntakeScreen.tsx').then((m) => m.IntakeLazyRoute));
