import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { issueSubscribers, type UserRow, users } from '../../platform/db/schema.ts';

type SubscriptionScope = { workspace_id: string; project_id: string; issue_id: string };

/** The insert of the users' subscriptions (none to make: undefined), for a statement of its own or a create's. */
export function subscriptionsInsert(db: Executor, scope: SubscriptionScope, userIds: readonly string[]) {
  if (userIds.length === 0) return undefined;
  const { workspace_id, project_id, issue_id } = scope;
  return db
    .insert(issueSubscribers)
    .values(
      [...new Set(userIds)].map((subscriber_id) => ({ workspace_id, project_id, issue_id, subscriber_id })),
    )
    .onConflictDoNothing();
}

export async function subscribe(db: Executor, scope: SubscriptionScope, userIds: string[]): Promise<void> {
  await subscriptionsInsert(db, scope, userIds);
}

/** Whether there was a subscription to remove. */
export async function unsubscribe(db: Executor, issueId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(issueSubscribers)
    .where(and(eq(issueSubscribers.issue_id, issueId), eq(issueSubscribers.subscriber_id, userId)))
    .returning({ id: issueSubscribers.id });
  return removed.length > 0;
}

export async function isSubscribed(db: Executor, issueId: string, userId: string): Promise<boolean> {
  const rows = await prepared(db, 'is_subscribed', (db) =>
    db
      .select({ id: issueSubscribers.id })
      .from(issueSubscribers)
      .where(
        and(
          eq(issueSubscribers.issue_id, sql.placeholder('issueId')),
          eq(issueSubscribers.subscriber_id, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('is_subscribed'),
  ).execute({ issueId, userId });
  return rows.length > 0;
}

export async function listSubscribers(db: Executor, issueId: string): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(issueSubscribers)
    .innerJoin(users, eq(users.id, issueSubscribers.subscriber_id))
    .where(eq(issueSubscribers.issue_id, issueId))
    .orderBy(issueSubscribers.created_at);
  return rows.map((r) => r.user);
}
