import type { PlanningAnalytics } from '@kite/shared/contracts';
import { todayIn } from '@kite/shared/domain';
import type { Executor } from '../../platform/db/database.ts';
import {
  burndown,
  type HistoryItem,
  type Membership,
  TRACKED_FIELDS,
  type TrackedField,
} from './burndown.ts';
import { distributionOf, historyOf, issuesEverIn, projectScales } from './planning-history.repo.ts';

export interface AnalyticsInput {
  project: { id: string; timezone: string };
  of: Membership;
  /** The charted days: the cycle's start and end, the module's start and target (null: no chart). */
  start: string | null;
  end: string | null;
  type: 'issues' | 'points';
  now?: Date;
}

/**
 * A cycle's or module's burndown and scope per day, replayed from the recorded history up to
 * today (or the end), and the current split of its items by assignee and label. Without both
 * dates there is no chart, only the split.
 */
export async function planningAnalytics(db: Executor, input: AnalyticsInput): Promise<PlanningAnalytics> {
  const { project, of } = input;
  const byPoints = input.type === 'points';
  const distribution = await distributionOf(db, project.id, of, byPoints);
  const today = todayIn(project.timezone, input.now ?? new Date());
  if (!input.start || !input.end || input.start > today)
    return { completion_chart: {}, scope_chart: {}, distribution };
  const to = input.end < today ? input.end : today;
  const [items, scales] = await Promise.all([
    issuesEverIn(db, project.id, of),
    projectScales(db, project.id),
  ]);
  const history = await historyOf(
    db,
    items.map((i) => i.id),
  );
  const byIssue = new Map<string, HistoryItem>(
    items.map((i) => [
      i.id,
      {
        created_at: new Date(i.created_at),
        current: {
          cycle: i.cycle_id,
          modules: [...i.module_ids].sort().join(','),
          state: i.state_id,
          estimate_point: i.estimate_point_id,
          archived_at: i.archived_at === null ? null : new Date(i.archived_at).toISOString(),
          is_draft: String(i.is_draft),
        },
        changes: [],
      },
    ]),
  );
  for (const row of history) {
    const field = row.verb === 'deleted' ? 'deleted' : (row.field as TrackedField);
    if (field !== 'deleted' && !TRACKED_FIELDS.includes(field)) continue;
    byIssue.get(row.issue_id)?.changes.push({
      at: new Date(row.created_at),
      field,
      old_value: row.old_value,
      new_value: row.new_value,
    });
  }
  const series = burndown({
    of,
    from: input.start,
    to,
    timezone: project.timezone,
    items: [...byIssue.values()],
    groupOfState: scales.groupOfState,
    weight: (point) => (byPoints ? (point ? (scales.pointValue.get(point) ?? 0) : 0) : 1),
  });
  return { completion_chart: series.remaining, scope_chart: series.scope, distribution };
}
