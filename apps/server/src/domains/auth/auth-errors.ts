import { AUTH_ERROR_MESSAGES, type AuthErrorName } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';

/** An /auth/ refusal: `error_code` is Plane's authentication error name. */
export function authError(name: AuthErrorName): AppError {
  return new AppError('bad_request', AUTH_ERROR_MESSAGES[name], name);
}

export function authRateLimited(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', AUTH_ERROR_MESSAGES.RATE_LIMIT_EXCEEDED, 'RATE_LIMIT_EXCEEDED', {
    retry_after: retryAfterSeconds,
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(raw: string | undefined): string | undefined {
  const email = raw?.trim().toLowerCase();
  return email ? email : undefined;
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}
