import type { Webhook, WebhookLog, WebhookLogError } from '@kite/shared/contracts';
import type { WebhookLogRow, WebhookRow } from '../../platform/db/schema.ts';
import { maskSecret } from './webhooks.policy.ts';

/** The wire's Webhook (api.md §13.1): the secret only masked. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    is_active: row.is_active,
    project: row.project,
    issue: row.issue,
    cycle: row.cycle,
    module: row.module,
    issue_comment: row.issue_comment,
    intake_issue: row.intake_issue,
    secret_key_masked: maskSecret(row.secret_last4),
    version: row.version,
    workspace: row.workspace_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

export function presentWebhookLog(row: WebhookLogRow): WebhookLog {
  return {
    id: row.id,
    webhook: row.webhook_id,
    event_type: row.event_type,
    action: row.action,
    delivery_id: row.delivery_id,
    attempt: row.attempt,
    request_method: row.request_method,
    request_headers: row.request_headers,
    request_body: row.request_body,
    response_status: row.response_status,
    response_headers: row.response_headers,
    response_body: row.response_body,
    error: row.error as WebhookLogError | null,
    duration_ms: row.duration_ms,
    next_retry_at: row.next_retry_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
