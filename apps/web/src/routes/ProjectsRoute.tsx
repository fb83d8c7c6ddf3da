import { createRoute } from '@tanstack/react-router';
import { FolderKanban } from 'lucide-react';
import { PageHeader } from '../features/app-shell/PageHeader.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

export const projectsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects',
  component: ProjectsScreen,
});

function ProjectsScreen() {
  return (
    <>
      <PageHeader title="Projects" icon={<FolderKanban className="size-4" />} />
      <main className="flex-1 overflow-y-auto">
        <div className="mx-auto max-w-4xl px-6 py-10">
          <EmptyState
            icon={<FolderKanban className="size-5" />}
            title="No projects yet"
            description="Projects of this workspace will be listed here."
          />
        </div>
      </main>
    </>
  );
}
