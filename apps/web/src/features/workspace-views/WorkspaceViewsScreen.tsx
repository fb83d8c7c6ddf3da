import { Link, useParams } from '@tanstack/react-router';
import { Inbox, Layers } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { BoardBody } from '../issues/BoardBody.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import { useCrossProjectView } from '../issues/useCrossProjectView.ts';
import {
  GLOBAL_VIEW_DEFAULT_LAYOUT,
  GLOBAL_VIEW_LABELS,
  GLOBAL_VIEW_LAYOUTS,
  globalViewScope,
} from './globalViews.ts';
import { GLOBAL_VIEWS, type GlobalView, isGlobalView } from './viewIds.ts';

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
 * The workspace's global views (`/{ws}/workspace-views/{view}`): work items across the caller's
 * projects, all of them or those assigned to, created by or subscribed to by the caller.
 * Nothing is created here; an item's properties are edited by the role in its project, and
 * it opens on its page.
 */
export const WorkspaceViewsScreen = observer(function WorkspaceViewsScreen({
  slug,
  viewId,
}: {
  slug: string;
  viewId: GlobalView;
}) {
  const { user } = useStores();
  const view = useCrossProjectView(slug, globalViewScope(slug, viewId, user.user?.id ?? ''), 'workspace', {
    layout: GLOBAL_VIEW_DEFAULT_LAYOUT,
  });

  return (
    <>
      <PageHeader
        icon={<Layers className="size-4" />}
        title="Views"
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} layouts={GLOBAL_VIEW_LAYOUTS} />
            <DisplayMenu view={view} />
          </>
        }
      />
      <nav aria-label="Views" className={tabBarClass}>
        {GLOBAL_VIEWS.map((id) => (
          <Link
            key={id}
            to="/$workspaceSlug/workspace-views/$globalViewId"
            params={{ workspaceSlug: slug, globalViewId: id }}
            aria-current={id === viewId ? 'page' : undefined}
            className={tabClass(id === viewId)}
          >
            {GLOBAL_VIEW_LABELS[id]}
          </Link>
        ))}
      </nav>
      <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
        <BoardBody
          view={view}
          empty={
            <EmptyState
              icon={<Inbox className="size-5" />}
              title={EMPTY[viewId].title}
              description={EMPTY[viewId].description}
            />
          }
        />
      </main>
    </>
  );
});

/** The route's screen: one IssueView per view and workspace. */
export function WorkspaceViewsRouteScreen() {
  const { workspaceSlug = '', globalViewId } = useParams({ strict: false });
  const viewId = isGlobalView(globalViewId) ? globalViewId : 'all-issues';
  return <WorkspaceViewsScreen key={`${workspaceSlug}/${viewId}`} slug={workspaceSlug} viewId={viewId} />;
}
