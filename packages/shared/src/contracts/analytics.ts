import { z } from 'zod';

/**
 * Workspace and project analytics: one chart (x-axis × optional segment) of the work items the
 * caller may see, and an overview (created vs. completed per week, the current cycle's burn).
 * Axis names are Plane's analytics names; `cycle_id` and `module_id` are accepted for the
 * cycle and module axes too.
 */
export const ANALYTICS_AXES = [
  'state_id',
  'state__group',
  'priority',
  'labels__id',
  'assignees__id',
  'issue_cycle__cycle_id',
  'issue_module__module_id',
  'project_id',
  'created_at__week',
  'created_at__month',
  'completed_at__week',
  'completed_at__month',
] as const;
export type AnalyticsAxis = (typeof ANALYTICS_AXES)[number];

const AXIS_ALIASES: Record<string, AnalyticsAxis> = {
  cycle_id: 'issue_cycle__cycle_id',
  module_id: 'issue_module__module_id',
};

/** `issue_count`: how many work items; `estimate`: the sum of their estimate points. */
export const ANALYTICS_MEASURES = ['issue_count', 'estimate'] as const;
export type AnalyticsMeasure = (typeof ANALYTICS_MEASURES)[number];

const axisInput = z.preprocess(
  (v) => (typeof v === 'string' ? (AXIS_ALIASES[v] ?? v) : v),
  z.enum(ANALYTICS_AXES, { error: 'Unknown axis' }),
);

/** Comma lists of ids; `cycle` and `module` also take `None`. */
const idList = z.string().max(4000).optional();

export const analyticsQuerySchema = z
  .object({
    x_axis: axisInput,
    y_axis: z.enum(ANALYTICS_MEASURES, { error: 'Unknown measure' }).default('issue_count'),
    segment: z.preprocess((v) => (v === '' ? undefined : v), axisInput.optional()),
    project: idList,
    cycle: idList,
    module: idList,
  })
  .refine((q) => q.segment === undefined || q.segment !== q.x_axis, {
    message: 'The segment must differ from the x-axis',
    path: ['segment'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** One bar (or one bar's part): the x value, the segment value, and the measure. null: none. */
export const analyticsEntrySchema = z.object({
  dimension: z.string().nullable(),
  segment: z.string().nullable(),
  value: z.number(),
});
export type AnalyticsEntry = z.infer<typeof analyticsEntrySchema>;

/** What a key of an axis is called and drawn in; keys are listed in display order. */
export const analyticsKeySchema = z.object({
  key: z.string().nullable(),
  name: z.string(),
  color: z.string().nullable(),
});
export type AnalyticsKey = z.infer<typeof analyticsKeySchema>;

export const analyticsSchema = z.object({
  x_axis: z.enum(ANALYTICS_AXES),
  y_axis: z.enum(ANALYTICS_MEASURES),
  segment: z.enum(ANALYTICS_AXES).nullable(),
  /** The measure over the matching work items, each counted once (a multi-valued axis may count one in several bars). */
  total: z.number(),
  /** Entries per x value (`None` for items without one), in no particular order. */
  distribution: z.record(z.string(), z.array(analyticsEntrySchema)),
  extras: z.object({
    /** The x values present, in display order. */
    x_axis: z.array(analyticsKeySchema),
    /** The segment values present, in display order (empty without a segment). */
    segment: z.array(analyticsKeySchema),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsOverviewQuerySchema = z.object({
  /** How many weeks back, this one included. */
  weeks: z.coerce.number().int().min(1).max(52).default(12),
  project: idList,
});
export type AnalyticsOverviewQuery = z.infer<typeof analyticsOverviewQuerySchema>;

export const currentCycleBurnSchema = z.object({
  id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Unfinished work items at the end of each day, from the start to today. */
  completion_chart: z.record(z.string(), z.number()),
  scope_chart: z.record(z.string(), z.number()),
});
export type CurrentCycleBurn = z.infer<typeof currentCycleBurnSchema>;

export const projectTrendSchema = z.object({
  project_id: z.string(),
  name: z.string(),
  identifier: z.string(),
  /** Per week of `weeks`: work items created, and completed (by `completed_at`), that week. */
  created: z.array(z.number()),
  completed: z.array(z.number()),
  /** The cycle running today; null when none, or when the caller sees only their own items there. */
  current_cycle: currentCycleBurnSchema.nullable(),
});
export type ProjectTrend = z.infer<typeof projectTrendSchema>;

export const analyticsOverviewSchema = z.object({
  /** The weeks' Mondays (UTC, `YYYY-MM-DD`), oldest first. */
  weeks: z.array(z.string()),
  projects: z.array(projectTrendSchema),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
