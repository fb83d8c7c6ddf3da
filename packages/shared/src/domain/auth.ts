/**
 * Zod-free auth constants and rules for the browser bundle (the web app imports
 * `@kite/shared/domain`, which must not pull zod). `contracts/auth.ts` holds the same
 * values today; auth.test.ts keeps the two equal until contracts re-export these.
 */

/** Passwords are 8–256 characters and never truncated; strength is judged on the server. */
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;

/** Human messages for Plane's auth error names (shown for form-mode redirects). */
export const AUTH_ERROR_TEXT: Readonly<Record<string, string>> = {
  INVALID_EMAIL: 'Invalid email',
  EMAIL_REQUIRED: 'Email is required',
  SIGNUP_DISABLED: 'Sign up is disabled',
  MAGIC_LINK_LOGIN_DISABLED: 'Magic code sign in is disabled',
  PASSWORD_LOGIN_DISABLED: 'Password sign in is disabled',
  USER_ACCOUNT_DEACTIVATED: 'This account has been deactivated',
  INVALID_PASSWORD: 'Invalid password',
  PASSWORD_TOO_WEAK: 'Password is too weak',
  USER_ALREADY_EXIST: 'An account with this email already exists',
  REQUIRED_EMAIL_PASSWORD_SIGN_UP: 'Email and password are required',
  INVALID_EMAIL_SIGN_UP: 'Invalid email',
  INVALID_EMAIL_MAGIC_SIGN_UP: 'Invalid email',
  MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED: 'Email and code are required',
  USER_DOES_NOT_EXIST: 'No account with this email',
  AUTHENTICATION_FAILED_SIGN_IN: 'Invalid email or password',
  REQUIRED_EMAIL_PASSWORD_SIGN_IN: 'Email and password are required',
  INVALID_EMAIL_SIGN_IN: 'Invalid email',
  INVALID_EMAIL_MAGIC_SIGN_IN: 'Invalid email',
  MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED: 'Email and code are required',
  INVALID_MAGIC_CODE_SIGN_IN: 'Invalid code',
  INVALID_MAGIC_CODE_SIGN_UP: 'Invalid code',
  EXPIRED_MAGIC_CODE_SIGN_IN: 'The code has expired',
  EXPIRED_MAGIC_CODE_SIGN_UP: 'The code has expired',
  EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN: 'Too many attempts, request a new code',
  EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP: 'Too many attempts, request a new code',
  INVALID_PASSWORD_TOKEN: 'The reset link is invalid',
  EXPIRED_PASSWORD_TOKEN: 'The reset link has expired',
  INCORRECT_OLD_PASSWORD: 'The current password is incorrect',
  MISSING_PASSWORD: 'Password is required',
  PASSWORD_ALREADY_SET: 'A password is already set',
  RATE_LIMIT_EXCEEDED: 'Too many attempts, try again later',
  AUTHENTICATION_FAILED: 'Authentication failed',
};

/** The message for an auth error name, or null when the name is unknown. */
export function authErrorText(name: string | null | undefined): string | null {
  return name && Object.hasOwn(AUTH_ERROR_TEXT, name) ? (AUTH_ERROR_TEXT[name] ?? null) : null;
}

/** A relative path starting with exactly one slash: the only next_path we redirect to. */
export function isSafeRedirectPath(path: string | undefined | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
