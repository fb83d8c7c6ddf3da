import { Link, useNavigate, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { Inbox, Layers } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { useIssueShortcuts } from '../issues/actions.ts';
import { BoardBody } from '../issues/BoardBody.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import { IssueView } from '../issues/IssueView.ts';
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
  const stores = useStores();
  const navigate = useNavigate();
  const userId = stores.user.user?.id ?? '';
  const [view] = useState(() => {
    const scope = globalViewScope(slug, viewId, userId);
    stores.issueFilters.loadLocal(scope.settingsKey, 'workspace', { layout: GLOBAL_VIEW_DEFAULT_LAYOUT });
    return new IssueView(
      stores,
      slug,
      '',
      (issueId) => {
        const projectId = stores.issues.get(issueId)?.project_id;
        if (!projectId) return;
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/issues/$issueId',
          params: { workspaceSlug: slug, projectId, issueId },
        });
      },
      'workspace',
      scope,
    );
  });
  useIssueShortcuts(view);
  useEffect(() => {
    void view.fetch(view.list?.loaded ? 'mutation' : undefined);
  }, [view]);

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
      <nav aria-label="Views" className="flex shrink-0 gap-1 overflow-x-auto border-b border-border px-4">
        {GLOBAL_VIEWS.map((id) => (
          <Link
            key={id}
            to="/$workspaceSlug/workspace-views/$globalViewId"
            params={{ workspaceSlug: slug, globalViewId: id }}
            aria-current={id === viewId ? 'page' : undefined}
            className={clsx(
              '-mb-px border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap',
              id === viewId ? 'border-primary text-fg' : 'border-transparent text-fg-muted hover:text-fg',
            )}
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
