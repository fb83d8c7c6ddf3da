import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

export const projectSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/projects/$projectId',
  loader: ({ context, params }) => loadProject(context.stores, params.workspaceSlug, params.projectId),
  pendingComponent: () => <PageLoader label="Loading project" />,
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsRouteScreen',
  ),
});

export const projectSettingsGeneralRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsGeneralScreen',
  ),
});

export const projectSettingsMembersRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'members',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsMembersScreen',
  ),
});

export const projectSettingsFeaturesRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'features',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsFeaturesScreen',
  ),
});

export const projectSettingsStatesRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'states',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsStatesScreen',
  ),
});

export const projectSettingsLabelsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'labels',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsLabelsScreen',
  ),
});

export const projectSettingsEstimatesRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'estimates',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsEstimatesScreen',
  ),
});

export const projectSettingsAutomationsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'automations',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsAutomationsScreen',
  ),
});

export const projectSettingsIntegrationsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'integrations',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsIntegrationsScreen',
  ),
});

export const projectSettingsImportsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'imports',
  component: lazyRouteComponent(
    () => import('../features/projects/settings/ProjectSettingsScreen.tsx'),
    'ProjectSettingsImportsScreen',
  ),
});

export const projectSettingsTree = projectSettingsRoute.addChildren([
  projectSettingsGeneralRoute,
  projectSettingsMembersRoute,
  projectSettingsFeaturesRoute,
  projectSettingsStatesRoute,
  projectSettingsLabelsRoute,
  projectSettingsEstimatesRoute,
  projectSettingsAutomationsRoute,
  projectSettingsIntegrationsRoute,
  projectSettingsImportsRoute,
]);
