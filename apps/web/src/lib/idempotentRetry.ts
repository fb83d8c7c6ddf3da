/**
 * Retrying a create safely (api.md §0.2 `Idempotency-Key`): the request carries a key made once
 * per logical call, so the server runs it at most once however often it arrives. A try that got no
 * answer (network error) or a gateway's "try again" (502/503/504), or that met the first try still
 * running (409 `IDEMPOTENCY_KEY_IN_USE`), is sent again with the same key after 0.5 s, 1 s, 2 s
 * (or the server's `Retry-After`), at most ~10 s of waiting in all. Other answers are final.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Waits before the 1st, 2nd and 3rd retry. */
export const RETRY_DELAYS_MS = [500, 1000, 2000] as const;
/** The most a call waits between its tries in all. */
export const RETRY_BUDGET_MS = 10_000;

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** A random key; `crypto.randomUUID` exists only in secure contexts (an http:// self-hosted app has none). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Whether an answer says "the same request may succeed later". */
async function isRetryable(response: Response): Promise<boolean> {
  if (RETRYABLE_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  try {
    const body = (await response.clone().json()) as { error_code?: unknown };
    return body.error_code === 'IDEMPOTENCY_KEY_IN_USE';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (one try of the same request, same key) until it gives a final answer or the
 * retries are spent; then returns that answer or throws what the last try threw. `isNetworkError`
 * tells a failure worth retrying from one to pass on at once.
 */
export async function withRetries(
  attempt: () => Promise<Response>,
  isNetworkError: (error: unknown) => boolean,
): Promise<Response> {
  let waited = 0;
  for (let retry = 0; ; retry++) {
    let response: Response | null = null;
    let failure: unknown = null;
    try {
      response = await attempt();
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      failure = error;
    }
    const retryable = response ? await isRetryable(response) : true;
    const base = RETRY_DELAYS_MS[retry];
    const delay =
      retryable && base !== undefined
        ? (retryAfterMs(response?.headers.get('Retry-After') ?? null) ?? base)
        : null;
    if (delay === null || waited + delay > RETRY_BUDGET_MS) {
      if (response) return response;
      throw failure;
    }
    waited += delay;
    await sleep(delay);
  }
}
