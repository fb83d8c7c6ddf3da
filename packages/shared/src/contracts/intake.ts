import { z } from 'zod';
import { INTAKE_SOURCE_IN_APP, INTAKE_STATUS } from '../domain/intake.ts';
import { auditFields, dateInput, timestamp, trimmed } from './common.ts';
import { PRIORITIES } from './issues.ts';

/**
 * The intake (inbox) of a project, api.md §10: items submitted for triage under
 * `{p}/inbox-issues/` (and Plane's `{p}/intake-issues/`), and the project's intake itself.
 */

/** The work item behind an intake item, in the keys the inbox shows. */
export const intakeWorkItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description_html: z.string(),
  priority: z.string(),
  sequence_id: z.number(),
  project_id: z.string(),
  state_id: z.string(),
  label_ids: z.array(z.string()),
  assignee_ids: z.array(z.string()),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  created_by: z.string().nullable(),
});
export type IntakeWorkItem = z.infer<typeof intakeWorkItemSchema>;

/** The work item an item duplicates, in brief (null when it names none, or one the caller cannot see). */
export const duplicateIssueDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  sequence_id: z.number(),
  project_id: z.string(),
});

export const intakeIssueSchema = z.object({
  id: z.string(),
  /** -2 pending, -1 declined, 0 snoozed, 1 accepted, 2 duplicate. */
  status: z.number(),
  issue: intakeWorkItemSchema,
  snoozed_till: timestamp.nullable(),
  duplicate_to: z.string().nullable(),
  duplicate_issue_detail: duplicateIssueDetailSchema.nullable(),
  source: z.string(),
  source_email: z.string().nullable(),
  intake: z.string(),
  ...auditFields,
});
export type IntakeIssue = z.infer<typeof intakeIssueSchema>;

export const intakeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  /** Pending items the caller can see (a guest: their own). */
  pending_issue_count: z.number(),
  project: z.string(),
  workspace: z.string(),
  ...auditFields,
});
export type Intake = z.infer<typeof intakeSchema>;

const idList = z.array(z.uuid()).max(500);

/** The work item's keys an intake item takes on submission and later edits. */
const workItemFields = {
  name: trimmed().min(1, 'Name is required').max(255, 'Name cannot exceed 255 characters'),
  description_html: z.string().max(1_000_000),
  priority: z.enum(PRIORITIES, { error: `Priority must be one of ${PRIORITIES.join(', ')}` }),
  label_ids: idList,
  assignee_ids: idList,
  start_date: dateInput.nullable(),
  target_date: dateInput.nullable(),
};
export const intakeWorkItemBodySchema = z.object(workItemFields).partial();
export type IntakeWorkItemBody = z.infer<typeof intakeWorkItemBodySchema>;

export const createIntakeIssueBodySchema = z.object({
  source: z.literal(INTAKE_SOURCE_IN_APP, { error: `Source must be ${INTAKE_SOURCE_IN_APP}` }).optional(),
  issue: z.object(workItemFields).partial().required({ name: true }),
});
export type CreateIntakeIssueBody = z.infer<typeof createIntakeIssueBodySchema>;

const { PENDING, DECLINED, SNOOZED, ACCEPTED, DUPLICATE } = INTAKE_STATUS;
const statusSchema = z.union(
  [z.literal(PENDING), z.literal(DECLINED), z.literal(SNOOZED), z.literal(ACCEPTED), z.literal(DUPLICATE)],
  { error: 'Status must be -2 (pending), -1 (declined), 0 (snoozed), 1 (accepted) or 2 (duplicate)' },
);

/** A timestamp with its date and time (`2026-05-19T08:15:00.000Z`, any offset). */
const instant = z
  .string()
  .max(64)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'Must be a timestamp (YYYY-MM-DDTHH:MM…)')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid timestamp');

/**
 * PATCH: the triage keys (`status`, `snoozed_till`, `duplicate_to`; admins) and the work item's own
 * (`issue`; members, or its submitter while it is pending). `snoozed_till: null` ends a snooze.
 */
export const updateIntakeIssueBodySchema = z
  .object({
    status: statusSchema,
    snoozed_till: instant.nullable(),
    duplicate_to: z.uuid({ error: 'Must be a valid UUID' }).nullable(),
    issue: intakeWorkItemBodySchema,
  })
  .partial();
export type UpdateIntakeIssueBody = z.infer<typeof updateIntakeIssueBodySchema>;

/** `order_by` of the inbox: created (the default, newest first), updated or sequence id. */
export const INTAKE_ORDERINGS = [
  'issue__created_at',
  '-issue__created_at',
  'issue__updated_at',
  '-issue__updated_at',
  'issue__sequence_id',
  '-issue__sequence_id',
] as const;
export type IntakeOrdering = (typeof INTAKE_ORDERINGS)[number];

/**
 * The inbox list. Comma lists; `status` defaults to pending (`-2`); `filters` is the issue list's
 * JSON filter tree (api.md §5.3) with `status` / `status__in` besides.
 */
export const listIntakeIssuesQuerySchema = z.object({
  status: z.string().max(100).optional(),
  priority: z.string().max(1000).optional(),
  assignees: z.string().max(20_000).optional(),
  labels: z.string().max(20_000).optional(),
  created_by: z.string().max(20_000).optional(),
  state: z.string().max(20_000).optional(),
  created_at: z.string().max(1000).optional(),
  updated_at: z.string().max(1000).optional(),
  filters: z.string().max(20_000).optional(),
  order_by: z.string().max(100).optional(),
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});
export type ListIntakeIssuesQuery = z.infer<typeof listIntakeIssuesQuerySchema>;

/** `expand=issue_inbox` (Plane's web asks for it): the item always carries its work item. */
export const intakeIssueDetailQuerySchema = z.object({
  expand: z
    .string()
    .max(200)
    .refine(
      (v) =>
        v
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .every((name) => name === 'issue_inbox' || name === 'issue'),
      'Unknown expansion: the inbox item expands issue_inbox only',
    )
    .optional(),
});
