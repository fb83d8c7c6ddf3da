import { and, eq, or, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { issueRelations } from '../../platform/db/schema.ts';

export interface RelationListing {
  relation_type: string;
  /** True when the row was stored from the other issue's side. */
  reversed: boolean;
  id: string;
  name: string;
  sequence_id: number;
  project_id: string;
  state_id: string;
  priority: string;
  assignee_ids: string[];
  created_at: Date | string;
  created_by: string | null;
  updated_at: Date | string;
  updated_by: string | null;
}

/** Every live related issue of `issueId`, from both directions. */
export function listRelations(db: Executor, issueId: string): Promise<RelationListing[]> {
  return queryRows<RelationListing>(
    db,
    sql`select r.relation_type, (r.related_issue_id = ${issueId}) as reversed, o.id, o.name, o.sequence_id,
        o.project_id, o.state_id, o.priority, o.assignee_ids, r.created_at, r.created_by, r.updated_at, r.updated_by
      from issue_relations r
      join issues o on o.id = case when r.issue_id = ${issueId} then r.related_issue_id else r.issue_id end
      where (r.issue_id = ${issueId} or r.related_issue_id = ${issueId}) and o.deleted_at is null
      order by r.created_at`,
  );
}

function pair(a: string, b: string) {
  return or(
    and(eq(issueRelations.issue_id, a), eq(issueRelations.related_issue_id, b)),
    and(eq(issueRelations.issue_id, b), eq(issueRelations.related_issue_id, a)),
  );
}

/** Whether the two issues were related. */
export async function deletePair(db: Executor, a: string, b: string): Promise<boolean> {
  const removed = await db.delete(issueRelations).where(pair(a, b)).returning({ id: issueRelations.id });
  return removed.length > 0;
}

export async function insertRelation(
  db: Executor,
  values: typeof issueRelations.$inferInsert,
): Promise<void> {
  await db.insert(issueRelations).values(values);
}
