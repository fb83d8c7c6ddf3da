import { createRouter } from '@tanstack/react-router';
import { projectAnalyticsRoute, workspaceAnalyticsRoute } from '../routes/AnalyticsRoute.tsx';
import { authedRoute } from '../routes/authedRoute.ts';
import { createWorkspaceRoute } from '../routes/CreateWorkspaceRoute.tsx';
import { projectCycleRoute, projectCyclesRoute } from '../routes/CyclesRoute.tsx';
import { forgotPasswordRoute } from '../routes/ForgotPasswordRoute.tsx';
import { godModeTree } from '../routes/GodModeRoutes.tsx';
import { projectIntakeTree } from '../routes/IntakeRoute.tsx';
import { invitationsRoute } from '../routes/InvitationsRoute.tsx';
import { browseWorkItemRoute, issueDetailRoute } from '../routes/IssueDetailRoute.tsx';
import { projectModuleRoute, projectModulesRoute } from '../routes/ModulesRoute.tsx';
import { notificationsRoute } from '../routes/NotificationsRoute.tsx';
import { onboardingRoute } from '../routes/OnboardingRoute.tsx';
import { projectPageRoute, projectPagesRoute } from '../routes/PagesRoute.tsx';
import { profileGeneralRoute } from '../routes/ProfileGeneralRoute.tsx';
import { profileNotificationsRoute } from '../routes/ProfileNotificationsRoute.tsx';
import { profilePreferencesRoute } from '../routes/ProfilePreferencesRoute.tsx';
import { profileSecurityRoute } from '../routes/ProfileSecurityRoute.tsx';
import {
  profileSettingsIndexRoute,
  profileSettingsRoute,
  settingsIndexRoute,
} from '../routes/ProfileSettingsLayoutRoute.tsx';
import {
  projectArchivedIssuesRoute,
  projectDraftIssuesRoute,
  projectIssuesRoute,
} from '../routes/ProjectIssuesRoute.tsx';
import { projectSettingsTree } from '../routes/ProjectSettingsRoutes.tsx';
import { projectsArchivesRoute, projectsRoute } from '../routes/ProjectsRoute.tsx';
import { publicBoardRoute } from '../routes/PublicBoardRoute.tsx';
import { resetPasswordRoute } from '../routes/ResetPasswordRoute.tsx';
import { setPasswordRoute } from '../routes/SetPasswordRoute.tsx';
import { signInAliasRoute, signInRoute } from '../routes/SignInRoute.tsx';
import { signUpRoute } from '../routes/SignUpRoute.tsx';
import { projectViewRoute, projectViewsRoute } from '../routes/ViewsRoute.tsx';
import { workspaceHomeRoute } from '../routes/WorkspaceHomeRoute.tsx';
import { workspaceInvitationRoute } from '../routes/WorkspaceInvitationRoute.tsx';
import { workspaceRoute } from '../routes/WorkspaceLayoutRoute.tsx';
import { workspaceProfileRoute, workspaceProfileViewRoute } from '../routes/WorkspaceProfileRoute.tsx';
import { workspaceSettingsApiTokensRoute } from '../routes/WorkspaceSettingsApiTokensRoute.tsx';
import { workspaceSettingsGeneralRoute } from '../routes/WorkspaceSettingsGeneralRoute.tsx';
import { workspaceSettingsRoute } from '../routes/WorkspaceSettingsLayoutRoute.tsx';
import { workspaceSettingsMembersRoute } from '../routes/WorkspaceSettingsMembersRoute.tsx';
import {
  workspaceSettingsWebhookRoute,
  workspaceSettingsWebhooksRoute,
} from '../routes/WorkspaceSettingsWebhooksRoute.tsx';
import {
  workspaceViewRoute,
  workspaceViewsIndexRoute,
  workspaceViewsListRoute,
} from '../routes/WorkspaceViewsRoute.tsx';
import { PageLoader } from '../ui/Spinner.tsx';
import type { RootStore } from './RootStore.ts';
import { rootRoute } from './rootRoute.tsx';
import { parseSearch, stringifySearch } from './search.ts';

/** The whole URL map (architecture.md §6), built in code. */
export const routeTree = rootRoute.addChildren([
  signInRoute,
  signInAliasRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  workspaceInvitationRoute,
  publicBoardRoute,
  authedRoute.addChildren([
    setPasswordRoute,
    onboardingRoute,
    createWorkspaceRoute,
    invitationsRoute,
    godModeTree,
    settingsIndexRoute,
    profileSettingsRoute.addChildren([
      profileSettingsIndexRoute,
      profileGeneralRoute,
      profilePreferencesRoute,
      profileNotificationsRoute,
      profileSecurityRoute,
    ]),
    workspaceRoute.addChildren([
      workspaceHomeRoute,
      projectsRoute,
      projectsArchivesRoute,
      projectIssuesRoute,
      projectArchivedIssuesRoute,
      projectDraftIssuesRoute,
      projectCyclesRoute,
      projectCycleRoute,
      projectModulesRoute,
      projectModuleRoute,
      projectViewsRoute,
      projectViewRoute,
      projectIntakeTree,
      projectPagesRoute,
      projectPageRoute,
      projectAnalyticsRoute,
      workspaceAnalyticsRoute,
      issueDetailRoute,
      browseWorkItemRoute,
      workspaceProfileRoute,
      workspaceProfileViewRoute,
      workspaceViewsIndexRoute,
      workspaceViewsListRoute,
      workspaceViewRoute,
      notificationsRoute,
      projectSettingsTree,
      workspaceSettingsRoute.addChildren([
        workspaceSettingsGeneralRoute,
        workspaceSettingsMembersRoute,
        workspaceSettingsApiTokensRoute,
        workspaceSettingsWebhooksRoute,
        workspaceSettingsWebhookRoute,
      ]),
    ]),
  ]),
]);

export function createAppRouter(
  stores: RootStore,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  return createRouter({
    routeTree,
    context: { stores },
    parseSearch,
    stringifySearch,
    defaultPreload: false,
    defaultPendingComponent: () => <PageLoader />,
    defaultPendingMs: 150,
    // The router keeps a shown loader for 500 ms by default, so as not to flash it. A cold
    // board load shows it at ~0.4 s and has its data at ~0.55 s: that rule held the board back
    // for 0.35 s. The page is what the user waits for; a short loader is the lesser evil.
    defaultPendingMinMs: 0,
    scrollRestoration: true,
    ...options,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
