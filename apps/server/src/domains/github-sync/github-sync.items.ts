import type { CreateIssueBody } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { GithubIssueLinkRow } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { StatesService } from '../states/states.service.ts';
import type { GithubComment, GithubIssue } from './github-sync.client.ts';
import {
  commentHtml,
  GITHUB_SOURCE,
  type GithubIssueState,
  githubStateOfGroup,
  itemName,
  markdownToHtml,
} from './github-sync.policy.ts';
import {
  deleteLink,
  ensureLink,
  findLinkByGithubId,
  type SyncContext,
  setLinkGithubState,
} from './github-sync.repo.ts';

/**
 * GitHub issues and comments made into work items and comments of the linked project, through the
 * issues and comments services (activity, events and rules as any write), in the linking actor's
 * name. Each step is idempotent: an item or comment is found by its external id before it is made,
 * so the import, a webhook and their repeats never duplicate anything.
 */
export function createGithubItems(
  db: Db,
  deps: { issues: IssuesService; comments: CommentsService; states: StatesService },
) {
  /** The sync acts for the admin who linked it: the link was theirs to authorise. */
  const accessOf = (ctx: SyncContext): ProjectAccess => ({
    project: ctx.project,
    membership: null,
    role: ROLE.ADMIN,
  });

  /** The state a work item takes for a GitHub state: a completed-group state, or the default one. */
  async function stateFor(ctx: SyncContext, state: GithubIssueState): Promise<string | undefined> {
    const states = (await deps.states.rowsOf(db, ctx.project.id))
      .filter((s) => !s.is_triage)
      .sort((a, b) => a.sequence - b.sequence);
    if (state === 'closed') return states.find((s) => s.group === 'completed')?.id;
    return (states.find((s) => s.default) ?? states.find((s) => s.group !== 'completed'))?.id;
  }

  /** The id named by an EXTERNAL_ID_EXISTS refusal: the item is there already. */
  const existingId = (error: unknown) =>
    error instanceof AppError && error.errorCode === 'EXTERNAL_ID_EXISTS'
      ? (error.extra?.id as string | undefined)
      : undefined;

  /** A work item of the GitHub issue in the caller's write, or the one made for it already. */
  async function createItem(
    ctx: SyncContext,
    body: CreateIssueBody & { external_id: string },
    write: WriteTx,
  ): Promise<string> {
    // Twice at most: a writer racing us (import beside a webhook) makes the second try find its
    // item. Each try is a savepoint of the write, so a refused one leaves it usable.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return (await deps.issues.create(accessOf(ctx), ctx.actor, body, write)).id;
      } catch (error) {
        const id = existingId(error);
        if (id) return id;
        if (!isUniqueViolation(error) || attempt > 0) throw error;
      }
    }
  }

  return {
    accessOf,

    findLink: (ctx: SyncContext, issue: GithubIssue) =>
      findLinkByGithubId(db, ctx.sync.workspace_id, ctx.sync.id, issue.id),

    /**
     * The work item of a GitHub issue, made the first time it is seen, with its link in the same
     * transaction: an item is never left without the link that says where it came from.
     */
    async ensureIssue(ctx: SyncContext, issue: GithubIssue): Promise<GithubIssueLinkRow> {
      const known = await findLinkByGithubId(db, ctx.sync.workspace_id, ctx.sync.id, issue.id);
      if (known) return known;
      const body = {
        name: itemName(issue.title),
        description_html: markdownToHtml(issue.body),
        state_id: await stateFor(ctx, issue.state === 'closed' ? 'closed' : 'open'),
        label_ids: ctx.sync.label_id ? [ctx.sync.label_id] : [],
        external_source: GITHUB_SOURCE,
        external_id: String(issue.id),
      };
      return withTransaction(db, undefined, async (write) =>
        ensureLink(write.tx, {
          workspace_id: ctx.sync.workspace_id,
          sync_id: ctx.sync.id,
          issue_id: await createItem(ctx, body, write),
          github_issue_id: issue.id,
          github_issue_number: issue.number,
          github_state: issue.state === 'closed' ? 'closed' : 'open',
        }),
      );
    },

    /** A GitHub edit: the title and body replace the item's name and description. */
    async updateContent(ctx: SyncContext, link: GithubIssueLinkRow, issue: GithubIssue): Promise<void> {
      await deps.issues.update(accessOf(ctx), ctx.actor, link.issue_id, {
        name: itemName(issue.title),
        description_html: markdownToHtml(issue.body),
      });
    },

    /**
     * GitHub closed or reopened the issue. What GitHub has is written down first, so the state
     * change below, seen by the outbound sync, is recognised as GitHub's own and not sent back.
     */
    async applyState(ctx: SyncContext, link: GithubIssueLinkRow, state: GithubIssueState): Promise<void> {
      await setLinkGithubState(db, ctx.sync.workspace_id, link.id, state);
      const item = await deps.issues.get(accessOf(ctx), ctx.actor, link.issue_id);
      if (githubStateOfGroup(item.state__group ?? '') === state) return;
      const stateId = await stateFor(ctx, state);
      if (stateId) await deps.issues.update(accessOf(ctx), ctx.actor, link.issue_id, { state_id: stateId });
    },

    /** A GitHub comment as a comment of the item, made once. */
    async ensureComment(ctx: SyncContext, issueId: string, comment: GithubComment): Promise<void> {
      const externalId = String(comment.id);
      if (await deps.comments.findByExternalId(ctx.project.id, GITHUB_SOURCE, externalId)) return;
      try {
        await deps.comments.create(accessOf(ctx), ctx.actor, issueId, {
          comment_html: commentHtml(comment.user?.login, comment.body),
          external_source: GITHUB_SOURCE,
          external_id: externalId,
        });
      } catch (error) {
        // Made meanwhile by another writer (the unique external id): it exists, which is the point.
        if (!isUniqueViolation(error)) throw error;
      }
    },

    /**
     * GitHub deleted the issue: its work item is deleted here too (as any delete: activity, events),
     * and the link goes, in one transaction. An item already deleted here leaves only the link to
     * drop (the refused delete is a savepoint of the write, which goes on).
     */
    async removeIssue(ctx: SyncContext, link: GithubIssueLinkRow): Promise<void> {
      await withTransaction(db, undefined, async (write) => {
        try {
          await deps.issues.remove(accessOf(ctx), ctx.actor, link.issue_id, false, write);
        } catch (error) {
          if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
        }
        await deleteLink(write.tx, ctx.sync.workspace_id, link.id);
      });
    },

    /** GitHub deleted a comment: its copy here is deleted; false when there was none. */
    async removeComment(ctx: SyncContext, comment: GithubComment): Promise<boolean> {
      const found = await deps.comments.findByExternalId(ctx.project.id, GITHUB_SOURCE, String(comment.id));
      if (!found) return false;
      await deps.comments.remove(accessOf(ctx), ctx.actor, found.issue_id, found.id);
      return true;
    },

    /** A GitHub comment edit; a comment not seen before is made. */
    async updateComment(ctx: SyncContext, issueId: string, comment: GithubComment): Promise<void> {
      const found = await deps.comments.findByExternalId(ctx.project.id, GITHUB_SOURCE, String(comment.id));
      if (!found) return this.ensureComment(ctx, issueId, comment);
      await deps.comments.update(accessOf(ctx), ctx.actor, found.issue_id, found.id, {
        comment_html: commentHtml(comment.user?.login, comment.body),
      });
    },
  };
}

export type GithubItems = ReturnType<typeof createGithubItems>;
