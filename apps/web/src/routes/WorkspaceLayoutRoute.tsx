import { createRoute, notFound } from '@tanstack/react-router';
import { requireOnboarded } from '../app/guards.ts';
import { NotFoundScreen } from '../app/NotFoundScreen.tsx';
import { WorkspaceLayout } from '../features/app-shell/WorkspaceLayout.tsx';
import { ApiError } from '../lib/api.ts';
import { PageLoader } from '../ui/Spinner.tsx';
import { authedRoute } from './authedRoute.ts';

export const workspaceRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '$workspaceSlug',
  beforeLoad: requireOnboarded,
  loader: async ({ context, params }) => {
    const { stores } = context;
    try {
      const [workspace] = await Promise.all([
        stores.workspaces.fetchWorkspace(params.workspaceSlug),
        stores.workspaces.ensureMine(),
      ]);
      // Where the next sign-in lands; a failure here only costs that convenience.
      stores.user.rememberWorkspace(workspace.id).catch(() => undefined);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: { workspace: true } });
      throw error;
    }
  },
  // The store keeps the workspace fresh; moving between its screens need not refetch it.
  staleTime: 60_000,
  pendingComponent: () => <PageLoader label="Loading workspace" />,
  notFoundComponent: ({ data }) =>
    (data as { workspace?: boolean } | undefined)?.workspace ? (
      <NotFoundScreen
        title="Workspace not found"
        message="This workspace does not exist, or you are not a member of it."
      />
    ) : (
      <NotFoundScreen />
    ),
  component: WorkspaceLayoutRoute,
});

function WorkspaceLayoutRoute() {
  const { workspaceSlug } = workspaceRoute.useParams();
  return <WorkspaceLayout slug={workspaceSlug} />;
}
