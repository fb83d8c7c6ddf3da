import type { Reaction } from '@kite/shared/contracts';
import { commentRights, ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { CommentRow, UserRow } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { SubscriptionsService } from '../issues/subscriptions.service.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import { type CommentWire, presentComment, presentReaction } from './comments.presenter.ts';
import {
  commentReactions,
  deleteReaction,
  findComment,
  findCommentByExternalId,
  insertComment,
  insertReaction,
  issueReactions,
  listComments,
  updateCommentRow,
} from './comments.repo.ts';
import { mentionedUserIds } from './mentions.ts';

export type CommentsService = ReturnType<typeof createCommentsService>;

function commentEvent(topic: string, comment: CommentRow, actorId: string) {
  return {
    workspace_id: comment.workspace_id,
    topic,
    payload: {
      comment_id: comment.id,
      issue_id: comment.issue_id,
      project_id: comment.project_id,
      actor_id: actorId,
    },
  };
}

const commentNotFound = () => new AppError('not_found', 'Comment not found');
const alreadyReacted = () =>
  new AppError('conflict', 'You already reacted with this emoji', 'ALREADY_EXISTS');

export function createCommentsService(
  db: Db,
  deps: { issues: IssuesService; subscriptions: SubscriptionsService; projectMembers: ProjectMembersService },
) {
  async function withReactions(
    project: ProjectAccess,
    user: UserRow,
    rows: Awaited<ReturnType<typeof listComments>>,
  ) {
    const reactions = await commentReactions(
      db,
      rows.map((r) => r.comment.id),
    );
    const isAdmin = (project.role ?? 0) >= ROLE.ADMIN;
    return rows.map(({ comment, actor }) =>
      presentComment(
        comment,
        actor,
        reactions
          .filter((r) => r.reaction.comment_id === comment.id)
          .map((r) => presentReaction(r.reaction, r.display_name)),
        isAdmin || actor.id === user.id,
      ),
    );
  }

  /** The comment under a visible work item of this project; 404 otherwise. */
  async function load(project: ProjectAccess, user: UserRow, commentId: string, issueId?: string) {
    const found = await findComment(db, project.project.id, commentId);
    if (!found || (issueId && found.comment.issue_id !== issueId)) throw commentNotFound();
    await deps.issues.assertVisible(project, user, found.comment.issue_id);
    return found;
  }

  /** One reaction per emoji per user: a repeat is refused with ALREADY_EXISTS. */
  async function react(
    user: UserRow,
    target: { workspace_id: string; project_id: string; issue_id?: string; comment_id?: string },
    reaction: string,
  ) {
    const row = await insertReaction(db, { ...target, actor_id: user.id, reaction });
    if (!row) throw alreadyReacted();
    return presentReaction(row, user.display_name);
  }

  function assertAuthorOrAdmin(project: ProjectAccess, user: UserRow, actorId: string) {
    if (!commentRights({ actor: actorId }, { userId: user.id, role: project.role ?? 0 }).canEdit) {
      throw new AppError('forbidden', 'Only the author or a project admin can change this comment');
    }
  }

  /** Commenters and mentioned project members follow the work item, in the comment's transaction. */
  async function subscribeParticipants(
    project: ProjectAccess,
    issueId: string,
    userIds: string[],
    write: WriteTx,
  ) {
    const members = await deps.projectMembers.activeRoles(write.tx, project.project.id);
    await deps.subscriptions.subscribeUsers(
      project,
      issueId,
      userIds.filter((id) => members.has(id)),
      write,
    );
  }

  return {
    async list(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      after?: string,
    ): Promise<CommentWire[]> {
      await deps.issues.assertVisible(project, user, issueId);
      const since = after && !Number.isNaN(Date.parse(after)) ? new Date(after) : undefined;
      return withReactions(project, user, await listComments(db, issueId, since));
    },

    /** The live comment imported under this external id, if any (callers checked access). */
    findByExternalId: (projectId: string, source: string, externalId: string) =>
      findCommentByExternalId(db, projectId, source, externalId),

    async get(project: ProjectAccess, user: UserRow, issueId: string, commentId: string) {
      const found = await load(project, user, commentId, issueId);
      return (await withReactions(project, user, [found]))[0]!;
    },

    async create(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      body: {
        comment_html: string;
        access?: 'INTERNAL' | 'EXTERNAL';
        parent?: string | null;
        /** Where an imported comment came from (GitHub sync); unique per project. */
        external_source?: string;
        external_id?: string;
      },
    ) {
      const issue = await deps.issues.assertVisible(project, user, issueId);
      if (body.parent) await load(project, user, body.parent, issueId);
      const html = sanitizeRichText(body.comment_html);
      // The comment and its participants' subscriptions are one write.
      const row = await withTransaction(db, undefined, async (write) => {
        const { tx } = write;
        const inserted = await insertComment(tx, {
          workspace_id: issue.workspace_id,
          project_id: issue.project_id,
          issue_id: issue.id,
          actor_id: user.id,
          comment_html: html,
          comment_stripped: stripHtml(html),
          access: body.access ?? 'INTERNAL',
          parent_id: body.parent ?? null,
          external_source: body.external_source ?? null,
          external_id: body.external_id ?? null,
          created_by: user.id,
          updated_by: user.id,
        });
        await enqueue(tx, [commentEvent('comment.created', inserted, user.id)]);
        await subscribeParticipants(project, issue.id, [user.id, ...mentionedUserIds(html)], write);
        return inserted;
      });
      return presentComment(row, user, [], true);
    },

    async update(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      commentId: string,
      body: { comment_html?: string; access?: 'INTERNAL' | 'EXTERNAL' },
    ) {
      const found = await load(project, user, commentId, issueId);
      assertAuthorOrAdmin(project, user, found.comment.actor_id);
      const values: Parameters<typeof updateCommentRow>[2] = { updated_by: user.id, edited_at: new Date() };
      if (body.comment_html !== undefined) {
        values.comment_html = sanitizeRichText(body.comment_html);
        values.comment_stripped = stripHtml(values.comment_html);
      }
      if (body.access !== undefined) values.access = body.access;
      const row = await withTransaction(db, undefined, async (write) => {
        const updated = await updateCommentRow(write.tx, commentId, values);
        await enqueue(write.tx, [commentEvent('comment.updated', updated, user.id)]);
        if (values.comment_html)
          await subscribeParticipants(project, issueId, mentionedUserIds(values.comment_html), write);
        return updated;
      });
      const reactions = await commentReactions(db, [commentId]);
      return presentComment(
        row,
        found.actor,
        reactions.map((r) => presentReaction(r.reaction, r.display_name)),
        (project.role ?? 0) >= ROLE.ADMIN || found.actor.id === user.id,
      );
    },

    async remove(project: ProjectAccess, user: UserRow, issueId: string, commentId: string): Promise<void> {
      const found = await load(project, user, commentId, issueId);
      assertAuthorOrAdmin(project, user, found.comment.actor_id);
      await db.transaction(async (tx) => {
        const deleted = await updateCommentRow(tx, commentId, {
          deleted_at: new Date(),
          updated_by: user.id,
        });
        await enqueue(tx, [commentEvent('comment.deleted', deleted, user.id)]);
      });
    },

    /** Property activity and/or comments of a work item, merged oldest first (api.md §5.13). */
    async history(project: ProjectAccess, user: UserRow, issueId: string, type?: string, after?: string) {
      const since = after && !Number.isNaN(Date.parse(after)) ? new Date(after) : undefined;
      const activity =
        type === 'issue-comment' ? [] : await deps.issues.activity(project, user, issueId, since);
      const notes =
        type === 'issue-property' ? [] : await this.list(project, user, issueId, since?.toISOString());
      return [...activity, ...notes].sort((a, b) => a.created_at.localeCompare(b.created_at));
    },

    async issueReactions(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      return this.reactionsOfVisibleIssue(issueId);
    },

    /** Reactions on a work item whose visibility the caller has already checked (detail expansions). */
    async reactionsOfVisibleIssue(issueId: string): Promise<Reaction[]> {
      return (await issueReactions(db, issueId)).map((r) => presentReaction(r.reaction, r.display_name));
    },

    async reactToIssue(project: ProjectAccess, user: UserRow, issueId: string, reaction: string) {
      const issue = await deps.issues.assertVisible(project, user, issueId);
      return react(
        user,
        { workspace_id: issue.workspace_id, project_id: issue.project_id, issue_id: issue.id },
        reaction,
      );
    },

    async unreactToIssue(project: ProjectAccess, user: UserRow, issueId: string, reaction: string) {
      await deps.issues.assertVisible(project, user, issueId);
      await deleteReaction(db, { issueId }, user.id, reaction);
    },

    async commentReactions(project: ProjectAccess, user: UserRow, commentId: string) {
      await load(project, user, commentId);
      return (await commentReactions(db, [commentId])).map((r) =>
        presentReaction(r.reaction, r.display_name),
      );
    },

    async reactToComment(project: ProjectAccess, user: UserRow, commentId: string, reaction: string) {
      const { comment } = await load(project, user, commentId);
      const target = {
        workspace_id: comment.workspace_id,
        project_id: comment.project_id,
        comment_id: comment.id,
      };
      return react(user, target, reaction);
    },

    async unreactToComment(project: ProjectAccess, user: UserRow, commentId: string, reaction: string) {
      await load(project, user, commentId);
      await deleteReaction(db, { commentId }, user.id, reaction);
    },
  };
}
