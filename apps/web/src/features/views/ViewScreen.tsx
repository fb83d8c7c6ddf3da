import { createLazyRoute, Link, useNavigate, useParams } from '@tanstack/react-router';
import { Inbox, Lock, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { useIssueShortcuts } from '../issues/actions.ts';
import { BoardBody } from '../issues/BoardBody.tsx';
import { IssuePeek } from '../issues/detail/IssuePeek.tsx';
import { useBoardDrops } from '../issues/dnd.ts';
import { AppliedFilters } from '../issues/header/AppliedFilters.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { FiltersMenu } from '../issues/header/FiltersMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import { LazyCreateIssueDialog } from '../issues/LazyCreateIssueDialog.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { FavoriteToggle } from '../planning/PlanningParts.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { SavedViewBar } from './SavedViewBar.tsx';
import { ViewActions } from './ViewActions.tsx';
import { viewListView } from './viewList.ts';

const ROUTE = '/$workspaceSlug/projects/$projectId/views/$viewId';

/**
 * A project's saved view: its work items in every layout (the project's list, scoped to the
 * view), started from the view's filters and display; changes stay on the page until the view
 * is updated or reset (SavedViewBar).
 */
export const ViewScreen = observer(function ViewScreen({
  slug,
  projectId,
  viewId,
}: {
  slug: string;
  projectId: string;
  viewId: string;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const [view] = useState(() =>
    viewListView(stores, slug, projectId, viewId, (issueId) =>
      navigate({
        to: ROUTE,
        params: { workspaceSlug: slug, projectId, viewId },
        search: (prev: Record<string, unknown>) => ({ ...prev, peekId: issueId }),
      } as never),
    ),
  );
  useIssueShortcuts(view);
  useBoardDrops(view);
  useEffect(() => {
    if (!view.list) void view.fetch();
  }, [view]);

  const project = view.project;
  const saved = stores.views.find(viewId);
  if (project && !project.issue_views_view)
    return <FeatureOff slug={slug} project={project} feature="Views" />;
  if (!project || !saved) return <PageLoader label="Loading view" />;
  const place = { slug, projectId };

  return (
    <>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            <Link
              to="/$workspaceSlug/projects/$projectId/issues"
              params={{ workspaceSlug: slug, projectId }}
              className="hidden shrink-0 text-fg-muted hover:text-fg lg:inline"
            >
              {project.name}
            </Link>
            <span className="hidden text-fg-subtle lg:inline">/</span>
            <Link
              to="/$workspaceSlug/projects/$projectId/views"
              params={{ workspaceSlug: slug, projectId }}
              className="shrink-0 text-fg-muted hover:text-fg"
            >
              Views
            </Link>
            <span className="text-fg-subtle">/</span>
            <span className="truncate">{saved.name}</span>
            {saved.is_locked && <Lock className="size-3.5 shrink-0 text-fg-muted" aria-label="Locked" />}
          </span>
        }
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} />
            <FiltersMenu view={view} />
            <DisplayMenu view={view} />
            {view.canEdit && (
              <Button variant="primary" size="sm" onClick={() => view.openCreate()}>
                <Plus className="size-3.5" aria-hidden /> New work item
              </Button>
            )}
            <FavoriteToggle
              on={saved.is_favorite}
              toggle={() => stores.views.toggleFavorite(place, saved.id).then(() => undefined)}
            />
            <ViewActions
              place={place}
              view={saved}
              onDeleted={() =>
                void navigate({
                  to: '/$workspaceSlug/projects/$projectId/views',
                  params: { workspaceSlug: slug, projectId },
                })
              }
            />
          </>
        }
      />
      <SavedViewBar place={place} saved={saved} view={view} />
      <AppliedFilters view={view} />
      <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
        <BoardBody
          view={view}
          empty={
            <EmptyState
              icon={<Inbox className="size-5" />}
              title="No work items in this view"
              description="Work items of the project that match the view’s filters show up here."
            />
          }
        />
      </main>
      <LazyCreateIssueDialog view={view} />
      <IssuePeek
        slug={slug}
        projectId={projectId}
        route={ROUTE}
        ids={() => view.visibleIds}
        onMove={view.focus}
      />
    </>
  );
});

function ViewRouteScreen() {
  const { workspaceSlug = '', projectId = '', viewId = '' } = useParams({ strict: false });
  return (
    <ViewScreen
      key={`${workspaceSlug}/${projectId}/${viewId}`}
      slug={workspaceSlug}
      projectId={projectId}
      viewId={viewId}
    />
  );
}

/** The lazily loaded half of the view route in routes/ViewsRoute.tsx. */
export const ViewLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/views/$viewId')({
  component: ViewRouteScreen,
});
