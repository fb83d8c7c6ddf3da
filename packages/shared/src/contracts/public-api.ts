import { z } from 'zod';
import { ESTIMATE_MAX_POINTS } from '../domain/estimates.ts';
import {
  auditFields,
  dateInput,
  pageQuerySchema,
  smallJsonObject,
  trimmed,
  userLiteSchema,
} from './common.ts';
import { intakeWorkItemBodySchema, updateIntakeIssueBodySchema } from './intake.ts';
import { attachmentSchema } from './issue-parts.ts';
import { PRIORITIES } from './issues.ts';
import { planningTotalsShape } from './planning.ts';
import {
  estimateInput,
  estimatePointInput,
  estimatePointSchema,
  estimateSchema,
  labelSchema,
  projectSchema,
  stateSchema,
} from './projects.ts';
import { roleSchema } from './workspaces.ts';

/**
 * The public API `/api/v1/` (api.md §15): the v1 objects and bodies. They name references the
 * way Plane's v1 does (`state`, `parent`, `assignees`, `labels`, `owned_by`, `lead`, `members`,
 * `project`, `workspace`); the routes translate to and from the internal contracts.
 */

const jsonObject = z.record(z.string(), z.unknown());
const idList = z.array(z.uuid()).max(500);
const name = trimmed().min(1, 'Name is required').max(255, 'Name cannot exceed 255 characters');
const externalKeys = {
  external_source: trimmed().max(255).nullable(),
  external_id: trimmed().max(255).nullable(),
};

// ——— Queries ———

/** Lists: the §0.6 envelope (default 100 per page), `order_by`, and the exact external lookup. */
export const v1ListQuerySchema = pageQuerySchema.extend({
  order_by: z.string().max(100).optional(),
  external_id: z.string().max(255).optional(),
  external_source: z.string().max(255).optional(),
});
export type V1ListQuery = z.infer<typeof v1ListQuerySchema>;

export const V1_WORK_ITEM_EXPANSIONS = ['state', 'labels', 'assignees', 'project'] as const;
export type V1WorkItemExpansion = (typeof V1_WORK_ITEM_EXPANSIONS)[number];

/** `expand` and `fields` (comma lists). Unknown expansion names (Plane's `type`, `module`) are ignored. */
export const v1WorkItemQuerySchema = v1ListQuerySchema.extend({
  expand: z.string().max(500).optional(),
  fields: z.string().max(2000).optional(),
});
export type V1WorkItemQuery = z.infer<typeof v1WorkItemQuerySchema>;

export const v1CycleListQuerySchema = v1ListQuerySchema.extend({
  cycle_view: z.enum(['all', 'current', 'upcoming', 'completed', 'draft', 'incomplete']).optional(),
});

// ——— Objects ———

export const v1UserMeSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  display_name: z.string(),
});

/** A workspace or project member: UserLite and the member's role. */
export const v1MemberSchema = userLiteSchema.extend({ role: z.number() });
export type V1Member = z.infer<typeof v1MemberSchema>;

export const v1ProjectMemberSchema = z.object({
  id: z.string(),
  member: z.string(),
  role: z.number(),
  project: z.string(),
  workspace: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const v1ProjectSchema = projectSchema;

const withParents = { project: z.string(), workspace: z.string() };
export const v1StateSchema = stateSchema.omit({ project_id: true, workspace_id: true }).extend(withParents);
export type V1State = z.infer<typeof v1StateSchema>;
export const v1LabelSchema = labelSchema.omit({ project_id: true, workspace_id: true }).extend(withParents);
export type V1Label = z.infer<typeof v1LabelSchema>;

export const v1WorkItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description_html: z.string(),
  description_stripped: z.string(),
  priority: z.string(),
  /** The state's id, or with `expand=state` the state. */
  state: z.union([z.string(), v1StateSchema]),
  parent: z.string().nullable(),
  estimate_point: z.string().nullable(),
  type: z.null(),
  assignees: z.union([z.array(z.string()), z.array(userLiteSchema)]),
  labels: z.union([z.array(z.string()), z.array(v1LabelSchema)]),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  sequence_id: z.number(),
  sort_order: z.number(),
  completed_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  is_draft: z.boolean(),
  project: z.union([z.string(), v1ProjectSchema]),
  workspace: z.string(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...auditFields,
});
export type V1WorkItem = z.infer<typeof v1WorkItemSchema>;
/** With `fields=…` only the keys asked for (and `id`) are sent. */
export const v1WorkItemAnswerSchema = v1WorkItemSchema.partial().required({ id: true });

export const v1CycleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  owned_by: z.string().nullable(),
  status: z.string(),
  project: z.string(),
  workspace: z.string(),
  sort_order: z.number(),
  progress_snapshot: jsonObject,
  logo_props: jsonObject,
  timezone: z.string(),
  archived_at: z.string().nullable(),
  view_props: jsonObject,
  total_issues: planningTotalsShape.total_issues,
  completed_issues: planningTotalsShape.completed_issues,
  cancelled_issues: planningTotalsShape.cancelled_issues,
  started_issues: planningTotalsShape.started_issues,
  unstarted_issues: planningTotalsShape.unstarted_issues,
  backlog_issues: planningTotalsShape.backlog_issues,
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...auditFields,
});
export type V1Cycle = z.infer<typeof v1CycleSchema>;

