import { createLazyRoute, useParams } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { ProjectSectionTitle } from '../projects/ProjectSectionTitle.tsx';
import { ViewsList } from './ViewsList.tsx';

/** A project's saved views (`/{ws}/projects/{id}/views`), or why there are none while the feature is off. */
export const ViewsScreen = observer(function ViewsScreen({
  slug,
  projectId,
}: {
  slug: string;
  projectId: string;
}) {
  const stores = useStores();
  const project = stores.projects.get(slug, projectId);
  if (!project) return <PageLoader label="Loading project" />;
  if (!project.issue_views_view) return <FeatureOff slug={slug} project={project} feature="Views" />;
  return (
    <>
      <PageHeader title={<ProjectSectionTitle slug={slug} project={project} section="Views" />} />
      <ViewsList place={{ slug, projectId }} />
    </>
  );
});

function ViewsRouteScreen() {
  const { workspaceSlug = '', projectId = '' } = useParams({ strict: false });
  return <ViewsScreen key={`${workspaceSlug}/${projectId}`} slug={workspaceSlug} projectId={projectId} />;
}

/** The lazily loaded half of the views list route in routes/ViewsRoute.tsx. */
export const ViewsLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/views')({
  component: ViewsRouteScreen,
});
