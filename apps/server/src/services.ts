import type { Config } from './config.ts';
import { createAnalyticsService } from './domains/analytics/analytics.service.ts';
import { createApiTokensService } from './domains/api-tokens/api-tokens.service.ts';
import { createAccessCache } from './domains/auth/access-cache.ts';
import { createAuthService } from './domains/auth/auth.service.ts';
import { createSessionService } from './domains/auth/session.service.ts';
import { createCommentsService } from './domains/comments/comments.service.ts';
import { createCyclesService } from './domains/cycles/cycles.service.ts';
import { createDashboardService } from './domains/dashboard/dashboard.service.ts';
import { createEstimatesService } from './domains/estimates/estimates.service.ts';
import { createExportsService } from './domains/exports/exports.service.ts';
import { createFavoritesService } from './domains/favorites/favorites.service.ts';
import { createGithubClient } from './domains/github-sync/github-sync.client.ts';
import { queueGithubStatePushes } from './domains/github-sync/github-sync.events.ts';
import { createGithubItems } from './domains/github-sync/github-sync.items.ts';
import { createGithubSyncService } from './domains/github-sync/github-sync.service.ts';
import { createGithubSyncWorker } from './domains/github-sync/github-sync.worker.ts';
import { createImportsService, IMPORT_LEASE_SECONDS } from './domains/imports/imports.service.ts';
import { createImportRunner } from './domains/imports/run-import.ts';
import { createInstanceService } from './domains/instance/instance.service.ts';
import { createInstanceAdminService } from './domains/instance/instance-admin.service.ts';
import { createIntakeService } from './domains/intake/intake.service.ts';
import { createInvitationsService } from './domains/invitations/invitations.service.ts';
import { createArchiveService } from './domains/issues/archive.service.ts';
import { createAttachmentsService } from './domains/issues/attachments.service.ts';
import { createAutomationsService } from './domains/issues/automations.service.ts';
import { createIssueImportWrites } from './domains/issues/import-writes.ts';
import { createIssueDetailsService } from './domains/issues/issue-details.ts';
import { createIssueExpansionsService } from './domains/issues/issue-expansions.ts';
import { createIssuesService } from './domains/issues/issues.service.ts';
import { createLinksService } from './domains/issues/links.service.ts';
import { createIssueListCache } from './domains/issues/list-cache.ts';
import { createListChanges } from './domains/issues/list-cache-feed.ts';
import { createRelationsService } from './domains/issues/relations.service.ts';
import { createIssueSearchService } from './domains/issues/search.service.ts';
import { createSubIssuesService } from './domains/issues/sub-issues.service.ts';
import { createSubscriptionsService } from './domains/issues/subscriptions.service.ts';
import { createLabelsService } from './domains/labels/labels.service.ts';
import { createLiveHub } from './domains/live/live-hub.ts';
import { createMembersService } from './domains/members/members.service.ts';
import { createModulesService } from './domains/modules/modules.service.ts';
import { sendNotificationDigests } from './domains/notifications/notification-digest.ts';
import { createNotificationsService } from './domains/notifications/notifications.service.ts';
import { notifyFromEvent } from './domains/notifications/notify.ts';
import { createOAuthService } from './domains/oauth/oauth.service.ts';
import { createOAuthClients } from './domains/oauth/oauth-clients.ts';
import { createPageCollaboration } from './domains/pages/page-collaboration.ts';
import { createPagesService } from './domains/pages/pages.service.ts';
import { createProfileService } from './domains/profile/profile.service.ts';
import { createProjectMembersService } from './domains/projects/project-members.service.ts';
import { createProjectsService } from './domains/projects/projects.service.ts';
import { createPublishingService } from './domains/publishing/publishing.service.ts';
import { createSearchService } from './domains/search/search.service.ts';
import { createStatesService } from './domains/states/states.service.ts';
import { createUserPropertiesService } from './domains/user-properties/user-properties.service.ts';
import { createUsersService } from './domains/users/users.service.ts';
import { createViewsService } from './domains/views/views.service.ts';
import { createWebhookDeliveryWorker } from './domains/webhooks/webhooks.delivery.ts';
import { queueWebhookDeliveries } from './domains/webhooks/webhooks.events.ts';
import { createWebhooksService } from './domains/webhooks/webhooks.service.ts';
import { createWorkspacesService } from './domains/workspaces/workspaces.service.ts';
import type { Database } from './platform/db/database.ts';
import { createOutboxWorker } from './platform/jobs/outbox-worker.ts';
import { createLogMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { createSecretBox, resolveServerKey, type SecretBox } from './platform/security/secret-box.ts';
import { type FileStorage, uploadsFolder } from './platform/storage/file-storage.ts';
import { createLocalStorage } from './platform/storage/local-storage.ts';

export interface Lifecycle {
  shuttingDown: boolean;
}

/** Wires every domain service once; routes receive this object. */
export function createServices(
  database: Database,
  config: Config,
  options: {
    mailLog?: (line: string) => void;
    onMailError?: (error: unknown) => void;
    /** An outbox event's handler failed (it is retried later). */
    onJobError?: (error: unknown) => void;
    /** Where stored files go (`createFileStorage(config)`); the uploads folder when left out. */
    storage?: FileStorage;
  } = {},
) {
  const db = database.db;
  const lifecycle: Lifecycle = { shuttingDown: false };
  // Made on first use: a server that never handles a secret never needs the key.
  let secretBox: SecretBox | undefined;
  const secrets = () => (secretBox ??= createSecretBox(resolveServerKey(config.secretKey, config.dataDir)));
  const instance = createInstanceService(db, config, { secrets });
  const logMailer = createLogMailer(options.mailLog);
  let smtp: { key: string; mailer: Mailer } | undefined;

  /** SMTP settings may change at run time (instance configuration), so the mailer is resolved per mail. */
  async function mailer(): Promise<Mailer> {
    const settings = (await instance.settings()).smtp;
    if (!settings) return logMailer;
    const key = JSON.stringify(settings);
    if (smtp?.key !== key) {
      smtp = { key, mailer: createSmtpMailer(settings, options.onMailError ?? ((e) => console.error(e))) };
    }
    return smtp.mailer;
  }

  if (config.s3 && !options.storage)
    throw new Error('S3 storage is configured: pass createFileStorage(config)');
  const storage = options.storage ?? createLocalStorage(uploadsFolder(config));
  const users = createUsersService(db);
  const accessCache = createAccessCache();
  const sessions = createSessionService(db, config, accessCache);
  const members = createMembersService(db);
  const workspaces = createWorkspacesService(db, { instance, users, members });
  const invitations = createInvitationsService(db, { members, users, workspaces, mailer });
  const auth = createAuthService(db, config, { users, instance, invitations, mailer });
  const oauth = createOAuthService(db, { auth, users, instance });
  const oauthClients = createOAuthClients(config);
  const states = createStatesService(db);
  const projectMembers = createProjectMembersService(db, { members });
  const projects = createProjectsService(db, { members, projectMembers, states });
  const labels = createLabelsService(db, { projectMembers });
  const issueListCache = createIssueListCache();
  const listChanges = createListChanges(issueListCache, database, { onError: options.onJobError });
  const issues = createIssuesService(db, {
    states,
    labels,
    projectMembers,
    members,
    listCache: issueListCache,
    listChanges,
  });
  const subscriptions = createSubscriptionsService(db, { issues, projectMembers });
  const profile = createProfileService(db, { users, members, projectMembers, issues });
  const archive = createArchiveService(db, { issues, states });
  const automations = createAutomationsService(db, { listChanges });
  const search = createSearchService(db, { projectMembers });
  const exports = createExportsService(db, { projectMembers, storage });
  const attachments = createAttachmentsService(db, { issues, storage });
  const subIssues = createSubIssuesService(db, { issues, states });
  const links = createLinksService(db, { issues });
  const issueSearch = createIssueSearchService(db, { issues, projectMembers, listCache: issueListCache });
  const relations = createRelationsService(db, { issues, projectMembers });
  const comments = createCommentsService(db, { issues, subscriptions, projectMembers });
  const issueExpansions = createIssueExpansionsService({
    issues,
    links,
    relations,
    attachments,
    comments,
    states,
    labels,
    members,
  });
  const estimates = createEstimatesService(db, { projects, projectMembers });
  projects.setEstimateLookup(estimates.exists);
  issues.setEstimatePointLookup(estimates.hasPoint);
  estimates.setPointReassigner(issues.reassignEstimatePoints);
  const userProperties = createUserPropertiesService(db);
  const cycles = createCyclesService(db, { issues, projectMembers, userProperties });
  const modules = createModulesService(db, { issues, projectMembers, userProperties });
  const views = createViewsService(db, { issues });
  const pages = createPagesService(db, { storage });
  const pageCollaboration = createPageCollaboration(pages, database);
  const liveHub = createLiveHub({ db, database, issues, projectMembers });
  const favorites = createFavoritesService(db, { projects, cycles, modules, views });
  const publishing = createPublishingService(db, {
    issues,
    labels,
    projects,
    projectMembers,
    states,
    workspaces,
  });
  const intake = createIntakeService(db, { issues, states });
  publishing.setIntakeLookup(intake.exists);
  const notifications = createNotificationsService(db);
  const apiTokens = createApiTokensService(db);
  const instanceAdmin = createInstanceAdminService(db, {
    instance,
    users,
    members,
    sessions,
    apiTokens,
    workspaces,
  });
  const dashboard = createDashboardService(db, { members });
  const analytics = createAnalyticsService(db, { dashboard });
  const issueDetails = createIssueDetailsService(db, { issues, states });
  const allowPrivate = async () => (await instance.settings()).webhookAllowPrivate;
  const webhooks = createWebhooksService(db, { secrets, allowPrivate });
  const webhookDeliveries = createWebhookDeliveryWorker(db, {
    secrets,
    allowPrivate,
    timeoutMs: config.webhooks.timeoutMs,
    mailer,
    onError: options.onJobError ?? ((error) => console.error('webhook delivery failed', error)),
  });
  // GitHub repository sync: calls to GitHub pass the webhooks' egress guard and run as jobs of its worker.
  const githubSync = createGithubSyncService(db, {
    secrets,
    labels,
    client: createGithubClient({
      apiUrl: config.github.apiUrl,
      allowPrivate,
      timeoutMs: config.webhooks.timeoutMs,
    }),
    items: createGithubItems(db, { issues, comments, states }),
    listChanges,
  });
  const githubSyncWorker = createGithubSyncWorker(db, githubSync, {
    onError: options.onJobError ?? ((error) => console.error('GitHub sync job failed', error)),
  });
  // Every consumer of committed events, in one worker: notifications, webhook deliveries and GitHub
  // state pushes (live events join here).
  const outboxWorker = createOutboxWorker(
    db,
    [notifyFromEvent, queueWebhookDeliveries, queueGithubStatePushes],
    {
      onError: options.onJobError ?? ((error) => console.error('outbox event failed', error)),
    },
  );
  const notificationDigest = { run: () => sendNotificationDigests(db, mailer) };
  // CSV imports: the runner reads the stored file in passes and writes work items in batches
  // through the issues domain's import writes, names through the states, labels and cycles services.
  const imports = createImportsService(db, {
    storage,
    fileSizeLimit: config.importFileSizeLimit,
    onError: options.onJobError ?? ((error) => console.error('CSV import failed', error)),
    runner: createImportRunner(db, {
      storage,
      issueWrites: createIssueImportWrites({ states, listChanges }),
      states,
      labels,
      cycles,
      estimates,
      projectMembers,
      leaseSeconds: IMPORT_LEASE_SECONDS,
      // The embedded database has one connection, which a batch's transaction holds: smaller
      // batches keep the requests that wait behind it short.
      batchRows: database.kind === 'pglite' ? 200 : 500,
    }),
  });

  return {
    config,
    database,
    db,
    lifecycle,
    mailer,
    instance,
    instanceAdmin,
    secrets,
    oauth,
    oauthClients,
    users,
    sessions,
    accessCache,
    members,
    workspaces,
    invitations,
    auth,
    states,
    projectMembers,
    projects,
    issues,
    issueListCache,
    listChanges,
    subscriptions,
    profile,
    archive,
    automations,
    search,
    exports,
    attachments,
    subIssues,
    links,
    issueSearch,
    relations,
    comments,
    issueExpansions,
    labels,
    estimates,
    userProperties,
    publishing,
    cycles,
    modules,
    views,
    pages,
    pageCollaboration,
    liveHub,
    favorites,
    intake,
    notifications,
    apiTokens,
    webhooks,
    webhookDeliveries,
    githubSync,
    githubSyncWorker,
    dashboard,
    analytics,
    issueDetails,
    outboxWorker,
    notificationDigest,
    imports,
  };
}

export type Services = ReturnType<typeof createServices>;
