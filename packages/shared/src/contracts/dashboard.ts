import { z } from 'zod';
import { auditFields, dateInput, userLiteSchema } from './common.ts';
import { issueRowSchema } from './issues.ts';

/** The home dashboard's widgets (api.md §11), in their default order. */
export const WIDGET_KEYS = [
  'overview_stats',
  'assigned_issues',
  'created_issues',
  'issues_by_state_groups',
  'issues_by_priority',
  'recent_activity',
  'recent_projects',
  'recent_collaborators',
] as const;
export type WidgetKey = (typeof WIDGET_KEYS)[number];

export const WIDGET_DURATIONS = ['none', 'today', 'this_week', 'this_month', 'this_year', 'custom'] as const;
export type WidgetDuration = (typeof WIDGET_DURATIONS)[number];
/** `issue_type` of the assigned and created widgets (their tabs). */
export const WIDGET_ISSUE_TYPES = ['pending', 'upcoming', 'overdue', 'completed'] as const;
export type WidgetIssueType = (typeof WIDGET_ISSUE_TYPES)[number];

export const widgetFiltersSchema = z.object({
  duration: z.enum(WIDGET_DURATIONS).optional(),
  custom_dates: z.tuple([dateInput, dateInput]).optional(),
  tab: z.enum(WIDGET_ISSUE_TYPES).optional(),
});
export type WidgetFilters = z.infer<typeof widgetFiltersSchema>;

export const dashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description_html: z.string(),
  identifier: z.string().nullable(),
  type: z.string(),
  is_default: z.boolean(),
  owned_by: z.string(),
  ...auditFields,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const widgetSchema = z.object({
  id: z.string(),
  key: z.enum(WIDGET_KEYS),
  is_visible: z.boolean(),
  sort_order: z.number(),
  widget_filters: widgetFiltersSchema,
});
export type Widget = z.infer<typeof widgetSchema>;

export const dashboardWithWidgetsSchema = z.object({
  dashboard: dashboardSchema,
  widgets: z.array(widgetSchema),
});
export type DashboardWithWidgets = z.infer<typeof dashboardWithWidgetsSchema>;

export const dashboardQuerySchema = z.object({
  dashboard_type: z.literal('home', { error: 'Only the home dashboard exists' }),
});

export const widgetStatsQuerySchema = z.object({
  widget_key: z.enum(WIDGET_KEYS, { error: 'Unknown widget' }).default('overview_stats'),
  issue_type: z.enum(WIDGET_ISSUE_TYPES).optional(),
  /** Date terms (api.md §5.3), e.g. `2026-05-01;after,2026-05-31;before`. */
  target_date: z.string().max(200).optional(),
  expand: z.string().max(200).optional(),
  cursor: z.string().optional(),
  per_page: z.string().optional(),
  search: z.string().trim().max(255).optional(),
});
export type WidgetStatsQuery = z.infer<typeof widgetStatsQuerySchema>;

export const updateWidgetBodySchema = z.object({
  is_visible: z.boolean().optional(),
  sort_order: z.number().finite().optional(),
  /** Replaces the widget's `widget_filters`. */
  filters: widgetFiltersSchema.optional(),
});
export type UpdateWidgetBody = z.infer<typeof updateWidgetBodySchema>;

export const overviewStatsSchema = z.object({
  assigned_issues_count: z.number(),
  pending_issues_count: z.number(),
  completed_issues_count: z.number(),
  created_issues_count: z.number(),
});
export type OverviewStats = z.infer<typeof overviewStatsSchema>;

/** A widget's work item: the list row, plus its project's identifier so the client can build its key. */
export const widgetIssueSchema = issueRowSchema.extend({ project__identifier: z.string() });
export type WidgetIssue = z.infer<typeof widgetIssueSchema>;

export const widgetIssuesSchema = z.object({ issues: z.array(widgetIssueSchema), count: z.number() });
export type WidgetIssues = z.infer<typeof widgetIssuesSchema>;

export const stateGroupCountSchema = z.object({ state: z.string(), count: z.number() });
export type StateGroupCount = z.infer<typeof stateGroupCountSchema>;
export const priorityCountSchema = z.object({ priority: z.string(), count: z.number() });
export type PriorityCount = z.infer<typeof priorityCountSchema>;

export const dashboardActivitySchema = z.object({
  id: z.string(),
  verb: z.string(),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  comment: z.string().nullable(),
  actor: z.string().nullable(),
  actor_detail: userLiteSchema.nullable(),
  issue: z.string().nullable(),
  issue_detail: z
    .object({
      id: z.string(),
      name: z.string(),
      sequence_id: z.number(),
      project_id: z.string(),
      project__identifier: z.string(),
    })
    .nullable(),
  project: z.string().nullable(),
  workspace: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

export const collaboratorSchema = z.object({ user_id: z.string(), active_issue_count: z.number() });
export type Collaborator = z.infer<typeof collaboratorSchema>;
