import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type AttachmentRow, issueAttachments, issues } from '../../platform/db/schema.ts';

export function listAttachments(db: Executor, issueId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(issueAttachments)
    .where(and(eq(issueAttachments.issue_id, issueId), isNull(issueAttachments.deleted_at)))
    .orderBy(issueAttachments.created_at);
}

export async function findAttachment(db: Executor, issueId: string, attachmentId: string) {
  const rows = await db
    .select()
    .from(issueAttachments)
    .where(
      and(
        eq(issueAttachments.issue_id, issueId),
        eq(issueAttachments.id, attachmentId),
        isNull(issueAttachments.deleted_at),
      ),
    )
    .limit(1);
  return rows[0];
}

/** An attachment by id, deleted or not (an id is used once). */
export async function findAttachmentAnyState(db: Executor, attachmentId: string) {
  const rows = await db
    .select({ id: issueAttachments.id })
    .from(issueAttachments)
    .where(eq(issueAttachments.id, attachmentId))
    .limit(1);
  return rows[0];
}

export async function insertAttachment(db: Executor, values: typeof issueAttachments.$inferInsert) {
  const rows = await db.insert(issueAttachments).values(values).returning();
  return rows[0]!;
}

export async function softDeleteAttachment(db: Executor, attachmentId: string): Promise<void> {
  await db
    .update(issueAttachments)
    .set({ deleted_at: new Date() })
    .where(eq(issueAttachments.id, attachmentId));
}

export async function adjustAttachmentCount(db: Executor, issueId: string, delta: number): Promise<void> {
  await db
    .update(issues)
    .set({ attachment_count: sql`greatest(0, ${issues.attachment_count} + ${delta})` })
    .where(eq(issues.id, issueId));
}
