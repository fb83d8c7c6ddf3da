import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, type WebhookEvent } from '@kite/shared/contracts';

/** Attempts per delivery: at once, then +1 min, +5 min, +15 min, +40 min (api.md §13.4). */
export const MAX_ATTEMPTS = 5;
const RETRY_DELAYS_S = [60, 300, 900, 2400];
const RETRY_AFTER_CAP_S = 3600;
/** Request bodies are logged up to 64 KiB, response bodies up to 4 KiB. */
export const LOG_REQUEST_BODY_MAX = 64 * 1024;
export const LOG_RESPONSE_BODY_MAX = 4 * 1024;

/** `plane_wh_` + 64 hex characters (256 random bits). */
export const newSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('hex')}`;
export const maskSecret = (last4: string): string => `${WEBHOOK_SECRET_PREFIX}****${last4}`;

/** `X-Plane-Signature`: lowercase hex HMAC-SHA256 of the raw body. */
export const planeSignature = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Standard Webhooks `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export const standardSignature = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/** The request headers of one attempt (§13.3). */
export function deliveryHeaders(
  secret: string,
  delivery: { id: string; event_type: string; body: string },
  timestamp: number,
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Autopilot',
    'X-Plane-Delivery': delivery.id,
    'X-Plane-Event': delivery.event_type,
    'X-Plane-Signature': planeSignature(secret, delivery.body),
    'webhook-id': delivery.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, delivery.id, timestamp, delivery.body),
  };
}

const SIGNATURE_HEADERS = new Set(['x-plane-signature', 'webhook-signature']);

/** Headers as logged: signature values replaced. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, SIGNATURE_HEADERS.has(k.toLowerCase()) ? '[redacted]' : v]),
  );
}

/** A logged response body: at most 4 KiB, with the secret (should a receiver echo it) removed. */
export function redactBody(body: string, secret: string): string {
  return body.slice(0, LOG_RESPONSE_BODY_MAX).replaceAll(secret, '[redacted]');
}

export type AttemptError =
  | 'timeout'
  | 'connection_error'
  | 'blocked_destination'
  | 'redirect'
  | 'http_status';

export interface AttemptOutcome {
  /** delivered, retry later, or failed for good. */
  verdict: 'delivered' | 'retry' | 'failed';
  error: AttemptError | null;
}

/**
 * How an attempt ends: 2xx delivered; network errors, timeouts, 429 and 5xx are retried;
 * 3xx (redirects are never followed), other 4xx and blocked destinations fail at once.
 */
export function judgeAttempt(
  status: number | null,
  error: 'timeout' | 'connection_error' | 'blocked_destination' | null,
): AttemptOutcome {
  if (error === 'blocked_destination') return { verdict: 'failed', error };
  if (error) return { verdict: 'retry', error };
  if (status !== null && status >= 200 && status < 300) return { verdict: 'delivered', error: null };
  if (status !== null && status >= 300 && status < 400) return { verdict: 'failed', error: 'redirect' };
  if (status === 429 || (status !== null && status >= 500)) return { verdict: 'retry', error: 'http_status' };
  return { verdict: 'failed', error: 'http_status' };
}

/** `Retry-After` as seconds (delta or HTTP date), capped at an hour; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim())
    ? Number(value.trim())
    : (Date.parse(value) - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(0, seconds), RETRY_AFTER_CAP_S);
}

/**
 * Seconds before the attempt after `attempt` (1-based): the schedule with ±20 % jitter, or the
 * receiver's `Retry-After` on 429/503. Undefined when no attempt is left.
 */
export function nextRetryDelay(
  attempt: number,
  options: { status?: number | null; retryAfter?: number; random?: () => number } = {},
): number | undefined {
  if (attempt >= MAX_ATTEMPTS) return undefined;
  if ((options.status === 429 || options.status === 503) && options.retryAfter !== undefined) {
    return options.retryAfter;
  }
  const base = RETRY_DELAYS_S[attempt - 1]!;
  const jitter = 0.8 + 0.4 * (options.random ?? Math.random)();
  return Math.round(base * jitter);
}

/** The webhook event and action an outbox topic stands for, or undefined when webhooks ignore it. */
export function webhookEventOf(
  topic: string,
): { event: WebhookEvent; action: 'created' | 'updated' | 'deleted' } | undefined {
  const [entity, verb] = topic.split('.');
  const event = (
    {
      issue: 'issue',
      comment: 'issue_comment',
      intake_issue: 'intake_issue',
      project: 'project',
      cycle: 'cycle',
      module: 'module',
    } as const
  )[entity as string];
  if (!event || (verb !== 'created' && verb !== 'updated' && verb !== 'deleted')) return undefined;
  return { event, action: verb };
}

/** Work item activity field names (as the change feed writes them) to the v1 wire keys §13.2 names. */
const ISSUE_WIRE_FIELDS: Record<string, string> = {
  description: 'description_html',
  cycle: 'cycle_id',
  modules: 'module_ids',
};
/** The wire key of a changed field of `event`'s object (other events already use wire keys). */
export const wireField = (event: string, field: string): string =>
  (event === 'issue' ? ISSUE_WIRE_FIELDS[field] : undefined) ?? field;
