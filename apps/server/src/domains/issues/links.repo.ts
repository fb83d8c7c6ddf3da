import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type IssueLinkRow, issueLinks, issues, users } from '../../platform/db/schema.ts';

const withCreator = (db: Executor) =>
  db
    .select({ link: issueLinks, creator: users })
    .from(issueLinks)
    .leftJoin(users, eq(users.id, issueLinks.created_by));

export function listLinks(db: Executor, issueId: string) {
  return withCreator(db).where(eq(issueLinks.issue_id, issueId)).orderBy(issueLinks.created_at);
}

export async function findLink(db: Executor, issueId: string, linkId: string) {
  const rows = await withCreator(db)
    .where(and(eq(issueLinks.issue_id, issueId), eq(issueLinks.id, linkId)))
    .limit(1);
  return rows[0];
}

export async function insertLink(
  db: Executor,
  values: typeof issueLinks.$inferInsert,
): Promise<IssueLinkRow> {
  const rows = await db.insert(issueLinks).values(values).returning();
  return rows[0]!;
}

export async function updateLinkRow(db: Executor, linkId: string, values: Partial<IssueLinkRow>) {
  const rows = await db
    .update(issueLinks)
    .set({ ...values, updated_at: new Date() })
    .where(eq(issueLinks.id, linkId))
    .returning();
  return rows[0]!;
}

export async function deleteLink(db: Executor, linkId: string): Promise<void> {
  await db.delete(issueLinks).where(eq(issueLinks.id, linkId));
}

export async function adjustLinkCount(db: Executor, issueId: string, delta: number): Promise<void> {
  await db
    .update(issues)
    .set({ link_count: sql`greatest(0, ${issues.link_count} + ${delta})` })
    .where(eq(issues.id, issueId));
}
