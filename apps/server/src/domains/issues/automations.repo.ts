import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';

export interface AutomatedChange {
  id: string;
  workspace_id: string;
  project_id: string;
  old_state_id: string;
  new_state_id: string;
}

/**
 * Archives completed/cancelled work items untouched for the project's `archive_in` months
 * (×30 days), recording activity and outbox events in the same statement's transaction.
 */
export function archiveStaleIssues(db: Executor, now: Date): Promise<AutomatedChange[]> {
  return queryRows<AutomatedChange>(
    db,
    sql`with changed as (
      update issues i set archived_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from projects p, states s
      where p.id = i.project_id and s.id = i.state_id
        and p.archive_in > 0 and p.deleted_at is null and p.archived_at is null
        and s."group" in ('completed', 'cancelled')
        and i.archived_at is null and i.deleted_at is null and not i.is_draft
        and i.updated_at < ${now.toISOString()}::timestamptz - make_interval(days => p.archive_in * 30)
      returning i.id, i.workspace_id, i.project_id, i.state_id as old_state_id, i.state_id as new_state_id
    ), activity as (
      insert into activities (workspace_id, project_id, issue_id, verb, field, old_value, new_value, comment)
      select workspace_id, project_id, id, 'updated', 'archived_at', null, ${now.toISOString()},
        'archived the work item automatically' from changed
    ), events as (
      insert into outbox (workspace_id, topic, payload)
      select workspace_id, 'issue.updated',
        jsonb_build_object('issue_id', id, 'project_id', project_id, 'actor_id', null, 'automation', 'archive')
      from changed
    )
    select * from changed`,
  );
}

/** Moves open work items untouched for `close_in` months to the project's chosen cancelled state. */
export function closeStaleIssues(db: Executor, now: Date): Promise<AutomatedChange[]> {
  return queryRows<AutomatedChange>(
    db,
    sql`with candidates as (
      select i.id, i.state_id as old_state_id, p.default_state_id as new_state_id
      from issues i
      join projects p on p.id = i.project_id
      join states s on s.id = i.state_id
      join states target on target.id = p.default_state_id and target."group" = 'cancelled'
        and target.deleted_at is null
      where p.close_in > 0 and p.deleted_at is null and p.archived_at is null
        and s."group" in ('backlog', 'unstarted', 'started')
        and i.archived_at is null and i.deleted_at is null and not i.is_draft
        and i.updated_at < ${now.toISOString()}::timestamptz - make_interval(days => p.close_in * 30)
      for update of i
    ), changed as (
      update issues i set state_id = c.new_state_id, updated_at = ${now.toISOString()}::timestamptz
      from candidates c where i.id = c.id
      returning i.id, i.workspace_id, i.project_id, c.old_state_id, c.new_state_id
    ), activity as (
      insert into activities (workspace_id, project_id, issue_id, verb, field, old_value, new_value, comment)
      select workspace_id, project_id, id, 'updated', 'state', old_state_id::text, new_state_id::text,
        'closed the work item automatically' from changed
    ), events as (
      insert into outbox (workspace_id, topic, payload)
      select workspace_id, 'issue.updated',
        jsonb_build_object('issue_id', id, 'project_id', project_id, 'actor_id', null, 'automation', 'close')
      from changed
    )
    select * from changed`,
  );
}

/** Only one app node runs the automations at a time (a no-op lock on the single-process PGlite). */
export async function tryAutomationLock(db: Executor): Promise<boolean> {
  const rows = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(727274) as locked`,
  );
  return rows[0]?.locked === true;
}
