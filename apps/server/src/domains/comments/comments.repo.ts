import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  type CommentRow,
  issueComments,
  type ReactionRow,
  reactions,
  type UserRow,
  users,
} from '../../platform/db/schema.ts';

export function listComments(db: Executor, issueId: string, after?: Date) {
  return db
    .select({ comment: issueComments, actor: users })
    .from(issueComments)
    .innerJoin(users, eq(users.id, issueComments.actor_id))
    .where(
      and(
        eq(issueComments.issue_id, issueId),
        isNull(issueComments.deleted_at),
        // Clients send back millisecond timestamps; PostgreSQL keeps microseconds.
        after
          ? sql`date_trunc('milliseconds', ${issueComments.created_at}) > ${after.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(asc(issueComments.created_at));
}

export async function findComment(
  db: Executor,
  projectId: string,
  commentId: string,
): Promise<{ comment: CommentRow; actor: UserRow } | undefined> {
  const rows = await db
    .select({ comment: issueComments, actor: users })
    .from(issueComments)
    .innerJoin(users, eq(users.id, issueComments.actor_id))
    .where(
      and(
        eq(issueComments.project_id, projectId),
        eq(issueComments.id, commentId),
        isNull(issueComments.deleted_at),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The live comment of a project imported under this external id (e.g. a GitHub comment). */
export async function findCommentByExternalId(
  db: Executor,
  projectId: string,
  source: string,
  externalId: string,
): Promise<CommentRow | undefined> {
  const rows = await db
    .select()
    .from(issueComments)
    .where(
      and(
        eq(issueComments.project_id, projectId),
        eq(issueComments.external_source, source),
        eq(issueComments.external_id, externalId),
        isNull(issueComments.deleted_at),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertComment(
  db: Executor,
  values: typeof issueComments.$inferInsert,
): Promise<CommentRow> {
  const rows = await db.insert(issueComments).values(values).returning();
  return rows[0]!;
}

export async function updateCommentRow(db: Executor, commentId: string, values: Partial<CommentRow>) {
  const rows = await db
    .update(issueComments)
    .set({ ...values, updated_at: new Date() })
    .where(eq(issueComments.id, commentId))
    .returning();
  return rows[0]!;
}

export type ReactionWithName = { reaction: ReactionRow; display_name: string };

export function commentReactions(db: Executor, commentIds: string[]): Promise<ReactionWithName[]> {
  if (commentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ reaction: reactions, display_name: users.display_name })
    .from(reactions)
    .innerJoin(users, eq(users.id, reactions.actor_id))
    .where(inArray(reactions.comment_id, commentIds))
    .orderBy(asc(reactions.created_at));
}

export function issueReactions(db: Executor, issueId: string): Promise<ReactionWithName[]> {
  return db
    .select({ reaction: reactions, display_name: users.display_name })
    .from(reactions)
    .innerJoin(users, eq(users.id, reactions.actor_id))
    .where(and(eq(reactions.issue_id, issueId), isNull(reactions.comment_id)))
    .orderBy(asc(reactions.created_at));
}

/** Inserts a reaction; undefined when the caller already reacted with the same emoji. */
export async function insertReaction(db: Executor, values: typeof reactions.$inferInsert) {
  const rows = await db.insert(reactions).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function deleteReaction(
  db: Executor,
  target: { issueId: string } | { commentId: string },
  actorId: string,
  reaction: string,
): Promise<void> {
  const scope =
    'issueId' in target
      ? and(eq(reactions.issue_id, target.issueId), isNull(reactions.comment_id))
      : eq(reactions.comment_id, target.commentId);
  await db
    .delete(reactions)
    .where(and(scope, eq(reactions.actor_id, actorId), eq(reactions.reaction, reaction)));
}
