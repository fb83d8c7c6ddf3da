import type { IssueDetail } from '@kite/shared/contracts';
import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { ApiError, api, seg } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** The full page of one work item; the screen is its own chunk (with the detail code). */
export const issueDetailRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/issues/$issueId',
  loader: ({ context, params }) => loadProject(context.stores, params.workspaceSlug, params.projectId),
  pendingComponent: () => <PageLoader label="Loading work item" />,
}).lazy(() => import('../features/issues/detail/IssueDetailScreen.tsx').then((m) => m.IssueDetailLazyRoute));

/** `/{slug}/browse/{IDENT-123}/`: the shareable key resolved to the work item's page. */
export const browseWorkItemRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'browse/$workItem',
  loader: async ({ params }) => {
    const key = params.workItem.replace(/\/$/, '').toUpperCase();
    let issue: IssueDetail;
    try {
      issue = await api.get<IssueDetail>(
        `/api/workspaces/${seg(params.workspaceSlug)}/work-items/${seg(key)}/`,
      );
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
    throw redirect({
      to: '/$workspaceSlug/projects/$projectId/issues/$issueId',
      params: { workspaceSlug: params.workspaceSlug, projectId: issue.project_id, issueId: issue.id },
      replace: true,
    });
  },
  pendingComponent: () => <PageLoader label="Opening work item" />,
});
