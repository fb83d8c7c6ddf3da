import { z } from 'zod';
import { auditFields, paginated, userLiteSchema } from './common.ts';

/**
 * A user's notifications (api.md §12): one per activity that concerns them (created, assigned,
 * subscribed or mentioned), made after the change commits, newest first.
 */

/** Why a receiver got a notification; the `sender` is `in_app:issue_activities:<reason>`. */
export const NOTIFICATION_REASONS = ['created', 'assigned', 'subscribed', 'mentioned'] as const;
export type NotificationReason = (typeof NOTIFICATION_REASONS)[number];
export const NOTIFICATION_SENDER_PREFIX = 'in_app:issue_activities:';

// Here for the server's contract; the web imports it from the domain module, which has no zod.
export { NOTIFICATIONS_PER_PAGE } from '../domain/notifications.ts';

const timestamp = z.string();

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  data: z.object({
    issue: z.object({
      id: z.string(),
      name: z.string(),
      identifier: z.string(),
      sequence_id: z.number(),
      state_name: z.string().nullable(),
      state_group: z.string().nullable(),
    }),
    issue_activity: z.object({
      id: z.string(),
      verb: z.string(),
      field: z.string().nullable(),
      actor: z.string().nullable(),
      old_value: z.string().nullable(),
      new_value: z.string().nullable(),
      issue_comment: z.string().nullable(),
      old_identifier: z.string().nullable(),
      new_identifier: z.string().nullable(),
    }),
  }),
  entity_identifier: z.string(),
  entity_name: z.literal('issue'),
  message_html: z.string(),
  message: z.string(),
  message_stripped: z.string(),
  sender: z.string(),
  receiver: z.string(),
  triggered_by: z.string().nullable(),
  triggered_by_details: userLiteSchema.nullable(),
  read_at: timestamp.nullable(),
  archived_at: timestamp.nullable(),
  snoozed_till: timestamp.nullable(),
  workspace: z.string(),
  project: z.string(),
  is_inbox_issue: z.boolean(),
  is_intake_issue: z.boolean(),
  is_mentioned_notification: z.boolean(),
  ...auditFields,
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationPageSchema = paginated(notificationSchema);

const flag = z.enum(['true', 'false'], { error: "Must be 'true' or 'false'" });
/** `type`: a comma list of assigned, created, subscribed. */
const typeList = z
  .string()
  .max(100)
  .refine((v) => v.split(',').every((t) => ['assigned', 'created', 'subscribed', ''].includes(t.trim())), {
    error: 'Type must be a comma list of assigned, created, subscribed',
  });

/** The filters of the list and of mark-all-read. */
export const notificationFiltersSchema = z.object({
  type: typeList.optional(),
  snoozed: flag.optional(),
  archived: flag.optional(),
  read: flag.optional(),
  mentioned: flag.optional(),
});
export type NotificationFilters = z.infer<typeof notificationFiltersSchema>;

export const notificationListQuerySchema = notificationFiltersSchema.extend({
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** mark-all-read takes the same filters as booleans or strings. */
const bodyFlag = z
  .union([z.boolean(), flag])
  .transform((v) => (typeof v === 'boolean' ? (String(v) as 'true' | 'false') : v));
export const markAllReadBodySchema = z.object({
  type: typeList.optional(),
  snoozed: bodyFlag.optional(),
  archived: bodyFlag.optional(),
  read: bodyFlag.optional(),
  mentioned: bodyFlag.optional(),
});

const optionalTimestamp = z.iso
  .datetime({ offset: true, error: 'Must be an ISO date-time or null' })
  .nullable();
export const updateNotificationBodySchema = z
  .object({ read_at: optionalTimestamp, archived_at: optionalTimestamp, snoozed_till: optionalTimestamp })
  .partial();
export type UpdateNotificationBody = z.infer<typeof updateNotificationBodySchema>;

export const unreadCountsSchema = z.object({
  total_unread_notifications_count: z.number(),
  mention_unread_notifications_count: z.number(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
