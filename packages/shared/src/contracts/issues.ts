import { z } from 'zod';
import { dateInput as date, trimmed, userLiteSchema } from './common.ts';
import { attachmentSchema, issueRelationsSchema, linkSchema, reactionSchema } from './issue-parts.ts';
import { labelSchema, stateSchema } from './projects.ts';

export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
export type Priority = (typeof PRIORITIES)[number];

const idList = z.array(z.uuid()).max(500);

export const issueRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  sequence_id: z.number(),
  state_id: z.string(),
  state__group: z.string(),
  priority: z.string(),
  sort_order: z.number(),
  estimate_point: z.string().nullable(),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  completed_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  project_id: z.string(),
  parent_id: z.string().nullable(),
  cycle_id: z.string().nullable(),
  module_ids: z.array(z.string()),
  label_ids: z.array(z.string()),
  assignee_ids: z.array(z.string()),
  sub_issues_count: z.number(),
  attachment_count: z.number(),
  link_count: z.number(),
  is_draft: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type IssueRow = z.infer<typeof issueRowSchema>;

export const issueDetailSchema = issueRowSchema.extend({
  description_html: z.string(),
  is_subscribed: z.boolean(),
  is_intake: z.boolean(),
  workspace_id: z.string(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
});
export type IssueDetail = z.infer<typeof issueDetailSchema>;

/**
 * Names accepted by `expand` on a work item's detail (api.md §5.1). Each requested name answers
 * under its own key; an alias (`issue_attachments`, `issue_related`) carries the same value as
 * the name it stands for.
 */
export const ISSUE_EXPANSIONS = [
  'issue_reactions',
  'issue_attachment',
  'issue_attachments',
  'issue_link',
  'parent',
  'issue_relation',
  'issue_related',
  'state',
  'labels',
  'assignees',
] as const;
export type IssueExpansion = (typeof ISSUE_EXPANSIONS)[number];

const isExpansion = (name: string): name is IssueExpansion =>
  (ISSUE_EXPANSIONS as readonly string[]).includes(name);

/** `expand=a,b` (or repeated `expand=`): the distinct names asked for; unknown names are refused. */
const expandSchema = z
  .union([z.string().max(500), z.array(z.string().max(500)).max(20)])
  .transform((value, ctx): IssueExpansion[] => {
    const names = (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !isExpansion(name));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown expansion: ${unknown.join(', ')}. Allowed: ${ISSUE_EXPANSIONS.join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(names as IssueExpansion[])];
  });

export const issueDetailQuerySchema = z.object({ expand: expandSchema.optional() });
export type IssueDetailQuery = z.infer<typeof issueDetailQuerySchema>;

/** `expand=parent`: the parent work item in brief (null without a parent or when not visible). */
export const issueParentSchema = z.object({
  id: z.string(),
  name: z.string(),
  sequence_id: z.number(),
  project_id: z.string(),
  state_id: z.string(),
  priority: z.string(),
});
export type IssueParent = z.infer<typeof issueParentSchema>;

export const issueExpansionsSchema = z.object({
  issue_reactions: z.array(reactionSchema).optional(),
  issue_attachment: z.array(attachmentSchema).optional(),
  issue_attachments: z.array(attachmentSchema).optional(),
  issue_link: z.array(linkSchema).optional(),
  parent: issueParentSchema.nullable().optional(),
  issue_relation: issueRelationsSchema.optional(),
  issue_related: issueRelationsSchema.optional(),
  state: stateSchema.optional(),
  labels: z.array(labelSchema).optional(),
  assignees: z.array(userLiteSchema).optional(),
} satisfies Record<IssueExpansion, z.ZodType>);
export type IssueExpansions = z.infer<typeof issueExpansionsSchema>;

/** IssueDetail with the expansions asked for (`GET {i}/?expand=…`, `GET {ws}/work-items/{KEY}/`). */
export const issueDetailExpandedSchema = issueDetailSchema.extend(issueExpansionsSchema.shape);
export type IssueDetailExpanded = z.infer<typeof issueDetailExpandedSchema>;

const issueFields = {
  name: trimmed().min(1, 'Name is required').max(255, 'Name cannot exceed 255 characters'),
  description_html: z.string().max(1_000_000),
  priority: z.enum(PRIORITIES),
  state_id: z.uuid(),
  parent_id: z.uuid().nullable(),
  label_ids: idList,
  assignee_ids: idList,
  estimate_point: z.uuid().nullable(),
  cycle_id: z.uuid().nullable(),
  module_ids: idList,
  start_date: date.nullable(),
  target_date: date.nullable(),
  sort_order: z.number().finite(),
  is_draft: z.boolean(),
  external_source: trimmed().max(255).nullable(),
  external_id: trimmed().max(255).nullable(),
};
export const createIssueBodySchema = z.object(issueFields).partial().required({ name: true });
export const updateIssueBodySchema = z.object(issueFields).partial();
export type CreateIssueBody = z.infer<typeof createIssueBodySchema>;
export type UpdateIssueBody = z.infer<typeof updateIssueBodySchema>;

export const GROUP_BY_KEYS = [
  'state_id',
  'priority',
  'labels__id',
  'state__group',
  'assignees__id',
  'cycle_id',
  'issue_module__module_id',
  'target_date',
  'project_id',
  'created_by',
] as const;
export type GroupByKey = (typeof GROUP_BY_KEYS)[number];

export const ORDER_BY_KEYS = [
  'sort_order',
  'created_at',
  'updated_at',
  'priority',
  'state__name',
  'state__group',
  'start_date',
  'target_date',
  'link_count',
  'attachment_count',
  'sub_issues_count',
  'assignees__first_name',
  'labels__name',
  'issue_module__module__name',
  'issue_cycle__cycle__name',
  'estimate_point__key',
] as const;
/** The spec's short names for order keys. */
export const ORDER_BY_ALIASES: Record<string, string> = {
  state: 'state__name',
  assignee: 'assignees__first_name',
  label: 'labels__name',
  module: 'issue_module__module__name',
  cycle: 'issue_cycle__cycle__name',
  estimate_point: 'estimate_point__key',
};

export const listIssuesQuerySchema = z.object({
  cursor: z.string().optional(),
  per_page: z.string().optional(),
  group_by: z.string().optional(),
  sub_group_by: z.string().optional(),
  order_by: z.string().optional(),
  type: z.enum(['all', 'active', 'backlog']).optional(),
  sub_issue: z.enum(['true', 'false']).optional(),
  show_empty_groups: z.string().optional(),
  state: z.string().optional(),
  state_group: z.string().optional(),
  priority: z.string().optional(),
  labels: z.string().optional(),
  assignees: z.string().optional(),
  created_by: z.string().optional(),
  subscriber: z.string().optional(),
  /** Items whose description mentions one of these users (`None`: mentions nobody). */
  mentions: z.string().optional(),
  /** Items that came through intake, by their intake status (comma list of -2, -1, 0, 1, 2). */
  intake_status: z.string().optional(),
  project: z.string().optional(),
  parent: z.string().optional(),
  cycle: z.string().optional(),
  module: z.string().optional(),
  name: z.string().max(255).optional(),
  start_date: z.string().optional(),
  target_date: z.string().optional(),
  updated_at__gt: z.string().optional(),
  estimate_point: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  completed_at: z.string().optional(),
  start_target_date: z.enum(['true', 'false']).optional(),
  /** The JSON filter tree of api.md §5.3, URL-encoded. */
  filters: z.string().max(20_000).optional(),
});
export type ListIssuesQuery = z.infer<typeof listIssuesQuerySchema>;

export const issueListQuerySchema = z.object({ issues: z.string().default('') });
