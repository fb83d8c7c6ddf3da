import { z } from 'zod';
import { STATE_GROUPS } from '../domain/states.ts';
import { smallJsonObject, trimmed, userLiteSchema } from './common.ts';
import { roleSchema } from './workspaces.ts';

const jsonObject = z.record(z.string(), z.unknown());
/** logo_props and similar free JSON blobs are capped at 4 KiB. */
const smallJson = smallJsonObject;
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a #RRGGBB color');
const nullableUuid = z.uuid().nullable();

export const projectSchema = z.object({
  id: z.string(),
  workspace: z.string(),
  name: z.string(),
  description: z.string(),
  description_html: z.string(),
  identifier: z.string(),
  network: z.number(),
  project_lead: z.string().nullable(),
  default_assignee: z.string().nullable(),
  emoji: z.string().nullable(),
  icon_prop: jsonObject.nullable(),
  logo_props: jsonObject,
  cover_image: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  cycle_view: z.boolean(),
  module_view: z.boolean(),
  issue_views_view: z.boolean(),
  page_view: z.boolean(),
  intake_view: z.boolean(),
  inbox_view: z.boolean(),
  guest_view_all_features: z.boolean(),
  archive_in: z.number(),
  close_in: z.number(),
  default_state: z.string().nullable(),
  estimate: z.string().nullable(),
  timezone: z.string(),
  sort_order: z.number(),
  archived_at: z.string().nullable(),
  anchor: z.string().nullable(),
  is_member: z.boolean(),
  is_favorite: z.boolean(),
  member_role: z.number().nullable(),
  members: z.array(z.string()),
  total_members: z.number(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const PROJECT_ORDERINGS = [
  'sort_order',
  'name',
  '-name',
  'created_at',
  '-created_at',
  'members_length',
  '-members_length',
] as const;

export const listProjectsQuerySchema = z.object({
  order_by: z.enum(PROJECT_ORDERINGS).default('created_at'),
});

const projectName = trimmed().min(1, 'Name is required').max(255, 'Name cannot exceed 255 characters');
const identifierInput = z.string().max(255);
const monthsArchive = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(3),
  z.literal(6),
  z.literal(9),
  z.literal(12),
]);

/** Fields a project MEMBER (P15) may change. */
export const projectGeneralFields = {
  name: projectName,
  description: trimmed().max(10000),
  description_html: z.string().max(500_000),
  logo_props: smallJson,
  emoji: trimmed().max(64).nullable(),
  icon_prop: smallJson.nullable(),
  cover_image: trimmed().max(800).nullable(),
  project_lead: nullableUuid,
  default_assignee: nullableUuid,
  timezone: trimmed().min(1).max(64),
};

/** Fields only a project ADMIN (P20) may change. */
export const projectAdminFields = {
  identifier: identifierInput,
  network: z.union([z.literal(0), z.literal(2)]),
  cycle_view: z.boolean(),
  module_view: z.boolean(),
  issue_views_view: z.boolean(),
  page_view: z.boolean(),
  intake_view: z.boolean(),
  inbox_view: z.boolean(),
  guest_view_all_features: z.boolean(),
  archive_in: monthsArchive,
  close_in: z.number().int().min(0).max(12),
  default_state: nullableUuid,
  estimate: nullableUuid,
};
export const PROJECT_ADMIN_FIELDS = Object.keys(projectAdminFields);

export const createProjectBodySchema = z.object({
  name: projectName,
  identifier: identifierInput,
  description: projectGeneralFields.description.optional(),
  network: projectAdminFields.network.optional(),
  project_lead: nullableUuid.optional(),
  logo_props: smallJson.optional(),
  emoji: projectGeneralFields.emoji.optional(),
  cover_image: projectGeneralFields.cover_image.optional(),
  timezone: projectGeneralFields.timezone.optional(),
  cycle_view: z.boolean().optional(),
  module_view: z.boolean().optional(),
  issue_views_view: z.boolean().optional(),
  page_view: z.boolean().optional(),
  intake_view: z.boolean().optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z.object({ ...projectGeneralFields, ...projectAdminFields }).partial();
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const identifierCheckQuerySchema = z.object({ name: z.string().default('') });
export const identifierCheckResponseSchema = z.object({
  exists: z.number(),
  identifiers: z.array(z.string()),
});
export const archiveResponseSchema = z.object({ archived_at: z.string() });

export const favoriteSchema = z.object({
  id: z.string(),
  entity_type: z.enum(['project', 'cycle', 'module', 'view', 'page']),
  entity_identifier: z.string(),
  project_id: z.string().nullable(),
  name: z.string(),
  created_at: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;
export const favoriteProjectBodySchema = z.object({ project: z.uuid() });

export const projectMemberSchema = z.object({
  id: z.string(),
  member: z.string(),
  role: z.number(),
  project: z.string(),
  workspace: z.string(),
  is_active: z.boolean(),
  view_props: jsonObject,
  default_props: jsonObject,
  preferences: jsonObject,
  sort_order: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const addProjectMembersBodySchema = z.object({
  members: z
    .array(z.object({ member_id: z.uuid(), role: roleSchema }))
    .min(1)
    .max(100),
});
export const updateProjectMemberBodySchema = z.object({ role: roleSchema });
export const projectViewsBodySchema = z.object({
  view_props: smallJson.optional(),
  default_props: smallJson.optional(),
  preferences: smallJson.optional(),
  sort_order: z.number().finite().optional(),
});
export const joinProjectsBodySchema = z.object({ project_ids: z.array(z.uuid()).min(1).max(100) });
export const projectRolesSchema = z.record(z.string(), z.number());
export const workspaceProjectMembersSchema = z.record(
  z.string(),
  z.array(z.object({ id: z.string(), member: z.string(), role: z.number() })),
);

export const stateSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  group: z.string(),
  sequence: z.number(),
  default: z.boolean(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type State = z.infer<typeof stateSchema>;

const stateFields = {
  name: trimmed().min(1, 'Name is required').max(255),
  color: hexColor,
  group: z.enum(STATE_GROUPS),
  description: trimmed().max(2000),
  sequence: z.number().finite(),
};
export const createStateBodySchema = z.object({
  name: stateFields.name,
  color: stateFields.color,
  group: stateFields.group,
  description: stateFields.description.optional(),
  sequence: stateFields.sequence.optional(),
});
export const updateStateBodySchema = z.object(stateFields).partial();
export const putStateBodySchema = createStateBodySchema;
export const listStatesQuerySchema = z.object({ grouped: z.enum(['true', 'false']).optional() });

export const labelSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  parent: z.string().nullable(),
  sort_order: z.number(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Label = z.infer<typeof labelSchema>;

const labelFields = {
  name: trimmed().min(1, 'Name is required').max(255),
  color: z.union([hexColor, z.literal('')]),
  parent: nullableUuid,
  description: trimmed().max(2000),
  sort_order: z.number().finite(),
};
export const createLabelBodySchema = z.object({
  name: labelFields.name,
  color: labelFields.color.optional(),
  parent: labelFields.parent.optional(),
  description: labelFields.description.optional(),
  sort_order: labelFields.sort_order.optional(),
});
export const updateLabelBodySchema = z.object(labelFields).partial();
/** PUT behaves as PATCH but requires what creation requires. */
export const putLabelBodySchema = createLabelBodySchema;
export type CreateLabelBody = z.infer<typeof createLabelBodySchema>;
export type UpdateLabelBody = z.infer<typeof updateLabelBodySchema>;

export const ESTIMATE_TYPES = ['points', 'categories', 'time'] as const;
export const estimatePointSchema = z.object({
  id: z.string(),
  key: z.number(),
  value: z.string(),
  description: z.string(),
  workspace: z.string(),
  project: z.string(),
  estimate: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export const estimateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  last_used: z.boolean(),
  workspace: z.string(),
  project: z.string(),
  points: z.array(estimatePointSchema),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Estimate = z.infer<typeof estimateSchema>;
export type EstimatePoint = z.infer<typeof estimatePointSchema>;

/** One point as written (also the public API's, api.md §15). */
export const estimatePointInput = z.object({
  key: z.number().int().min(0),
  value: trimmed().min(1, 'Value is required').max(20, 'Value cannot exceed 20 characters'),
  description: trimmed().max(2000).optional(),
});
/** An estimate's own fields as written (also the public API's, api.md §15). */
export const estimateInput = z.object({
  name: trimmed().min(1, 'Name is required').max(255),
  description: trimmed().max(2000).optional(),
  type: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(ESTIMATE_TYPES, { error: 'Type must be points, categories or time' })),
  last_used: z.boolean().optional(),
});
export const createEstimateBodySchema = z.object({
  estimate: estimateInput,
  estimate_points: z.array(estimatePointInput),
});
export const updateEstimateBodySchema = z.object({
  estimate: estimateInput.partial().optional(),
  estimate_points: z.array(estimatePointInput.extend({ id: z.uuid().optional() })).optional(),
});
export const createEstimatePointBodySchema = estimatePointInput;
export const updateEstimatePointBodySchema = estimatePointInput.partial();
/** Optional: a bodyless DELETE arrives as null. */
export const deleteEstimatePointBodySchema = z
  .object({ new_estimate_id: z.uuid().nullable().optional() })
  .nullish();
export type CreateEstimateBody = z.infer<typeof createEstimateBodySchema>;
export type UpdateEstimateBody = z.infer<typeof updateEstimateBodySchema>;
export type EstimatePointBody = z.infer<typeof createEstimatePointBodySchema>;
export type UpdateEstimatePointBody = z.infer<typeof updateEstimatePointBodySchema>;

export const LAYOUTS = ['list', 'kanban', 'calendar', 'spreadsheet', 'gantt_chart'] as const;
export const GROUP_BY_OPTIONS = [
  'state',
  'priority',
  'labels',
  'assignees',
  'created_by',
  'state_detail.group',
  'project',
  'cycle',
  'module',
  'target_date',
] as const;
export const DISPLAY_PROPERTY_KEYS = [
  'assignee',
  'start_date',
  'due_date',
  'labels',
  'priority',
  'state',
  'sub_issue_count',
  'attachment_count',
  'link',
  'estimate',
  'key',
  'created_on',
  'updated_on',
  'modules',
  'cycle',
] as const;
export const FILTER_KEYS = [
  'priority',
  'state',
  'state_group',
  'assignees',
  'mentions',
  'created_by',
  'labels',
  'cycle',
  'module',
  'start_date',
  'target_date',
  'project',
  'subscriber',
] as const;

const groupBy = z.enum(GROUP_BY_OPTIONS).nullable();
export const filtersSchema = z.object(
  Object.fromEntries(FILTER_KEYS.map((k) => [k, z.array(z.string().max(100)).max(500).nullable()])) as Record<
    (typeof FILTER_KEYS)[number],
    z.ZodNullable<z.ZodArray<z.ZodString>>
  >,
);
export const displayFiltersSchema = z.object({
  layout: z.enum(LAYOUTS),
  group_by: groupBy,
  sub_group_by: groupBy,
  order_by: z.string().regex(/^-?[a-z_]+$/),
  type: z.enum(['active', 'backlog']).nullable(),
  sub_issue: z.boolean(),
  show_empty_groups: z.boolean(),
  calendar: z.object({ show_weekends: z.boolean(), layout: z.enum(['month', 'week']) }),
});
export const displayPropertiesSchema = z.object(
  Object.fromEntries(DISPLAY_PROPERTY_KEYS.map((k) => [k, z.boolean()])) as Record<
    (typeof DISPLAY_PROPERTY_KEYS)[number],
    z.ZodBoolean
  >,
);
export type Filters = z.infer<typeof filtersSchema>;
export type DisplayFilters = z.infer<typeof displayFiltersSchema>;
export type DisplayProperties = z.infer<typeof displayPropertiesSchema>;

/** What a missing user-properties row starts with (api.md §4.7). */
export const DEFAULT_FILTERS: Filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, null])) as Filters;
export const DEFAULT_DISPLAY_FILTERS: DisplayFilters = {
  layout: 'list',
  group_by: null,
  sub_group_by: null,
  order_by: 'sort_order',
  type: null,
  sub_issue: false,
  show_empty_groups: false,
  calendar: { show_weekends: false, layout: 'month' },
};
export const DEFAULT_DISPLAY_PROPERTIES: DisplayProperties = Object.fromEntries(
  DISPLAY_PROPERTY_KEYS.map((k) => [k, true]),
) as DisplayProperties;

export const userPropertiesSchema = z.object({
  id: z.string(),
  user: z.string(),
  project: z.string().nullable(),
  filters: filtersSchema,
  display_filters: displayFiltersSchema,
  display_properties: displayPropertiesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserProperties = z.infer<typeof userPropertiesSchema>;
/** Each object merges key by key into the stored one; the merged result is validated by the service. */
export const updateUserPropertiesBodySchema = z.object({
  filters: jsonObject.optional(),
  display_filters: jsonObject.optional(),
  display_properties: jsonObject.optional(),
});
export type UpdateUserPropertiesBody = z.infer<typeof updateUserPropertiesBodySchema>;
export const issueDisplayPropertiesSchema = z.object({
  id: z.string(),
  user: z.string(),
  project: z.string(),
  properties: displayPropertiesSchema,
});
export type IssueDisplayProperties = z.infer<typeof issueDisplayPropertiesSchema>;
export const issueDisplayPropertiesBodySchema = z.object({ properties: jsonObject });

/** Which layouts a published board offers; every key is present on the wire. */
export const DEPLOY_BOARD_VIEWS = ['list', 'kanban', 'calendar', 'gantt', 'spreadsheet'] as const;
export const deployBoardViewPropsSchema = z.object({
  list: z.boolean(),
  kanban: z.boolean(),
  calendar: z.boolean(),
  gantt: z.boolean(),
  spreadsheet: z.boolean(),
});
export type DeployBoardViewProps = z.infer<typeof deployBoardViewPropsSchema>;

export const deployBoardSchema = z.object({
  id: z.string(),
  anchor: z.string(),
  entity_name: z.string(),
  entity_identifier: z.string(),
  project: z.string(),
  workspace: z.string(),
  is_comments_enabled: z.boolean(),
  is_reactions_enabled: z.boolean(),
  is_votes_enabled: z.boolean(),
  is_activity_enabled: z.boolean(),
  intake: z.string().nullable(),
  view_props: deployBoardViewPropsSchema,
  is_disabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeployBoard = z.infer<typeof deployBoardSchema>;
export const deployBoardBodySchema = z.object({
  is_comments_enabled: z.boolean().optional(),
  is_reactions_enabled: z.boolean().optional(),
  is_votes_enabled: z.boolean().optional(),
  is_activity_enabled: z.boolean().optional(),
  is_disabled: z.boolean().optional(),
  intake: z.uuid().nullable().optional(),
  /** Merged into the stored value: keys not sent keep their value. */
  view_props: deployBoardViewPropsSchema.partial().optional(),
});
export type DeployBoardBody = z.infer<typeof deployBoardBodySchema>;

/** The board as anonymous visitors see it (api.md §4.8): DeployBoard without `workspace`. */
export const publicDeployBoardSchema = deployBoardSchema.omit({ workspace: true });
export type PublicDeployBoard = z.infer<typeof publicDeployBoardSchema>;

export const publicMetaSchema = z.object({
  workspace: z.object({ name: z.string(), slug: z.string(), logo_url: z.string().nullable() }),
  project: z.object({
    id: z.string(),
    name: z.string(),
    identifier: z.string(),
    logo_props: jsonObject,
    description: z.string(),
  }),
});
export type PublicMeta = z.infer<typeof publicMetaSchema>;

/** Members of a published project as anonymous visitors see them: UserLite, never the email. */
export const publicUserLiteSchema = userLiteSchema.omit({ email: true });
export type PublicUserLite = z.infer<typeof publicUserLiteSchema>;
