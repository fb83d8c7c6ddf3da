import { z } from 'zod';
import { auditFields, timestamp } from './common.ts';

/** Workspace webhooks (api.md §13): admins only; the secret is shown in full once. */

export const WEBHOOK_SECRET_PREFIX = 'plane_wh_';

/** The event flags, each enabling deliveries of the event of the same name (§13.2). */
export const WEBHOOK_EVENTS = [
  'project',
  'issue',
  'cycle',
  'module',
  'issue_comment',
  'intake_issue',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  is_active: z.boolean(),
  project: z.boolean(),
  issue: z.boolean(),
  cycle: z.boolean(),
  module: z.boolean(),
  issue_comment: z.boolean(),
  intake_issue: z.boolean(),
  /** `plane_wh_****` and the secret's last 4 characters. */
  secret_key_masked: z.string(),
  version: z.string(),
  workspace: z.string(),
  ...auditFields,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The create and regenerate answers: the only times the full secret is sent. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret_key: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** http(s) only, at most 1024 characters; the destination rules are checked by the server. */
const webhookUrl = z.string().trim().min(1, 'URL is required').max(1024, 'URL cannot exceed 1024 characters');

const flags = {
  is_active: z.boolean().optional(),
  project: z.boolean().optional(),
  issue: z.boolean().optional(),
  cycle: z.boolean().optional(),
  module: z.boolean().optional(),
  issue_comment: z.boolean().optional(),
  intake_issue: z.boolean().optional(),
};

export const createWebhookBodySchema = z.object({ url: webhookUrl, ...flags });
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;
export const updateWebhookBodySchema = z.object({ url: webhookUrl.optional(), ...flags });
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const WEBHOOK_LOG_ERRORS = [
  'timeout',
  'connection_error',
  'blocked_destination',
  'redirect',
  'http_status',
] as const;
export type WebhookLogError = (typeof WEBHOOK_LOG_ERRORS)[number];

/** One delivery attempt (§13.1). */
export const webhookLogSchema = z.object({
  id: z.string(),
  webhook: z.string(),
  event_type: z.string(),
  action: z.string(),
  delivery_id: z.string(),
  attempt: z.number(),
  request_method: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_status: z.number().nullable(),
  response_headers: z.record(z.string(), z.string()),
  response_body: z.string(),
  error: z.enum(WEBHOOK_LOG_ERRORS).nullable(),
  duration_ms: z.number(),
  next_retry_at: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookLog = z.infer<typeof webhookLogSchema>;
