import { useParams } from '@tanstack/react-router';
import { Layers } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { ViewsList } from '../views/ViewsList.tsx';
import { NEW_WORKSPACE_VIEW_SETTINGS } from './globalViews.ts';
import { ALL_VIEWS, WorkspaceViewTabs } from './WorkspaceViewTabs.tsx';

/** Every custom workspace view (`/{ws}/workspace-views/all`): search, sort, favorites, create. */
export const WorkspaceViewsListScreen = observer(function WorkspaceViewsListScreen({
  slug,
}: {
  slug: string;
}) {
  return (
    <>
      <PageHeader icon={<Layers className="size-4" />} title="Views" />
      <WorkspaceViewTabs slug={slug} current={ALL_VIEWS} />
      <ViewsList place={{ slug, projectId: null }} newViewSettings={NEW_WORKSPACE_VIEW_SETTINGS} />
    </>
  );
});

/** The route's screen. */
export function WorkspaceViewsListRouteScreen() {
  const { workspaceSlug = '' } = useParams({ strict: false });
  return <WorkspaceViewsListScreen key={workspaceSlug} slug={workspaceSlug} />;
}
