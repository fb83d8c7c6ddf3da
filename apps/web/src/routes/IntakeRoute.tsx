import { createRoute, redirect } from '@tanstack/react-router';
import { pickStrings } from '../app/search.ts';
import { isIntakeTab } from '../features/intake/intakeQuery.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/**
 * A project's intake: `?tab=open|closed` (open by default); the selected item is the child route
 * `/intake/{inboxId}` (spec §2's inboxId: the item's work item id, as Plane's `inboxIssueId`), so
 * choosing another item neither reloads the lists nor remounts the screen. Filters, order and
 * paging are the screen's. Plane's own form of the link (`?currentTab=…&inboxIssueId=…`) is
 * answered with the same item at its path.
 */
export const projectIntakeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/intake',
  validateSearch: (search: Record<string, unknown>) =>
    pickStrings(search, ['tab', 'currentTab', 'inboxIssueId']),
  beforeLoad: ({ params, search }) => {
    if (search.currentTab === undefined && search.inboxIssueId === undefined) return;
    const tab = search.tab ?? search.currentTab;
    const inboxId = (params as { inboxId?: string }).inboxId ?? search.inboxIssueId;
    const base = { workspaceSlug: params.workspaceSlug, projectId: params.projectId };
    const tabSearch = tab && tab !== 'open' ? { tab } : {};
    throw inboxId
      ? redirect({
          to: '/$workspaceSlug/projects/$projectId/intake/$inboxId',
          params: { ...base, inboxId },
          search: tabSearch,
          replace: true,
        })
      : redirect({
          to: '/$workspaceSlug/projects/$projectId/intake',
          params: base,
          search: tabSearch,
          replace: true,
        });
  },
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

/** `/intake`: no item chosen yet (the screen picks the first). */
export const projectIntakeIndexRoute = createRoute({
  getParentRoute: () => projectIntakeRoute,
  path: '/',
});

/** `/intake/{inboxId}`: the selected item; one that is missing or not this project's is the screen's not-found. */
export const projectIntakeItemRoute = createRoute({
  getParentRoute: () => projectIntakeRoute,
  path: '$inboxId',
});

export const projectIntakeTree = projectIntakeRoute.addChildren([
  projectIntakeIndexRoute,
  projectIntakeItemRoute,
]);
