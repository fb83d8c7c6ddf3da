import type { DashboardActivity } from '@kite/shared/contracts';

const FIELD_LABELS: Record<string, string> = {
  state: 'the state',
  priority: 'the priority',
  assignees: 'the assignees',
  labels: 'the labels',
  name: 'the title',
  description: 'the description',
  target_date: 'the due date',
  start_date: 'the start date',
  cycle: 'the cycle',
  modules: 'the modules',
  parent: 'the parent',
  estimate_point: 'the estimate',
};

/**
 * What someone did to a work item, as the words between who and the item's key ("changed the
 * state of"), for feeds that span projects (the home widget, a member's profile) and so have no
 * project's states or labels to name the values with.
 */
export function activityPhrase(
  a: Pick<DashboardActivity, 'verb' | 'field' | 'comment' | 'new_value'>,
): string {
  if (a.comment && !a.field) return a.comment;
  if (a.verb === 'created') return 'created';
  if (a.verb === 'deleted') return 'deleted';
  if (a.field === 'comment') return 'commented on';
  if (a.field === 'archived_at') return a.new_value ? 'archived' : 'restored';
  return `changed ${FIELD_LABELS[a.field ?? ''] ?? a.field ?? 'something'} of`;
}
