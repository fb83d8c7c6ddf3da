import { z } from 'zod';
import { CYCLE_STATUSES, CYCLE_VIEWS } from '../domain/cycles.ts';
import { MODULE_ORDERINGS, MODULE_STATUSES } from '../domain/modules.ts';
import { auditFields, dateInput, smallJsonObject, trimmed } from './common.ts';

/** Cycles and modules (api.md §6–7): the two ways a project plans its work items. */

const name = trimmed().min(1, 'Name is required').max(255, 'Name cannot exceed 255 characters');
const jsonObject = z.record(z.string(), z.unknown());

/** Work-item totals by state group and estimate points, shared by cycles and modules. */
export const planningTotalsShape = {
  total_issues: z.number(),
  completed_issues: z.number(),
  cancelled_issues: z.number(),
  started_issues: z.number(),
  unstarted_issues: z.number(),
  backlog_issues: z.number(),
  total_estimate_points: z.number(),
  completed_estimate_points: z.number(),
};
export const planningTotalsSchema = z.object(planningTotalsShape);
export type PlanningTotals = z.infer<typeof planningTotalsSchema>;

// ——— Cycles ———

export const cycleSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  project_id: z.string(),
  name: z.string(),
  description: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  owned_by_id: z.string().nullable(),
  status: z.enum(CYCLE_STATUSES),
  sort_order: z.number(),
  view_props: jsonObject,
  progress_snapshot: jsonObject,
  logo_props: jsonObject,
  timezone: z.string(),
  archived_at: z.string().nullable(),
  is_favorite: z.boolean(),
  ...planningTotalsShape,
  assignee_ids: z.array(z.string()),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...auditFields,
});
export type Cycle = z.infer<typeof cycleSchema>;

const cycleFields = {
  name,
  description: z.string().max(100_000),
  start_date: dateInput.nullable(),
  end_date: dateInput.nullable(),
  owned_by_id: z.uuid().nullable(),
  logo_props: smallJsonObject,
  view_props: smallJsonObject,
  sort_order: z.number().finite(),
  external_source: trimmed().max(255).nullable(),
  external_id: trimmed().max(255).nullable(),
};
export const createCycleBodySchema = z.object(cycleFields).partial().required({ name: true });
export const updateCycleBodySchema = z.object(cycleFields).partial();
export type CreateCycleBody = z.infer<typeof createCycleBodySchema>;
export type UpdateCycleBody = z.infer<typeof updateCycleBodySchema>;

export const cycleListQuerySchema = z.object({
  cycle_view: z.enum(CYCLE_VIEWS).optional(),
  search: z.string().max(255).optional(),
  start_date: z.string().max(200).optional(),
  end_date: z.string().max(200).optional(),
  order_by: z
    .enum(['sort_order', 'name', '-name', 'created_at', '-created_at', 'members', '-members'])
    .optional(),
});
export type CycleListQuery = z.infer<typeof cycleListQuerySchema>;

export const cycleDateCheckBodySchema = z.object({
  start_date: dateInput,
  end_date: dateInput,
  cycle_id: z.uuid().optional(),
});
export const cycleDateCheckResponseSchema = z.object({ status: z.boolean() });

export const issueIdsBodySchema = z.object({
  issues: z.array(z.uuid()).min(1, 'At least one work item').max(1000),
});
export type IssueIdsBody = z.infer<typeof issueIdsBodySchema>;

export const cycleIssueSchema = z.object({ id: z.string(), cycle_id: z.string(), issue_id: z.string() });
export const transferIssuesBodySchema = z.object({ new_cycle_id: z.uuid() });
export const transferIssuesResponseSchema = z.object({ transferred_issue_ids: z.array(z.string()) });

