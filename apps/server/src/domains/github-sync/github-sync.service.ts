import type {
  createGithubRepositorySyncBodySchema,
  GithubRepositorySync,
  GithubRepositorySyncWithSecret,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { GithubSyncJobRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { SecretBox } from '../../platform/security/secret-box.ts';
import type { ListChanges } from '../issues/list-cache-feed.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import {
  GithubCallError,
  type GithubClient,
  type GithubComment,
  type GithubIssue,
} from './github-sync.client.ts';
import type { GithubItems } from './github-sync.items.ts';
import {
  GITHUB_LABEL,
  type GithubIssueState,
  githubStateOfGroup,
  newWebhookSecret,
  signatureMatches,
} from './github-sync.policy.ts';
import { presentSync } from './github-sync.presenter.ts';
import {
  deleteSync,
  deliverySeen,
  findPushTarget,
  findSyncContext,
  insertJob,
  insertSync,
  listProjectSyncs,
  recordDelivery,
  type SyncContext,
  setImportStatus,
  setLinkGithubState,
} from './github-sync.repo.ts';

export type GithubSyncService = ReturnType<typeof createGithubSyncService>;
type LinkBody = z.output<typeof createGithubRepositorySyncBodySchema>;

export interface GithubSyncDeps {
  secrets: () => SecretBox;
  client: GithubClient;
  labels: LabelsService;
  items: GithubItems;
  /** The import writes outside any request: it tells the issue-list caches itself. */
  listChanges: ListChanges;
}

/** What an inbound delivery came to. */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface InboundDelivery {
  event: string | undefined;
  deliveryId: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
}

const alreadyLinked = () =>
  new AppError('conflict', 'Project is already linked to a repository', 'ALREADY_EXISTS');
const syncNotFound = () => new AppError('not_found', 'Not found');

/** GitHub's refusal of the repository check, as the caller should read it. */
function verificationError(error: unknown): AppError {
  if (!(error instanceof GithubCallError)) throw error;
  if (error.reason === 'blocked_destination') {
    return new AppError('bad_request', 'This destination is not allowed', 'BLOCKED_DESTINATION', {
      fields: { url: `The GitHub API address is not allowed: ${error.message}` },
    });
  }
  if (error.status === 401 || error.status === 403) {
    return new AppError('bad_request', 'GitHub did not accept the access token', 'VALIDATION_ERROR', {
      fields: { 'credentials.access_token': 'GitHub did not accept this token' },
    });
  }
  if (error.status === 404) {
    return new AppError(
      'bad_request',
      'Repository not found on GitHub, or the access token cannot read it',
      'VALIDATION_ERROR',
      { fields: { name: 'No such repository readable with this token' } },
    );
  }
  return new AppError('bad_request', `GitHub could not be asked about the repository: ${error.message}`);
}

/** GitHub repository sync (api.md §4.9): link, the inbound webhook, and the jobs that call GitHub. */
export function createGithubSyncService(db: Db, deps: GithubSyncDeps) {
  const { client, items } = deps;

  /** The project's "GitHub" label: the existing one of that name, or a new one. */
  async function githubLabel(project: ProjectAccess, user: UserRow): Promise<string> {
    const existing = (await deps.labels.list(project)).find(
      (l) => l.name.toLowerCase() === GITHUB_LABEL.name.toLowerCase(),
    );
    if (existing) return existing.id;
    try {
      return (await deps.labels.create(project, user, { ...GITHUB_LABEL })).id;
    } catch (error) {
      const again = (await deps.labels.list(project)).find((l) => l.name === GITHUB_LABEL.name);
      if (again) return again.id;
      throw error;
    }
  }

  const tokenOf = (ctx: SyncContext) => deps.secrets().open(ctx.sync.access_token_encrypted);

  async function importRepository(ctx: SyncContext): Promise<void> {
    const { repository_owner: owner, repository_name: name } = ctx.sync;
    const token = tokenOf(ctx);
    await setImportStatus(db, ctx.sync.workspace_id, ctx.sync.id, 'running');
    for await (const page of client.issues(owner, name, token)) {
      for (const issue of page) {
        // GitHub lists pull requests among issues; they are not work items.
        if (issue.pull_request) continue;
        const link = await items.ensureIssue(ctx, issue);
        if (issue.comments === 0) continue;
        for await (const comments of client.comments(owner, name, issue.number, token)) {
          for (const comment of comments) await items.ensureComment(ctx, link.issue_id, comment);
        }
      }
      // Each page shows in the project's lists as soon as it is in.
      deps.listChanges.changed(ctx.project.id);
    }
    await setImportStatus(db, ctx.sync.workspace_id, ctx.sync.id, 'completed');
  }

  /**
   * Tells GitHub the work item's open/closed state when it differs from what GitHub last had. A
   * change that came from GitHub already matches (the webhook wrote it down first): nothing is sent.
   */
  async function pushState(ctx: SyncContext, issueId: string): Promise<void> {
    const target = await findPushTarget(db, ctx.sync.workspace_id, issueId);
    if (!target || target.state_group === null) return;
    const wanted = githubStateOfGroup(target.state_group);
    if (wanted === target.github_state) return;
    await client.setIssueState(
      ctx.sync.repository_owner,
      ctx.sync.repository_name,
      target.github_issue_number,
      wanted,
      tokenOf(ctx),
    );
    await setLinkGithubState(db, ctx.sync.workspace_id, target.link_id, wanted);
  }

  async function onIssueEvent(ctx: SyncContext, action: string, issue: GithubIssue): Promise<boolean> {
    if (issue.pull_request) return false;
    if (action === 'opened') {
      await items.ensureIssue(ctx, issue);
      return true;
    }
    if (action === 'edited') {
      const link = await items.findLink(ctx, issue);
      if (link) await items.updateContent(ctx, link, issue);
      else await items.ensureIssue(ctx, issue);
      return true;
    }
    if (action === 'deleted') {
      const link = await items.findLink(ctx, issue);
      if (!link) return false;
      await items.removeIssue(ctx, link);
      return true;
    }
    if (action === 'closed' || action === 'reopened') {
      const state: GithubIssueState = action === 'closed' ? 'closed' : 'open';
      const link = await items.ensureIssue(ctx, { ...issue, state });
      await items.applyState(ctx, link, state);
      return true;
    }
    return false;
  }

  async function onCommentEvent(
    ctx: SyncContext,
    action: string,
    issue: GithubIssue,
    comment: GithubComment,
  ): Promise<boolean> {
    if (issue.pull_request) return false;
    if (action === 'deleted') return items.removeComment(ctx, comment);
    if (action !== 'created' && action !== 'edited') return false;
    const link = await items.ensureIssue(ctx, issue);
    if (action === 'created') await items.ensureComment(ctx, link.issue_id, comment);
    else await items.updateComment(ctx, link.issue_id, comment);
    return true;
  }

  return {
    async list(project: ProjectAccess, baseUrl: string): Promise<GithubRepositorySync[]> {
      const rows = await listProjectSyncs(db, project.project.workspace_id, project.project.id);
      return rows.map((row) => presentSync(row, baseUrl));
    },

    /**
     * Links the project: the token must read the repository (and the repository's id must match),
     * then the sync is stored with its sealed token and webhook secret and the one-time import is
     * queued in the same transaction. The secret is answered this once.
     */
    async link(
      project: ProjectAccess,
      user: UserRow,
      body: LinkBody,
      baseUrl: string,
    ): Promise<GithubRepositorySyncWithSecret> {
      const p = project.project;
      if ((await listProjectSyncs(db, p.workspace_id, p.id)).length > 0) throw alreadyLinked();
      const token = body.credentials.access_token;
      let repository: Awaited<ReturnType<GithubClient['getRepository']>>;
      try {
        repository = await client.getRepository(body.owner, body.name, token);
      } catch (error) {
        throw verificationError(error);
      }
      if (repository.id !== body.repository_id) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { repository_id: `Does not match the repository on GitHub (${repository.id})` },
        });
      }
      const labelId = await githubLabel(project, user);
      const secret = newWebhookSecret();
      try {
        const row = await db.transaction(async (tx) => {
          const sync = await insertSync(tx, {
            workspace_id: p.workspace_id,
            project_id: p.id,
            repository_owner: body.owner,
            repository_name: body.name,
            repository_url: body.url,
            repository_id: body.repository_id,
            access_token_encrypted: deps.secrets().seal(token),
            webhook_secret_encrypted: deps.secrets().seal(secret),
            label_id: labelId,
            actor_id: user.id,
            config: body.config ?? {},
            created_by: user.id,
            updated_by: user.id,
          });
          await insertJob(tx, { workspace_id: p.workspace_id, sync_id: sync.id, kind: 'import' });
          return sync;
        });
        return { ...presentSync(row, baseUrl), webhook_secret: secret };
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyLinked();
        throw error;
      }
    },

    /**
     * Unlinks the project from its repository: GitHub's changes stop applying and nothing more is
     * sent there; the work items and comments already synced stay, with their GitHub label.
     */
    async unlink(project: ProjectAccess, syncId: string): Promise<void> {
      const p = project.project;
      if (!(await deleteSync(db, p.workspace_id, p.id, syncId))) throw syncNotFound();
    },

    /**
     * A delivery of the repository's webhook: 404 for an unknown sync, 401 unsigned, 403 when the
     * signature is not the sync's secret's; a delivery id seen before does nothing again.
     */
    async receiveWebhook(syncId: string, delivery: InboundDelivery): Promise<WebhookOutcome> {
      const ctx = await findSyncContext(db, syncId);
      if (!ctx) throw syncNotFound();
      if (!delivery.signature) {
        throw new AppError('unauthenticated', 'X-Hub-Signature-256 is required');
      }
      const secret = deps.secrets().open(ctx.sync.webhook_secret_encrypted);
      if (!signatureMatches(secret, delivery.rawBody, delivery.signature)) {
        throw new AppError('forbidden', 'Signature does not match');
      }
      const { event } = delivery;
      if (event !== 'issues' && event !== 'issue_comment') return 'ignored';
      const deliveryId = delivery.deliveryId?.slice(0, 200);
      if (deliveryId && (await deliverySeen(db, ctx.sync.workspace_id, ctx.sync.id, deliveryId))) {
        return 'duplicate';
      }
      let payload: {
        action?: string;
        repository?: { id?: number };
        issue?: GithubIssue;
        comment?: GithubComment;
      };
      try {
        payload = JSON.parse(delivery.rawBody.toString('utf8'));
      } catch {
        throw new AppError('bad_request', 'The body is not JSON');
      }
      if (!payload || typeof payload !== 'object' || !payload.issue || typeof payload.issue.id !== 'number') {
        return 'ignored';
      }
      // A webhook of another repository pointed at this URL changes nothing here.
      if (payload.repository?.id !== undefined && Number(payload.repository.id) !== ctx.sync.repository_id) {
        return 'ignored';
      }
      const action = String(payload.action ?? '');
      const { issue, comment } = payload;
      let handled: boolean;
      try {
        handled =
          event === 'issues'
            ? await onIssueEvent(ctx, action, issue)
            : comment && typeof comment.id === 'number'
              ? await onCommentEvent(ctx, action, issue, comment)
              : false;
      } catch (error) {
        // The item was deleted or archived here meanwhile: GitHub's change has nothing to apply to.
        if (error instanceof AppError && (error.kind === 'not_found' || error.kind === 'bad_request')) {
          handled = false;
        } else throw error;
      }
      if (deliveryId) {
        await recordDelivery(db, {
          workspace_id: ctx.sync.workspace_id,
          sync_id: ctx.sync.id,
          delivery_id: deliveryId,
          event,
        });
      }
      return handled ? 'processed' : 'ignored';
    },

    /** Runs one claimed job (the worker settles it); a sync deleted meanwhile leaves nothing to do. */
    async runJob(job: GithubSyncJobRow): Promise<void> {
      const ctx = await findSyncContext(db, job.sync_id);
      if (!ctx) return;
      if (job.kind === 'import') return importRepository(ctx);
      if (job.kind === 'push_state' && job.issue_id) return pushState(ctx, job.issue_id);
    },

    /** The import's status after a failed attempt: waiting for its retry, or given up. */
    async markImport(job: GithubSyncJobRow, status: 'queued' | 'failed'): Promise<void> {
      if (job.kind === 'import') await setImportStatus(db, job.workspace_id, job.sync_id, status);
    },
  };
}
