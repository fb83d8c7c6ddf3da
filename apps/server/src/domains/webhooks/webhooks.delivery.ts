import type { Db } from '../../platform/db/database.ts';
import { pgErrorCode } from '../../platform/db/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { checkDestination, type Resolver } from '../../platform/security/destination.ts';
import type { SecretBox } from '../../platform/security/secret-box.ts';
import {
  deliveryHeaders,
  judgeAttempt,
  LOG_REQUEST_BODY_MAX,
  nextRetryDelay,
  redactBody,
  redactHeaders,
  retryAfterSeconds,
} from './webhooks.policy.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  deactivateWebhook,
  findUserEmail,
  insertWebhookLog,
  settleDelivery,
} from './webhooks.repo.ts';
import { type SendResult, sendOnce } from './webhooks.sender.ts';

export interface DeliveryWorkerOptions {
  secrets: () => SecretBox;
  /** Lifts the destination address rules (an instance setting, read per call). */
  allowPrivate: () => Promise<boolean>;
  timeoutMs: number;
  resolver?: Resolver;
  /** The creator of a webhook turned off for failing is told by mail. */
  mailer?: () => Promise<Mailer>;
  /** Deliveries in flight at once per process. */
  concurrency?: number;
  clock?: () => Date;
  random?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Sends queued deliveries (api.md §13.2–13.4). A tick claims what is due (leased, no transaction
 * held) and starts the requests without waiting for them, so a slow receiver holds one slot, not
 * the API, the outbox or the other deliveries. Each attempt is logged; failures are retried on the
 * schedule, and a delivery that runs out of attempts turns its webhook off.
 */
export function createWebhookDeliveryWorker(db: Db, options: DeliveryWorkerOptions) {
  const { timeoutMs, concurrency = 16, clock = () => new Date(), onError = () => {} } = options;
  const inFlight = new Set<Promise<void>>();
  // A claimed delivery is not due again before its request has certainly ended.
  const leaseSeconds = Math.ceil(timeoutMs / 1000) + 60;

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const now = clock();
    const secret = options.secrets().open(delivery.secret_encrypted);
    const timestamp = Math.floor(now.getTime() / 1000);
    const headers = deliveryHeaders(secret, delivery, timestamp);
    let result: Omit<SendResult, 'error'> & { error: SendResult['error'] | 'blocked_destination' };
    const check = await checkDestination(delivery.url, {
      resolver: options.resolver,
      allowPrivate: await options.allowPrivate(),
    });
    if (!check.ok) {
      result = { status: null, headers: {}, body: '', error: 'blocked_destination', durationMs: 0 };
    } else {
      result = await sendOnce({
        url: check.url,
        address: check.address,
        headers,
        body: delivery.body,
        timeoutMs,
      });
    }
    const outcome = judgeAttempt(result.status, result.error);
    const delay =
      outcome.verdict === 'retry'
        ? nextRetryDelay(delivery.attempts, {
            status: result.status,
            retryAfter: retryAfterSeconds(result.headers['retry-after'], now),
            random: options.random,
          })
        : undefined;
    const nextRetryAt = delay === undefined ? null : new Date(clock().getTime() + delay * 1000);
    const exhausted = outcome.verdict === 'retry' && nextRetryAt === null;
    const disabled = await db.transaction(async (tx) => {
      await insertWebhookLog(tx, {
        workspace_id: delivery.workspace_id,
        webhook_id: delivery.webhook_id,
        delivery_id: delivery.id,
        event_type: delivery.event_type,
        action: delivery.action,
        attempt: delivery.attempts,
        request_method: 'POST',
        request_headers: redactHeaders(headers),
        request_body: delivery.body.slice(0, LOG_REQUEST_BODY_MAX),
        response_status: result.status,
        response_headers: result.headers,
        response_body: redactBody(result.body, secret),
        error: outcome.error,
        duration_ms: result.durationMs,
        next_retry_at: nextRetryAt,
      });
      const status = outcome.verdict === 'delivered' ? 'delivered' : nextRetryAt ? 'pending' : 'failed';
      await settleDelivery(tx, delivery.id, status, nextRetryAt);
      return exhausted ? deactivateWebhook(tx, delivery.webhook_id) : undefined;
    });
    if (disabled && options.mailer) await tellCreator(disabled.created_by, disabled.url);
  }

  async function tellCreator(userId: string | null, url: string): Promise<void> {
    if (!userId || !options.mailer) return;
    const mailer = await options.mailer();
    if (!mailer.isSmtp) return;
    const email = await findUserEmail(db, userId);
    if (!email) return;
    await mailer.send({
      to: email,
      subject: 'A webhook was turned off',
      text: `Deliveries to ${url} kept failing, so the webhook was turned off. Turn it on again in workspace settings once the receiver works.`,
    });
  }

  function start(delivery: ClaimedDelivery): void {
    const job = attempt(delivery)
      // The webhook was deleted while its request was in flight: nothing is left to record.
      .catch((error) => (pgErrorCode(error) === '23503' ? undefined : onError(error)))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }

  /** Starts what is due, up to the free slots; resolves how many it started (without awaiting them). */
  async function tick(): Promise<number> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    const due = await claimDueDeliveries(db, free, leaseSeconds);
    for (const delivery of due) {
      if (!delivery.webhook_active) {
        // Turned off since it was queued: dropped, not sent.
        await settleDelivery(db, delivery.id, 'failed', null);
        continue;
      }
      start(delivery);
    }
    return due.length;
  }

  /** Sends everything due now and waits for the answers (tests). */
  async function drain(): Promise<void> {
    for (;;) {
      const started = await tick();
      if (started === 0 && inFlight.size === 0) return;
      if (inFlight.size > 0) await Promise.race(inFlight);
    }
  }

  /** Waits for the requests in flight (shutdown). */
  const idle = () => Promise.allSettled([...inFlight]).then(() => {});

  return { tick, drain, idle };
}

export type WebhookDeliveryWorker = ReturnType<typeof createWebhookDeliveryWorker>;