export const planningAnalyticsQuerySchema = z.object({
  type: z.enum(['issues', 'points']).default('issues'),
});
const distributionCounts = {
  total_issues: z.number(),
  completed_issues: z.number(),
  pending_issues: z.number(),
};
/** A cycle's or a module's progress chart and the split of its items (the analytics routes). */
export const planningAnalyticsSchema = z.object({
  /** Remaining (not completed or cancelled) work per day, from the start to today or the end. */
  completion_chart: z.record(z.string(), z.number()),
  /** Work in the cycle or module per day (the burnup's scope line). */
  scope_chart: z.record(z.string(), z.number()),
  distribution: z.object({
    assignees: z.array(
      z.object({
        assignee_id: z.string().nullable(),
        display_name: z.string().nullable(),
        ...distributionCounts,
      }),
    ),
    labels: z.array(
      z.object({
        label_id: z.string().nullable(),
        label_name: z.string().nullable(),
        color: z.string().nullable(),
        ...distributionCounts,
      }),
    ),
  }),
});
export type PlanningAnalytics = z.infer<typeof planningAnalyticsSchema>;

export const favoriteCycleBodySchema = z.object({ cycle: z.uuid() });

// ——— Modules ———

export const moduleLinkSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  title: z.string(),
  url: z.string(),
  metadata: jsonObject,
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type ModuleLink = z.infer<typeof moduleLinkSchema>;

export const moduleSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  project_id: z.string(),
  name: z.string(),
  description: z.string(),
  description_html: z.string(),
  status: z.enum(MODULE_STATUSES),
  lead_id: z.string().nullable(),
  member_ids: z.array(z.string()),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  sort_order: z.number(),
  view_props: jsonObject,
  logo_props: jsonObject,
  archived_at: z.string().nullable(),
  is_favorite: z.boolean(),
  link_module: z.array(moduleLinkSchema),
  ...planningTotalsShape,
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...auditFields,
});
export type Module = z.infer<typeof moduleSchema>;

const moduleFields = {
  name,
  description: z.string().max(100_000),
  description_html: z.string().max(1_000_000),
  status: z.enum(MODULE_STATUSES),
  lead_id: z.uuid().nullable(),
  member_ids: z.array(z.uuid()).max(500),
  start_date: dateInput.nullable(),
  target_date: dateInput.nullable(),
  logo_props: smallJsonObject,
  view_props: smallJsonObject,
  sort_order: z.number().finite(),
  external_source: trimmed().max(255).nullable(),
  external_id: trimmed().max(255).nullable(),
};
export const createModuleBodySchema = z.object(moduleFields).partial().required({ name: true });
export const updateModuleBodySchema = z.object(moduleFields).partial();
export type CreateModuleBody = z.infer<typeof createModuleBodySchema>;
export type UpdateModuleBody = z.infer<typeof updateModuleBodySchema>;

export const moduleListQuerySchema = z.object({
  search: z.string().max(255).optional(),
  status: z.string().max(200).optional(),
  lead: z.string().max(4000).optional(),
  members: z.string().max(4000).optional(),
  start_date: z.string().max(200).optional(),
  target_date: z.string().max(200).optional(),
  favorites: z.enum(['true', 'false']).optional(),
  order_by: z.enum(MODULE_ORDERINGS).optional(),
});
export type ModuleListQuery = z.infer<typeof moduleListQuerySchema>;

export const moduleIssueSchema = z.object({ id: z.string(), module_id: z.string(), issue_id: z.string() });
export const issueModulesBodySchema = z.object({
  modules: z.array(z.uuid()).max(500).default([]),
  removed_modules: z.array(z.uuid()).max(500).default([]),
});

const linkFields = {
  url: trimmed().min(1, 'URL is required').max(2048, 'URL cannot exceed 2048 characters'),
  title: trimmed().max(255),
  metadata: smallJsonObject,
};
export const createModuleLinkBodySchema = z.object(linkFields).partial().required({ url: true });
export const updateModuleLinkBodySchema = z.object(linkFields).partial();
export type CreateModuleLinkBody = z.infer<typeof createModuleLinkBodySchema>;

export const favoriteModuleBodySchema = z.object({ module: z.uuid() });
