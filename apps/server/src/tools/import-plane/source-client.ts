/**
 * A read-only client of a Plane-compatible public API (`/api/v1/`): the `X-Api-Key` header,
 * cursor pagination (`next_cursor` / `next_page_results`), waiting out 429s until the window
 * resets, and a few retries with backoff for network errors and 5xx answers.
 */

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface SourceOptions {
  /** The Plane instance's base URL, e.g. `https://plane.example.com` (a trailing `/api` is fine). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Retries of a network error or 5xx answer before giving up (default 4). */
  retries?: number;
  /** First backoff delay in ms, doubled per retry (default 500). */
  retryDelayMs?: number;
  /** How many 429s in a row are waited out before giving up (default 30). */
  rateLimitWaits?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told when a request waits for the rate limit, with the seconds it waits. */
  onRateLimited?: (seconds: number) => void;
}

export interface Envelope<T> {
  results: T[];
  next_cursor?: string | null;
  next_page_results?: boolean;
}

const PAGE_SIZE = 100;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type PlaneSource = ReturnType<typeof createPlaneSource>;

export function createPlaneSource(options: SourceOptions) {
  const base = options.baseUrl.replace(/\/+$/, '').replace(/\/api(\/v1)?$/, '');
  const doFetch = options.fetch ?? fetch;
  const retries = options.retries ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const rateLimitWaits = options.rateLimitWaits ?? 30;
  const sleep = options.sleep ?? defaultSleep;
  let requests = 0;

  /** Seconds until the window named by the answer resets (at least one). */
  function waitSeconds(response: Response): number {
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - Date.now() / 1000));
    const retryAfter = Number(response.headers.get('retry-after'));
    return Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60;
  }

  /** GET `/api/v1/<path>` as JSON; `undefined` for a 404 when `optional`. */
  async function get<T>(path: string, { optional = false } = {}): Promise<T | undefined> {
    const url = `${base}/api/v1/${path.replace(/^\/+/, '')}`;
    let failures = 0;
    let waits = 0;
    for (;;) {
      let response: Response;
      try {
        requests += 1;
        response = await doFetch(url, {
          headers: { 'X-Api-Key': options.apiKey, Accept: 'application/json' },
        });
      } catch (error) {
        if (failures >= retries) {
          throw new SourceError(`Cannot reach ${base}: ${(error as Error).message}`);
        }
        await sleep(retryDelayMs * 2 ** failures);
        failures += 1;
        continue;
      }
      if (response.status === 429) {
        if (waits >= rateLimitWaits) throw new SourceError(`Still rate limited after ${waits} waits`, 429);
        const seconds = waitSeconds(response);
        options.onRateLimited?.(seconds);
        await response.arrayBuffer().catch(() => undefined);
        await sleep(seconds * 1000);
        waits += 1;
        continue;
      }
      if (response.status >= 500) {
        await response.arrayBuffer().catch(() => undefined);
        if (failures >= retries) {
          throw new SourceError(`${url} answered ${response.status} ${failures + 1} times`, response.status);
        }
        await sleep(retryDelayMs * 2 ** failures);
        failures += 1;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new SourceError(
          `The source refused the API key (${response.status}) for ${url}: check --api-key and that its user may read this workspace`,
          response.status,
        );
      }
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => undefined);
        if (optional) return undefined;
        throw new SourceError(`Not found on the source: ${url}`, 404);
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new SourceError(`${url} answered ${response.status}: ${text.slice(0, 200)}`, response.status);
      }
      return (await response.json()) as T;
    }
  }

  /** Every item of a list: a plain array, or the pages of a paginated envelope followed to the end. */
  async function list<T>(path: string, { optional = false } = {}): Promise<T[] | undefined> {
    const separator = path.includes('?') ? '&' : '?';
    const items: T[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100_000; page += 1) {
      const query = `per_page=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await get<T[] | Envelope<T>>(`${path}${separator}${query}`, { optional });
      if (answer === undefined) return undefined;
      if (Array.isArray(answer)) return answer;
      items.push(...answer.results);
      if (!answer.next_page_results || !answer.next_cursor || answer.next_cursor === cursor) return items;
      cursor = answer.next_cursor;
    }
    return items;
  }

  return {
    base,
    get: <T>(path: string) => get<T>(path) as Promise<T>,
    getOptional: <T>(path: string) => get<T>(path, { optional: true }),
    list: <T>(path: string) => list<T>(path) as Promise<T[]>,
    listOptional: <T>(path: string) => list<T>(path, { optional: true }),
    /** Requests sent so far (each retry counts). */
    requestCount: () => requests,
  };
}
