import type { WidgetKey } from '@kite/shared/contracts';
import { hasRole, ROLE } from '@kite/shared/domain';
import { createLazyRoute, useParams } from '@tanstack/react-router';
import { FolderKanban, FolderPlus, House, SlidersHorizontal } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { CustomisePanel } from './CustomisePanel.tsx';
import { greeting } from './greeting.ts';
import {
  ActivityWidget,
  CollaboratorsWidget,
  IssueListWidget,
  OverviewWidget,
  PriorityWidget,
  RecentProjectsWidget,
  StateGroupsWidget,
} from './Widgets.tsx';

const CreateProjectDialog = lazy(() =>
  import('../projects/CreateProjectDialog.tsx').then((m) => ({ default: m.CreateProjectDialog })),
);

const WIDGETS: Record<WidgetKey, ComponentType<{ slug: string }>> = {
  overview_stats: OverviewWidget,
  assigned_issues: ({ slug }) => <IssueListWidget slug={slug} widgetKey="assigned_issues" />,
  created_issues: ({ slug }) => <IssueListWidget slug={slug} widgetKey="created_issues" />,
  issues_by_state_groups: StateGroupsWidget,
  issues_by_priority: PriorityWidget,
  recent_activity: ActivityWidget,
  recent_projects: RecentProjectsWidget,
  recent_collaborators: CollaboratorsWidget,
};

/** The workspace home (issue #20): a greeting, then the caller's widgets in a responsive grid. */
export const HomeScreen = observer(function HomeScreen({
  slug,
  now = new Date(),
}: {
  slug: string;
  now?: Date;
}) {
  const { user, workspaces, projects, members, dashboard } = useStores();
  const [customising, setCustomising] = useState(false);
  const [creating, setCreating] = useState(false);
  const workspace = workspaces.get(slug);
  const canCreate = hasRole(workspace?.role, ROLE.MEMBER);

  useEffect(() => {
    if (!projects.isLoaded(slug)) void projects.fetchProjects(slug).catch(() => undefined);
    if (!members.isLoaded(slug)) void members.fetchMembers(slug).catch(() => undefined);
    void dashboard.fetchDashboard(slug).then((answer) => {
      if (answer) void dashboard.fetchVisibleWidgets(slug);
    });
  }, [slug, projects, members, dashboard]);

  const loaded = dashboard.dashboardOf(slug);
  const error = dashboard.errorOf(slug);
  const hasProjects = projects.joinedOf(slug).length > 0;
  const visible = dashboard.visibleWidgetsOf(slug);

  let body: React.ReactNode;
  if (!loaded && error) {
    body = (
      <EmptyState
        title="The home page could not load"
        description={error}
        action={<Button onClick={() => void dashboard.fetchDashboard(slug)}>Try again</Button>}
      />
    );
  } else if (!loaded || !projects.isLoaded(slug)) {
    body = <PageLoader label="Loading your home" />;
  } else if (!hasProjects) {
    body = (
      <EmptyState
        icon={<FolderKanban className="size-5" />}
        title="No projects yet"
        description={
          canCreate
            ? 'Projects hold your work items, cycles and modules. Create one to get started; your work will show here.'
            : 'You are not in any project yet. Ask a workspace admin to add you to one; your work will show here.'
        }
        action={
          canCreate ? (
            <Button variant="primary" onClick={() => setCreating(true)}>
              <FolderPlus className="size-4" aria-hidden /> Create a project
            </Button>
          ) : undefined
        }
      />
    );
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        icon={<SlidersHorizontal className="size-5" />}
        title="Every widget is hidden"
        description="Choose the widgets to show on your home page."
        action={<Button onClick={() => setCustomising(true)}>Customise</Button>}
      />
    );
  } else {
    body = (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {visible.map((w) => {
          const Widget = WIDGETS[w.key];
          return <Widget key={w.id} slug={slug} />;
        })}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Home"
        icon={<House className="size-4" />}
        actions={
          loaded && hasProjects ? (
            <Button size="sm" onClick={() => setCustomising(true)}>
              <SlidersHorizontal className="size-4" aria-hidden /> Customise
            </Button>
          ) : undefined
        }
      />
      <main className="flex-1 overflow-y-auto bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight text-fg">
              {greeting(now)}, {user.firstName}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              <time dateTime={now.toISOString().slice(0, 10)}>
                {now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
              </time>
              {workspace && <> · {workspace.name}</>}
            </p>
          </div>
          {body}
        </div>
      </main>
      {loaded && <CustomisePanel slug={slug} open={customising} onOpenChange={setCustomising} />}
      {creating && (
        <Suspense fallback={null}>
          <CreateProjectDialog slug={slug} open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </>
  );
});

function HomeRouteScreen() {
  const { workspaceSlug = '' } = useParams({ strict: false });
  return <HomeScreen key={workspaceSlug} slug={workspaceSlug} />;
}

/** The lazily loaded half of the home route in routes/WorkspaceHomeRoute.tsx. */
export const HomeLazyRoute = createLazyRoute('/authed/$workspaceSlug/')({
  component: HomeRouteScreen,
});
