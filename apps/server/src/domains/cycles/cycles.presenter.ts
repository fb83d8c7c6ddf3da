import type { Cycle } from '@kite/shared/contracts';
import { cycleStatus, todayIn } from '@kite/shared/domain';
import type { CycleListRow } from './cycles.repo.ts';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A cycle on the wire: its status computed now, in its project's timezone. */
export function presentCycle(row: CycleListRow, now = new Date()): Cycle {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    start_date: row.start_date,
    end_date: row.end_date,
    owned_by_id: row.owned_by_id,
    status: cycleStatus(row, todayIn(row.timezone, now)),
    sort_order: row.sort_order,
    view_props: row.view_props,
    progress_snapshot: row.progress_snapshot,
    logo_props: row.logo_props,
    timezone: row.timezone,
    archived_at: iso(row.archived_at),
    is_favorite: row.is_favorite,
    total_issues: row.total_issues,
    completed_issues: row.completed_issues,
    cancelled_issues: row.cancelled_issues,
    started_issues: row.started_issues,
    unstarted_issues: row.unstarted_issues,
    backlog_issues: row.backlog_issues,
    total_estimate_points: row.total_estimate_points,
    completed_estimate_points: row.completed_estimate_points,
    assignee_ids: row.assignee_ids,
    external_source: row.external_source,
    external_id: row.external_id,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
