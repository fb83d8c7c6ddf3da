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
import { createPageBodySchema, pageSchema } from './pages.ts';
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

/**
 * Lists: the §0.6 envelope (default 100 per page), `order_by`, and the exact external lookup.
 * `limit` / `offset` are the older paging some of Plane's SDK calls send: `limit` is the page size
 * and `offset` must fall on a page boundary (a multiple of `limit`).
 */
export const v1ListQuerySchema = pageQuerySchema.extend({
  limit: z.string().max(10).optional(),
  offset: z.string().max(12).optional(),
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
  /** The JSON filter tree of api.md §5.3 (Plane's `filters=`), AND-ed with the list's scope. */
  filters: z.string().max(20_000).optional(),
  /** Plane Query Language: not supported (400), rather than ignored. */
  pql: z.string().max(20_000).optional(),
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

/** A role's stable name in code (`admin`, `member`, `viewer`, `guest`), as Plane's `role_slug`. */
const roleSlug = z.string().nullable();

/** A workspace or project member: UserLite and the member's role. */
export const v1MemberSchema = userLiteSchema.extend({ role: z.number(), role_slug: roleSlug });
export type V1Member = z.infer<typeof v1MemberSchema>;

export const v1ProjectMemberSchema = z.object({
  id: z.string(),
  member: z.string(),
  role: z.number(),
  role_slug: roleSlug,
  project: z.string(),
  workspace: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const v1ProjectSchema = projectSchema;

/** `projects-lite/`: what pickers need. */
export const v1ProjectLiteSchema = projectSchema.pick({
  id: true,
  identifier: true,
  name: true,
  cover_image: true,
  cover_image_url: true,
  icon_prop: true,
  emoji: true,
  logo_props: true,
  description: true,
  archived_at: true,
});

/**
 * A project's feature switches as Plane's v1 names them. Kite has no epics and no work-item types:
 * they read false and cannot be switched on.
 */
export const v1ProjectFeaturesSchema = z.object({
  epics: z.boolean(),
  modules: z.boolean(),
  cycles: z.boolean(),
  views: z.boolean(),
  pages: z.boolean(),
  intakes: z.boolean(),
  work_item_types: z.boolean(),
});
export type V1ProjectFeatures = z.infer<typeof v1ProjectFeaturesSchema>;
const notInKite = z.literal(false, { error: 'Kite has no such feature' });
export const v1UpdateProjectFeaturesBodySchema = z
  .object({
    modules: z.boolean(),
    cycles: z.boolean(),
    views: z.boolean(),
    pages: z.boolean(),
    intakes: z.boolean(),
    epics: notInKite,
    work_item_types: notInKite,
  })
  .partial();

/** Kite's fixed roles as Plane's role definitions (`roles/`), in the workspace and project namespaces. */
export const v1RoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  namespace: z.enum(['workspace', 'project']),
  level: z.number(),
  is_system: z.boolean(),
});
export type V1Role = z.infer<typeof v1RoleSchema>;
export const v1RoleListQuerySchema = pageQuerySchema.extend({
  namespace: z.enum(['workspace', 'project']).optional(),
});

/** `project-role-distribution/`: project memberships by role across the caller's projects. */
export const v1RoleDistributionSchema = z.object({
  total_memberships: z.number(),
  total_distinct_members: z.number(),
  roles: z.array(
    z.object({
      role_id: z.string(),
      name: z.string(),
      slug: z.string(),
      is_system: z.boolean(),
      level: z.number(),
      membership_count: z.number(),
      distinct_member_count: z.number(),
    }),
  ),
});

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

/** `cycles-lite/`: a cycle without its counters. */
export const v1CycleLiteSchema = v1CycleSchema.pick({
  id: true,
  name: true,
  start_date: true,
  end_date: true,
  status: true,
  owned_by: true,
  project: true,
  workspace: true,
  archived_at: true,
});
export const v1CycleLiteQuerySchema = v1ListQuerySchema.extend({
  /** Plane's cycle status filter (`current`, `upcoming`, `completed`, `draft`). */
  status: z.enum(['current', 'upcoming', 'completed', 'draft']).optional(),
});

/** `modules-lite/`: a module without its counters. */
export const v1ModuleLiteSchema = v1ModuleSchema.pick({
  id: true,
  name: true,
  status: true,
  lead: true,
  start_date: true,
  target_date: true,
  project: true,
  workspace: true,
  archived_at: true,
});

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

/**
 * `POST …/attachments/` of Plane's v1 asks for an upload of a declared file (name, type, size) and
 * is answered where to send it: a form POST of `upload_data.fields` and then the file (field
 * `file`) to `upload_data.url`, valid for an hour; `PATCH …/attachments/{asset_id}/` with
 * `is_uploaded: true` then confirms it.
 */
export const v1AttachmentUploadBodySchema = z.object({
  name: trimmed().min(1, 'Name is required').max(255),
  type: z.string().max(255).optional(),
  size: z.number().int().min(0),
  external_id: z.string().max(255).optional(),
  external_source: z.string().max(255).optional(),
});
export const v1AttachmentUploadAnswerSchema = z.object({
  upload_data: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  asset_id: z.string(),
  asset_url: z.string(),
  attachment: z.object({
    id: z.string(),
    attributes: z.object({ name: z.string(), type: z.string(), size: z.number() }),
    is_uploaded: z.boolean(),
    issue: z.string(),
    project: z.string(),
    workspace: z.string(),
  }),
});
export const v1UpdateAttachmentBodySchema = z.object({ is_uploaded: z.boolean().optional() });

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

/** `…/intake-issues/{work_item_id}/status/`: the triage keys of the intake item alone. */
export const v1IntakeStatusBodySchema = updateIntakeIssueBodySchema.pick({
  status: true,
  snoozed_till: true,
  duplicate_to: true,
});

/**
 * A project page as Plane's v1 names it: `project`, `parent` and `labels` beside the internal keys;
 * `description_html` on one page, not in lists.
 */
export const v1PageSchema = pageSchema.extend({
  description_html: z.string().optional(),
  project: z.string(),
  parent: z.string().nullable(),
  labels: z.array(z.string()),
});
export type V1Page = z.infer<typeof v1PageSchema>;
export const v1CreatePageBodySchema = createPageBodySchema;
export const v1PageListQuerySchema = v1ListQuerySchema.extend({ search: z.string().max(255).optional() });

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

// ——— Workspace-wide work items ———

/** `work-items/count/`: a total, or counts per value of `group_by` (and `sub_group_by`). */
export const V1_COUNT_GROUPINGS = [
  'state',
  'state__group',
  'priority',
  'project',
  'labels',
  'assignees',
  'cycle',
  'modules',
  'created_by',
  'target_date',
] as const;
export const v1WorkItemCountQuerySchema = z.object({
  filters: z.string().max(20_000).optional(),
  pql: z.string().max(20_000).optional(),
  group_by: z.enum(V1_COUNT_GROUPINGS).optional(),
  sub_group_by: z.enum(V1_COUNT_GROUPINGS).optional(),
});
export const v1WorkItemCountSchema = z.object({
  grouped_by: z.string().nullable(),
  sub_grouped_by: z.string().nullable(),
  total_count: z.number(),
  grouped_counts: z
    .record(
      z.string(),
      z.object({
        count: z.number(),
        sub_grouped_counts: z.record(z.string(), z.object({ count: z.number() })).optional(),
      }),
    )
    .optional(),
});

/** `work-items/advanced-search/`: text (`query`) and the filter tree, among what the caller sees. */
export const v1AdvancedSearchBodySchema = z.object({
  query: z.string().max(255).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  pql: z.string().max(20_000).optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export const v1AdvancedSearchAnswerSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    sequence_id: z.number(),
    project_identifier: z.string(),
    project_id: z.string(),
    workspace_id: z.string(),
    type_id: z.null(),
    state_id: z.string().nullable(),
    priority: z.string().nullable(),
    target_date: z.string().nullable(),
    start_date: z.string().nullable(),
  }),
);
