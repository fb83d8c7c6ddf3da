import { createRoute, Link, notFound } from '@tanstack/react-router';
import { Inbox, Settings } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../app/StoresContext.tsx';
import { PageHeader } from '../features/app-shell/PageHeader.tsx';
import { ProjectLogo } from '../features/projects/ProjectLogo.tsx';
import { ApiError } from '../lib/api.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** Loads the project into the store; a 404 (unknown, or private and not a member) shows not-found. */
export async function loadProject(
  stores: import('../app/RootStore.ts').RootStore,
  slug: string,
  projectId: string,
): Promise<void> {
  try {
    await stores.projects.fetchProject(slug, projectId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

export const projectIssuesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId/issues',
  loader: ({ context, params }) => loadProject(context.stores, params.workspaceSlug, params.projectId),
  pendingComponent: () => <PageLoader label="Loading project" />,
  component: observer(ProjectIssuesScreen),
});

function ProjectIssuesScreen() {
  const { workspaceSlug: slug, projectId } = projectIssuesRoute.useParams();
  const { projects } = useStores();
  const project = projects.get(slug, projectId);
  if (!project) return <PageLoader label="Loading project" />;
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            {project.name}
            <span className="font-mono text-xs font-normal text-fg-muted">{project.identifier}</span>
          </span>
        }
        actions={
          <Link
            to="/$workspaceSlug/settings/projects/$projectId"
            params={{ workspaceSlug: slug, projectId }}
            className={buttonClasses('secondary', 'sm')}
          >
            <Settings className="size-3.5" aria-hidden /> Project settings
          </Link>
        }
      />
      <main className="flex-1 overflow-y-auto">
        <div className="mx-auto max-w-4xl px-6 py-10">
          <EmptyState
            icon={<Inbox className="size-5" />}
            title="Work items arrive in the next release"
            description="This project's list, board and calendar of work items are on their way. Meanwhile, set up its states, labels and members in the project settings."
          />
        </div>
      </main>
    </>
  );
}
