/** The greeting for the hour of `date` (local time). */
export function greeting(date: Date): string {
  const hour = date.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Labels of the widgets, for headings and the Customise panel. */
export const WIDGET_LABELS: Record<string, string> = {
  overview_stats: 'Overview',
  assigned_issues: 'Assigned to you',
  created_issues: 'Created by you',
  issues_by_state_groups: 'Assigned by state',
  issues_by_priority: 'Assigned by priority',
  recent_activity: 'Your recent activity',
  recent_projects: 'Recent projects',
  recent_collaborators: 'Collaborators',
};

export const DURATION_LABELS: Record<string, string> = {
  none: 'Any time',
  today: 'Due today',
  this_week: 'Due this week',
  this_month: 'Due this month',
  this_year: 'Due this year',
  custom: 'Custom range…',
};

export const TAB_LABELS: Record<string, string> = {
  pending: 'Pending',
  upcoming: 'Upcoming',
  overdue: 'Overdue',
  completed: 'Completed',
};
