import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';

/**
 * Counts behind a member's profile page. Every query is limited to one workspace and to the
 * projects the caller can see; in `ownOnlyProjectIds` (the caller is a guest there) only work
 * items the caller created count, as in the lists.
 */
export interface VisibleScope {
  workspaceId: string;
  projectIds: string[];
  ownOnlyProjectIds: string[];
  callerId: string;
}

/** Live, non-draft, non-archived work items the caller can see (none waiting in intake). */
function visible(scope: VisibleScope): SQL {
  return sql`i.workspace_id = ${scope.workspaceId}
    and i.project_id = any(${sqlArray(scope.projectIds, 'uuid')})
    and i.deleted_at is null and i.archived_at is null and not i.is_draft and not i.is_intake
    and (i.created_by = ${scope.callerId} or not i.project_id = any(${sqlArray(scope.ownOnlyProjectIds, 'uuid')}))`;
}

const assignedTo = (userId: string) => sql`${userId}::uuid = any(i.assignee_ids)`;

export interface ProjectCounts {
  project_id: string;
  created_issues: number;
  assigned_issues: number;
  completed_issues: number;
  pending_issues: number;
}

/** Per project: created by the member, assigned to them, and of those completed and still pending. */
export async function countPerProject(
  db: Executor,
  scope: VisibleScope,
  userId: string,
): Promise<ProjectCounts[]> {
  if (scope.projectIds.length === 0) return [];
  const rows = await queryRows<Record<keyof ProjectCounts, string | number>>(
    db,
    sql`select i.project_id,
        count(*) filter (where i.created_by = ${userId}) as created_issues,
        count(*) filter (where ${assignedTo(userId)}) as assigned_issues,
        count(*) filter (where ${assignedTo(userId)} and s."group" = 'completed') as completed_issues,
        count(*) filter (where ${assignedTo(userId)} and s."group" in ('backlog', 'unstarted', 'started')) as pending_issues
      from issues i join states s on s.id = i.state_id
      where ${visible(scope)} and (i.created_by = ${userId} or ${assignedTo(userId)})
      group by i.project_id`,
  );
  return rows.map((r) => ({
    project_id: String(r.project_id),
    created_issues: Number(r.created_issues),
    assigned_issues: Number(r.assigned_issues),
    completed_issues: Number(r.completed_issues),
    pending_issues: Number(r.pending_issues),
  }));
}

/** The member's assigned work items by state group and by priority (one row per pair present). */
export async function countAssignedByGroupAndPriority(
  db: Executor,
  scope: VisibleScope,
  userId: string,
): Promise<{ state_group: string; priority: string; n: number }[]> {
  if (scope.projectIds.length === 0) return [];
  const rows = await queryRows<{ state_group: string; priority: string; n: string | number }>(
    db,
    sql`select s."group" as state_group, i.priority, count(*) as n
      from issues i join states s on s.id = i.state_id
      where ${visible(scope)} and ${assignedTo(userId)}
      group by s."group", i.priority`,
  );
  return rows.map((r) => ({ state_group: r.state_group, priority: r.priority, n: Number(r.n) }));
}

/** Work items the member created, and those they subscribe to. */
export async function countCreatedAndSubscribed(
  db: Executor,
  scope: VisibleScope,
  userId: string,
): Promise<{ created: number; subscribed: number }> {
  if (scope.projectIds.length === 0) return { created: 0, subscribed: 0 };
  const rows = await queryRows<{ created: string | number; subscribed: string | number }>(
    db,
    sql`with mine as (
        select i.created_by = ${userId} as created,
          exists (
            select 1 from issue_subscribers sub
            where sub.issue_id = i.id and sub.subscriber_id = ${userId} and sub.workspace_id = ${scope.workspaceId}
          ) as subscribed
        from issues i
        where ${visible(scope)}
          and (i.created_by = ${userId} or i.id in (
            select sub.issue_id from issue_subscribers sub
            where sub.subscriber_id = ${userId} and sub.workspace_id = ${scope.workspaceId}))
      )
      select count(*) filter (where created) as created, count(*) filter (where subscribed) as subscribed
      from mine`,
  );
  return { created: Number(rows[0]?.created ?? 0), subscribed: Number(rows[0]?.subscribed ?? 0) };
}

export interface ProjectRef {
  id: string;
  name: string;
  identifier: string;
  logo_props: Record<string, unknown>;
}

/** Of `projectIds`, the live projects the member is an active member of, in the workspace's order. */
export async function listProjectsOfMember(
  db: Executor,
  workspaceId: string,
  projectIds: string[],
  userId: string,
): Promise<ProjectRef[]> {
  if (projectIds.length === 0) return [];
  return queryRows<ProjectRef>(
    db,
    sql`select p.id, p.name, p.identifier, p.logo_props
      from projects p join project_members pm on pm.project_id = p.id
      where p.workspace_id = ${workspaceId} and p.deleted_at is null
        and p.id = any(${sqlArray(projectIds, 'uuid')})
        and pm.member_id = ${userId} and pm.is_active
      order by p.sort_order, p.created_at`,
  );
}
