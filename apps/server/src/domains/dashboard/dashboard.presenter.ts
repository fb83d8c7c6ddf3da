import {
  type Dashboard,
  type DashboardActivity,
  type Widget,
  type WidgetFilters,
  type WidgetIssue,
  type WidgetKey,
  widgetFiltersSchema,
} from '@kite/shared/contracts';
import type { ActivityRow, DashboardRow, DashboardWidgetRow, UserRow } from '../../platform/db/schema.ts';
import { presentIssueRow } from '../issues/issues.presenter.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import type { WidgetIssueRow } from './dashboard.repo.ts';

export function presentDashboard(row: DashboardRow): Dashboard {
  return {
    id: row.id,
    name: row.name,
    description_html: row.description_html,
    identifier: row.identifier,
    type: row.type,
    is_default: row.is_default,
    owned_by: row.owned_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/** Stored filters are the contract's; anything else a past version kept is left out. */
function filtersOf(raw: Record<string, unknown>): WidgetFilters {
  const parsed = widgetFiltersSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export function presentWidget(row: DashboardWidgetRow): Widget {
  return {
    id: row.id,
    key: row.key as WidgetKey,
    is_visible: row.is_visible,
    sort_order: row.sort_order,
    widget_filters: filtersOf(row.widget_filters),
  };
}

export function presentWidgetIssue(row: WidgetIssueRow): WidgetIssue {
  return {
    ...presentIssueRow(row, new Map([[row.state_id, row.state_group]])),
    project__identifier: row.project__identifier,
  };
}

/** One of the caller's actions; `issue` is given in brief when the caller can still see it. */
export function presentDashboardActivity(
  activity: ActivityRow,
  actor: UserRow | null,
  issue:
    | { id: string; name: string; sequence_id: number; project_id: string; identifier: string }
    | undefined,
): DashboardActivity {
  return {
    id: activity.id,
    verb: activity.verb,
    field: activity.field,
    old_value: activity.old_value,
    new_value: activity.new_value,
    comment: activity.comment,
    actor: activity.actor_id,
    actor_detail: actor ? presentUserLite(actor, true) : null,
    issue: activity.issue_id,
    issue_detail: issue
      ? {
          id: issue.id,
          name: issue.name,
          sequence_id: Number(issue.sequence_id),
          project_id: issue.project_id,
          project__identifier: issue.identifier,
        }
      : null,
    project: activity.project_id,
    workspace: activity.workspace_id,
    created_at: activity.created_at.toISOString(),
    updated_at: activity.updated_at.toISOString(),
  };
}
