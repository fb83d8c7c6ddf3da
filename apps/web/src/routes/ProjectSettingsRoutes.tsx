import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { loadProject } from './ProjectIssuesRoute.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

export const projectSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/projects/$projectId',
  loader: ({ context, params }) => loadProject(context.stores, params.workspaceSlug, params.projectId),
  pendingComponent: () => <PageLoader label="Loading project" />,
  component: lazyRouteComponent(() => import('./screens/ProjectSettingsScreen.tsx'), 'projectSettingsScreen'),
});

export const projectSettingsGeneralRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsGeneralScreen',
  ),
});

export const projectSettingsMembersRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'members',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsMembersScreen',
  ),
});

export const projectSettingsFeaturesRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'features',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsFeaturesScreen',
  ),
});

export const projectSettingsStatesRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'states',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsStatesScreen',
  ),
});

export const projectSettingsLabelsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'labels',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsLabelsScreen',
  ),
});

export const projectSettingsEstimatesRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'estimates',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsEstimatesScreen',
  ),
});

export const projectSettingsAutomationsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'automations',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsAutomationsScreen',
  ),
});

export const projectSettingsIntegrationsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'integrations',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsIntegrationsScreen',
  ),
});

export const projectSettingsImportsRoute = createRoute({
  getParentRoute: () => projectSettingsRoute,
  path: 'imports',
  component: lazyRouteComponent(
    () => import('./screens/ProjectSettingsScreen.tsx'),
    'projectSettingsImportsScreen',
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
