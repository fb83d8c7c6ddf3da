import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { Inbox, Layers, Lock } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { BoardBody } from '../issues/BoardBody.tsx';
import { AppliedFilters } from '../issues/header/AppliedFilters.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { FiltersMenu } from '../issues/header/FiltersMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import { useCrossProjectView } from '../issues/useCrossProjectView.ts';
import { FavoriteToggle } from '../planning/PlanningParts.tsx';
import { SavedViewBar } from '../views/SavedViewBar.tsx';
import { SaveViewButton } from '../views/SaveViewButton.tsx';
import { ViewActions } from '../views/ViewActions.tsx';
import { viewScope } from '../views/viewList.ts';
import { GLOBAL_VIEW_DEFAULT_LAYOUT, GLOBAL_VIEW_LAYOUTS, globalViewScope } from './globalViews.ts';
import { type GlobalView, isGlobalView } from './viewIds.ts';
import { WorkspaceViewTabs } from './WorkspaceViewTabs.tsx';

const EMPTY: Record<GlobalView, { title: string; description: string }> = {
  'all-issues': {
    title: 'No work items in your projects',
    description: 'Work items of every project you are a member of show up here.',
  },
  assigned: {
    title: 'Nothing is assigned to you',
    description: 'Work items assigned to you in any of your projects show up here.',
  },
  created: {
    title: 'You have not created any work items',
    description: 'Work items you create in any of your projects show up here.',
  },
  subscribed: {
    title: 'You are not subscribed to any work items',
    description:
      'You are subscribed to what you create or are assigned; anyone can subscribe from a work item’s page.',
  },
};

/**
 * The workspace's views (`/{ws}/workspace-views/{view}`): work items across the caller's
 * projects — all of them or those assigned to, created by or subscribed to by the caller (the
 * built-in views), or a custom workspace view's (a saved view, started from its filters and
 * display, with its unsaved changes, update, reset, lock, access and favorite). Nothing is created
 * here; an item's properties are edited by the role in its project, and it opens on its page.
 */
export const WorkspaceViewsScreen = observer(function WorkspaceViewsScreen({
  slug,
  viewId,
}: {
  slug: string;
  viewId: string;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const builtIn = isGlobalView(viewId) ? viewId : null;
  const place = { slug, projectId: null };
  const [scope] = useState(() =>
    builtIn ? globalViewScope(slug, builtIn, stores.user.user?.id ?? '') : viewScope(stores, place, viewId),
  );
  const view = useCrossProjectView(slug, scope, 'workspace', { layout: GLOBAL_VIEW_DEFAULT_LAYOUT });
  const saved = builtIn ? undefined : stores.views.find(viewId);
  if (!builtIn && !saved) return <PageLoader label="Loading view" />;
  // A built-in view's own param (`assignees=<me>`…) is a filter of the view saved from it.
  const fixed = Object.fromEntries(Object.entries(scope.params ?? {}).map(([key, value]) => [key, [value]]));

  return (
    <>
      <PageHeader
        icon={<Layers className="size-4" />}
        title={
          saved ? (
            <span className="flex min-w-0 items-center gap-2">
              <Link
                to="/$workspaceSlug/workspace-views/all"
                params={{ workspaceSlug: slug }}
                className="shrink-0 text-fg-muted hover:text-fg"
              >
                Views
              </Link>
              <span className="text-fg-subtle">/</span>
              <span className="truncate">{saved.name}</span>
              {saved.is_locked && <Lock className="size-3.5 shrink-0 text-fg-muted" aria-label="Locked" />}
            </span>
          ) : (
            'Views'
          )
        }
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} layouts={GLOBAL_VIEW_LAYOUTS} />
            <FiltersMenu view={view} />
            <DisplayMenu view={view} />
            {saved ? (
              <>
                <FavoriteToggle
                  on={saved.is_favorite}
                  toggle={() => stores.views.toggleFavorite(place, saved.id).then(() => undefined)}
                />
                <ViewActions
                  place={place}
                  view={saved}
                  onDeleted={() =>
                    void navigate({
                      to: '/$workspaceSlug/workspace-views/$globalViewId',
                      params: { workspaceSlug: slug, globalViewId: 'all-issues' },
                    })
                  }
                />
              </>
            ) : (
              <SaveViewButton place={place} view={view} fixed={fixed} />
            )}
          </>
        }
      />
      <WorkspaceViewTabs slug={slug} current={viewId} />
      {saved && <SavedViewBar place={place} saved={saved} view={view} />}
      <AppliedFilters view={view} />
      <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
        <BoardBody
          view={view}
          empty={
            <EmptyState
              icon={<Inbox className="size-5" />}
              title={builtIn ? EMPTY[builtIn].title : 'No work items in this view'}
              description={
                builtIn
                  ? EMPTY[builtIn].description
                  : 'Work items of your projects that match the view’s filters show up here.'
              }
            />
          }
        />
      </main>
    </>
  );
});

/** The route's screen: one IssueView per view and workspace. */
export function WorkspaceViewsRouteScreen() {
  const { workspaceSlug = '', globalViewId = 'all-issues' } = useParams({ strict: false });
  return (
    <WorkspaceViewsScreen
      key={`${workspaceSlug}/${globalViewId}`}
      slug={workspaceSlug}
      viewId={globalViewId}
    />
  );
}
