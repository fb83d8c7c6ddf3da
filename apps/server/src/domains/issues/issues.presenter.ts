import type { IssueDetail, IssueRow } from '@kite/shared/contracts';
import type { ActivityRow, IssueRowDb, UserRow } from '../../platform/db/schema.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import type { ListedIssue } from './issues.repo.ts';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** A list row; `stateGroups` maps state ids to their group (`state__group`). */
export function presentIssueRow(row: ListedIssue | IssueRowDb, stateGroups: Map<string, string>): IssueRow {
  return {
    id: row.id,
    name: row.name,
    sequence_id: row.sequence_id,
    state_id: row.state_id,
    state__group: stateGroups.get(row.state_id) ?? 'backlog',
    priority: row.priority,
    sort_order: Number(row.sort_order),
    estimate_point: row.estimate_point_id,
    start_date: row.start_date,
    target_date: row.target_date,
    completed_at: iso(row.completed_at),
    archived_at: iso(row.archived_at),
    project_id: row.project_id,
    parent_id: row.parent_id,
    cycle_id: row.cycle_id,
    module_ids: row.module_ids ?? [],
    label_ids: row.label_ids ?? [],
    assignee_ids: row.assignee_ids ?? [],
    sub_issues_count: row.sub_issues_count,
    attachment_count: row.attachment_count,
    link_count: row.link_count,
    is_draft: row.is_draft,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

export function presentIssueDetail(
  row: IssueRowDb,
  stateGroups: Map<string, string>,
  viewer: { isSubscribed: boolean },
): IssueDetail {
  return {
    ...presentIssueRow(row, stateGroups),
    description_html: row.description_html,
    is_subscribed: viewer.isSubscribed,
    is_intake: row.is_intake,
    workspace_id: row.workspace_id,
    external_source: row.external_source,
    external_id: row.external_id,
  };
}

export function presentActivity(
  row: ActivityRow,
  actor: UserRow | null,
  issue: IssueRowDb,
  withEmail: boolean,
) {
  return {
    id: row.id,
    verb: row.verb,
    field: row.field,
    old_value: row.old_value,
    new_value: row.new_value,
    old_identifier: null as string | null,
    new_identifier: null as string | null,
    comment: row.comment,
    actor: row.actor_id,
    actor_detail: actor ? presentUserLite(actor, withEmail) : null,
    issue: issue.id,
    issue_detail: {
      id: issue.id,
      name: issue.name,
      sequence_id: issue.sequence_id,
      project_id: issue.project_id,
    },
    project: row.project_id,
    workspace: row.workspace_id,
    epoch: Math.floor(row.created_at.getTime() / 1000),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
