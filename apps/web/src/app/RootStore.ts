import { ApiTokenStore } from '../features/api-tokens/ApiTokenStore.ts';
import { SidebarStore } from '../features/app-shell/SidebarStore.ts';
import { CycleStore } from '../features/cycles/CycleStore.ts';
import { GithubSyncStore } from '../features/github-sync/GithubSyncStore.ts';
import { DashboardStore } from '../features/home/DashboardStore.ts';
import { InstanceStore } from '../features/instance/InstanceStore.ts';
import { IntakeStore } from '../features/intake/IntakeStore.ts';
import { InvitationStore } from '../features/invitations/InvitationStore.ts';
import { IssueFilterStore } from '../features/issues/store/IssueFilterStore.ts';
import { IssueListStore } from '../features/issues/store/IssueListStore.ts';
import { IssueStore } from '../features/issues/store/IssueStore.ts';
import { LiveUpdates } from '../features/live/liveUpdates.ts';
import { MemberStore } from '../features/members/MemberStore.ts';
import { ModuleStore } from '../features/modules/ModuleStore.ts';
import { NotificationPreferenceStore } from '../features/notifications/NotificationPreferenceStore.ts';
import { NotificationStore } from '../features/notifications/NotificationStore.ts';
import { EstimateStore } from '../features/projects/EstimateStore.ts';
import { LabelStore } from '../features/projects/LabelStore.ts';
import { ProjectStore } from '../features/projects/ProjectStore.ts';
import { PublishStore } from '../features/projects/PublishStore.ts';
import { StateStore } from '../features/projects/StateStore.ts';
import { UserStore } from '../features/user/UserStore.ts';
import { ViewStore } from '../features/views/ViewStore.ts';
import { WebhookStore } from '../features/webhooks/WebhookStore.ts';
import { WorkspaceStore } from '../features/workspaces/WorkspaceStore.ts';

/** Every store of the app; one instance per page, handed to routes and components. */
export class RootStore {
  readonly user = new UserStore();
  readonly workspaces = new WorkspaceStore();
  readonly members = new MemberStore();
  readonly invitations = new InvitationStore();
  readonly instance = new InstanceStore();
  readonly sidebar = new SidebarStore();
  readonly projects = new ProjectStore();
  readonly states = new StateStore();
  readonly labels = new LabelStore();
  readonly estimates = new EstimateStore();
  readonly publish = new PublishStore();
  readonly cycles = new CycleStore();
  readonly modules = new ModuleStore();
  readonly views = new ViewStore();
  readonly notifications = new NotificationStore();
  readonly notificationPreferences = new NotificationPreferenceStore();
  readonly intake = new IntakeStore();
  readonly apiTokens = new ApiTokenStore();
  readonly webhooks = new WebhookStore();
  readonly githubSync = new GithubSyncStore();
  readonly dashboard = new DashboardStore();
  readonly issues = new IssueStore({
    stateGroupOf: (projectId, stateId) =>
      this.states.statesOf(projectId).find((s) => s.id === stateId)?.group,
    defaultStateOf: (projectId) => this.states.statesOf(projectId).find((s) => s.default)?.id,
    currentUserId: () => this.user.user?.id,
  });
  readonly issueLists = new IssueListStore(this.issues);
  readonly issueFilters = new IssueFilterStore();
  readonly live = new LiveUpdates({
    issues: this.issues,
    issueLists: this.issueLists,
    planningChanged: (entity, slug, projectId) => {
      const store = entity === 'cycle' ? this.cycles : this.modules;
      if (store.isLoaded(projectId)) store.fetch(slug, projectId).catch(() => undefined);
    },
    projectChanged: (slug, projectId, deleted) => {
      this.projects.refreshProject(slug, projectId, deleted).catch(() => undefined);
    },
    membersChanged: (slug) => {
      if (this.members.isLoaded(slug)) this.members.fetchMembers(slug).catch(() => undefined);
    },
  });

  /** Forgets everything that belonged to the signed-in user (sign-out, deactivation). */
  reset(): void {
    this.user.reset();
    this.workspaces.reset();
    this.members.reset();
    this.invitations.reset();
    this.projects.reset();
    this.states.reset();
    this.labels.reset();
    this.estimates.reset();
    this.publish.reset();
    this.cycles.reset();
    this.modules.reset();
    this.views.reset();
    this.notifications.reset();
    this.notificationPreferences.reset();
    this.intake.reset();
    this.apiTokens.reset();
    this.webhooks.reset();
    this.githubSync.reset();
    this.dashboard.reset();
    this.issueLists.reset();
    this.issueFilters.reset();
    this.issues.reset();
  }
}
