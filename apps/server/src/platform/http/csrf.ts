import { AppError } from '@kite/shared/errors';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../security/tokens.ts';

export const CSRF_COOKIE = 'csrftoken';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWrite(method: string): boolean {
  return WRITE_METHODS.has(method);
}

/** A request without Origin, or from the app's own origin (APP_BASE_URL or the host it came to). */
export function originAllowed(request: FastifyRequest, appBaseUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === undefined;
  try {
    const url = new URL(origin);
    if (appBaseUrl && url.origin === new URL(appBaseUrl).origin) return true;
    return url.host === request.headers.host;
  } catch {
    return false;
  }
}

/** Double-submit check: the header (or form field) must equal the `csrftoken` cookie. */
export function assertCsrf(request: FastifyRequest, appBaseUrl: string | undefined): void {
  if (!originAllowed(request, appBaseUrl)) {
    throw new AppError('forbidden', 'Origin not allowed', 'CSRF_FAILED');
  }
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers['x-csrftoken'];
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body.csrfmiddlewaretoken : undefined;
  const sent = typeof header === 'string' && header ? header : typeof field === 'string' ? field : undefined;
  if (!cookie || !sent) throw new AppError('forbidden', 'CSRF token not found', 'CSRF_FAILED');
  if (!safeEqual(cookie, sent)) throw new AppError('forbidden', 'CSRF token mismatch', 'CSRF_FAILED');
}
