import { ApiError, NETWORK_ERROR } from './apiError.ts';
import { CSRF_HEADER, ensureCsrfToken, fetchCsrfToken } from './csrf.ts';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey, withRetries } from './idempotentRetry.ts';

export { ApiError, errorMessage, NETWORK_ERROR } from './apiError.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have permission to do that.',
  404: 'Not found',
  429: 'Too many requests, try again later',
};

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status.
  }
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    const b = body as { error: string; error_code?: unknown; fields?: unknown };
    const fields =
      b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string>) : undefined;
    return new ApiError(
      response.status,
      b.error,
      typeof b.error_code === 'string' ? b.error_code : 'ERROR',
      fields,
    );
  }
  const message = FALLBACK_MESSAGES[response.status] ?? `Request failed (${response.status})`;
  return new ApiError(response.status, message, 'HTTP_ERROR');
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  token: string | null,
  idempotencyKey?: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers[CSRF_HEADER] = token;
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', NETWORK_ERROR);
  }
}

let onUnauthorized: (() => void) | null = null;

/** Called when an API request answers 401 (the session ended elsewhere): the app signs the user out locally. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.code === NETWORK_ERROR;

/**
 * One try of a request: an idempotent one (with a key) is sent again with the same key while it
 * gets no final answer (idempotentRetry.ts); others are sent once.
 */
function sendTries(
  method: Method,
  path: string,
  body: unknown,
  token: string | null,
  idempotencyKey: string | undefined,
): Promise<Response> {
  if (!idempotencyKey) return send(method, path, body, token);
  return withRetries(() => send(method, path, body, token, idempotencyKey), isNetworkError);
}

/**
 * One same-origin JSON request. Writes carry the CSRF header (fetched first when the
 * cookie is missing); a stale token is refreshed and the write retried once. With
 * `idempotent`, the request carries a fresh `Idempotency-Key` and is retried with it
 * after a network error or a 502/503/504.
 */
export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { idempotent?: boolean } = {},
): Promise<T> {
  const response = await exchange(method, path, body, options.idempotent ?? false);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The request with CSRF, its retries and the error mapping; the caller reads the body. */
async function exchange(method: Method, path: string, body: unknown, idempotent = false): Promise<Response> {
  const isWrite = method !== 'GET';
  // The server keeps keys on the API only (`/api/`), never on `/auth/` forms.
  const key = idempotent && path.startsWith('/api/') ? newIdempotencyKey() : undefined;
  let token = isWrite ? await ensureCsrfToken().catch(() => null) : null;
  let response = await sendTries(method, path, body, token, key);
  if (isWrite && response.status === 403) {
    const error = await toApiError(response.clone());
    if (error.code === 'CSRF_FAILED') {
      token = await fetchCsrfToken().catch(() => null);
      response = await sendTries(method, path, body, token, key);
    }
  }
  if (response.status === 401 && path.startsWith('/api/')) onUnauthorized?.();
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** A file the server answers to a POST (an export): its text and the name it suggests. */
export interface FileAnswer {
  text: string;
  fileName: string | null;
}

/** `filename="…"` of a Content-Disposition header. */
const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;

async function postForFile(path: string): Promise<FileAnswer> {
  const response = await exchange('POST', path, undefined);
  return { text: await response.text(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** Every POST carries its own `Idempotency-Key`, so a retry after a lost answer cannot create twice. */
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}, { idempotent: true }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
  postForFile,
};

export type Api = typeof api;

/** Encodes one path segment (slugs and ids come from URLs and the server). */
export const seg = (value: string) => encodeURIComponent(value);