export const v1ModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  description_html: z.string(),
  status: z.string(),
  lead: z.string().nullable(),
  members: z.array(z.string()),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  sort_order: z.number(),
  view_props: jsonObject,
  logo_props: jsonObject,
  archived_at: z.string().nullable(),
  project: z.string(),
  workspace: z.string(),
  ...planningTotalsShape,
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...auditFields,
});
export type V1Module = z.infer<typeof v1ModuleSchema>;

export const v1CommentSchema = z.object({
  id: z.string(),
  comment_html: z.string(),
  comment_stripped: z.string(),
  access: z.string(),
  actor: z.string(),
  issue: z.string(),
  project: z.string(),
  workspace: z.string(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...auditFields,
});
export type V1Comment = z.infer<typeof v1CommentSchema>;

export const v1LinkSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  url: z.string(),
  metadata: jsonObject,
  issue: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...auditFields,
});
export type V1Link = z.infer<typeof v1LinkSchema>;

export const v1ActivitySchema = z.object({
  id: z.string(),
  verb: z.string(),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  comment: z.string().nullable(),
  old_identifier: z.string().nullable(),
  new_identifier: z.string().nullable(),
  epoch: z.number(),
  actor: z.string().nullable(),
  issue: z.string(),
  issue_comment: z.string().nullable(),
  project: z.string(),
  workspace: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type V1Activity = z.infer<typeof v1ActivitySchema>;

export const v1AttachmentSchema = z.object({
  id: z.string(),
  attributes: attachmentSchema.shape.attributes,
  asset: z.string(),
  asset_url: z.string(),
  size: z.number(),
  is_uploaded: z.boolean(),
  issue: z.string(),
  project: z.string(),
  workspace: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type V1Attachment = z.infer<typeof v1AttachmentSchema>;

export const v1IntakeIssueSchema = z.object({
  id: z.string(),
  status: z.number(),
  snoozed_till: z.string().nullable(),
  duplicate_to: z.string().nullable(),
  source: z.string(),
  source_email: z.string().nullable(),
  issue: z.string(),
  issue_detail: v1WorkItemSchema.nullable(),
  intake: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...auditFields,
});
export type V1IntakeIssue = z.infer<typeof v1IntakeIssueSchema>;

/** The rows `POST …/cycle-issues/` and `…/module-issues/` make. */
export const v1PlannedItemSchema = z.object({
  id: z.string(),
  issue: z.string(),
  cycle: z.string().optional(),
  module: z.string().optional(),
});

// ——— Bodies ———

const workItemFields = {
  name,
  description_html: z.string().max(1_000_000),
  priority: z.enum(PRIORITIES),
  state: z.uuid(),
  parent: z.uuid().nullable(),
  assignees: idList,
  labels: idList,
  estimate_point: z.uuid().nullable(),
  start_date: dateInput.nullable(),
  target_date: dateInput.nullable(),
  sort_order: z.number().finite(),
  ...externalKeys,
};
export const v1CreateWorkItemBodySchema = z.object(workItemFields).partial().required({ name: true });
export const v1UpdateWorkItemBodySchema = z.object(workItemFields).partial();
export type V1UpdateWorkItemBody = z.infer<typeof v1UpdateWorkItemBodySchema>;

const cycleFields = {
  name,
  description: z.string().max(100_000),
  start_date: dateInput.nullable(),
  end_date: dateInput.nullable(),
  owned_by: z.uuid().nullable(),
  logo_props: smallJsonObject,
  view_props: smallJsonObject,
  sort_order: z.number().finite(),
  ...externalKeys,
};
export const v1CreateCycleBodySchema = z.object(cycleFields).partial().required({ name: true });
export const v1UpdateCycleBodySchema = z.object(cycleFields).partial();
export type V1UpdateCycleBody = z.infer<typeof v1UpdateCycleBodySchema>;

const moduleFields = {
  name,
  description: z.string().max(100_000),
  description_html: z.string().max(1_000_000),
  status: z.enum(['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled']),
  lead: z.uuid().nullable(),
  members: idList,
  start_date: dateInput.nullable(),
  target_date: dateInput.nullable(),
  logo_props: smallJsonObject,
  view_props: smallJsonObject,
  sort_order: z.number().finite(),
  ...externalKeys,
};
export const v1CreateModuleBodySchema = z.object(moduleFields).partial().required({ name: true });
export const v1UpdateModuleBodySchema = z.object(moduleFields).partial();
export type V1UpdateModuleBody = z.infer<typeof v1UpdateModuleBodySchema>;

const access = z.enum(['INTERNAL', 'EXTERNAL']);
export const v1CreateCommentBodySchema = z.object({
  comment_html: z.string().min(1, 'Comment is required').max(500_000),
  access: access.optional(),
});
export const v1UpdateCommentBodySchema = v1CreateCommentBodySchema.partial();

export const v1CreateLinkBodySchema = z.object({
  url: z.string().min(1).max(2048),
  title: trimmed().max(255).nullable().optional(),
});
export const v1UpdateLinkBodySchema = v1CreateLinkBodySchema.partial();

export const v1AddProjectMemberBodySchema = z.object({ member: z.uuid(), role: roleSchema });
export const v1UpdateProjectMemberBodySchema = z.object({ role: roleSchema });

export const v1IssueIdsBodySchema = z.object({
  issues: z.array(z.uuid()).min(1, 'At least one work item').max(1000),
});

/** `source` is Plane's free text; submissions through the API are recorded as the app's own. */
export const v1CreateIntakeIssueBodySchema = z.object({
  issue: intakeWorkItemBodySchema.required({ name: true }),
  source: z.string().max(255).optional(),
});
export const v1UpdateIntakeIssueBodySchema = updateIntakeIssueBodySchema;

// ——— Estimates (one per project, as Plane's v1 has it) ———

/** The internal objects: they already name their parents `project`, `workspace` and `estimate`. */
export const v1EstimateSchema = estimateSchema;
export const v1EstimatePointSchema = estimatePointSchema;

/** A point as Plane's clients send it: `key` may be left out (the next key after the highest). */
const v1EstimatePointInput = estimatePointInput.extend({ key: estimatePointInput.shape.key.optional() });
export type V1EstimatePointInput = z.infer<typeof v1EstimatePointInput>;
const v1PointList = z
  .array(v1EstimatePointInput)
  .min(1, 'Estimate points are required')
  .max(ESTIMATE_MAX_POINTS, `An estimate can have at most ${ESTIMATE_MAX_POINTS} points`);

/**
 * Plane's flat keys. `type` defaults to categories as in Plane; the points may come later through
 * `estimate-points/` (when sent here, 2 to 6 of them, as the internal API requires).
 */
export const v1CreateEstimateBodySchema = estimateInput.extend({
  type: estimateInput.shape.type.default('categories'),
  estimate_points: z.array(v1EstimatePointInput).optional(),
});
export const v1UpdateEstimateBodySchema = estimateInput.partial();
/** A JSON array of points, or `{estimate_points: [...]}`. */
export const v1CreateEstimatePointsBodySchema = z.union([
  v1PointList,
  z.object({ estimate_points: v1PointList }),
]);

export const v1SearchQuerySchema = z.object({
  search: z.string().max(255).default(''),
  project: z.uuid().optional(),
  project_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  workspace_search: z.enum(['true', 'false']).optional(),
});
export const v1SearchAnswerSchema = z.object({
  issues: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sequence_id: z.number(),
      project__identifier: z.string(),
      project_id: z.string(),
      workspace__slug: z.string(),
    }),
  ),
});
