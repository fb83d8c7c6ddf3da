import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type IssueRowDb, issues } from '../../platform/db/schema.ts';

/** Live work items of a project by id, in no particular order (ids of other projects find nothing). */
export function findIssuesByIds(db: Executor, projectId: string, ids: string[]): Promise<IssueRowDb[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(issues)
    .where(and(eq(issues.project_id, projectId), inArray(issues.id, ids), isNull(issues.deleted_at)));
}
