import { and, count, desc, eq, inArray, isNull, not, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { activities, issues, projects, users } from '../../platform/db/schema.ts';
import type { VisibleScope } from './profile.repo.ts';

/**
 * A member's actions in one workspace, limited to work items the caller can see: the item's
 * project is one of the caller's, a draft only for its creator, nothing still waiting in intake
 * (as in the profile's counts), and in `ownOnlyProjectIds` (the caller is a guest there) only
 * items the caller created — the rule of the lists, except that archived and deleted items keep
 * their history (the member did act on them).
 */
function visibleActivity(scope: VisibleScope, userId: string): SQL | undefined {
  return and(
    eq(activities.workspace_id, scope.workspaceId),
    eq(activities.actor_id, userId),
    eq(issues.workspace_id, scope.workspaceId),
    inArray(issues.project_id, scope.projectIds),
    isNull(projects.deleted_at),
    or(not(issues.is_draft), eq(issues.created_by, scope.callerId)),
    not(issues.is_intake),
    scope.ownOnlyProjectIds.length > 0
      ? or(eq(issues.created_by, scope.callerId), not(inArray(issues.project_id, scope.ownOnlyProjectIds)))
      : undefined,
  );
}

export interface MemberActivityRow {
  activity: typeof activities.$inferSelect;
  actor: typeof users.$inferSelect | null;
  issue: { id: string; name: string; sequence_id: number; project_id: string; deleted_at: Date | null };
  identifier: string;
}

function selectVisible(db: Executor, scope: VisibleScope, userId: string) {
  return db
    .select({
      activity: activities,
      actor: users,
      issue: {
        id: issues.id,
        name: issues.name,
        sequence_id: issues.sequence_id,
        project_id: issues.project_id,
        deleted_at: issues.deleted_at,
      },
      identifier: projects.identifier,
    })
    .from(activities)
    .innerJoin(issues, eq(issues.id, activities.issue_id))
    .innerJoin(projects, eq(projects.id, issues.project_id))
    .leftJoin(users, eq(users.id, activities.actor_id))
    .where(visibleActivity(scope, userId))
    .orderBy(desc(activities.created_at), desc(activities.id));
}

/** One page of the member's visible activity, newest first, with the total. */
export async function pageMemberActivities(
  db: Executor,
  scope: VisibleScope,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: MemberActivityRow[]; total: number }> {
  if (scope.projectIds.length === 0) return { rows: [], total: 0 };
  const [rows, total] = await Promise.all([
    selectVisible(db, scope, userId).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(activities)
      .innerJoin(issues, eq(issues.id, activities.issue_id))
      .innerJoin(projects, eq(projects.id, issues.project_id))
      .where(visibleActivity(scope, userId)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The member's newest visible activity, at most `limit` rows (the CSV export). */
export function listMemberActivities(
  db: Executor,
  scope: VisibleScope,
  userId: string,
  limit: number,
): Promise<MemberActivityRow[]> {
  if (scope.projectIds.length === 0) return Promise.resolve([]);
  return selectVisible(db, scope, userId).limit(limit);
}
