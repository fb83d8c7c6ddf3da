import { z } from 'zod';
import { userSchema } from './users.ts';

/** Passwords are 8–256 characters and never truncated; strength is judged on the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const csrfTokenSchema = z.object({ csrf_token: z.string() });

/** Bodies of /auth/ POSTs are read loosely: the service reports missing fields with Plane's error names. */
const looseString = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : undefined),
  z.string().optional(),
);
const loosePassword = z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().optional());

export const emailCheckBodySchema = z.object({ email: looseString });
export const emailCheckResponseSchema = z.object({
  existing: z.boolean(),
  status: z.enum(['MAGIC_CODE', 'CREDENTIAL']),
});

export const signUpBodySchema = z.object({
  email: looseString,
  password: loosePassword,
  first_name: looseString,
  last_name: looseString,
  next_path: looseString,
});
export const signInBodySchema = z.object({
  email: looseString,
  password: loosePassword,
  next_path: looseString,
});
export const magicGenerateBodySchema = z.object({ email: looseString });
export const magicGenerateResponseSchema = z.object({ key: z.string() });
export const magicSignInBodySchema = z.object({
  email: looseString,
  code: looseString,
  next_path: looseString,
});
export const forgotPasswordBodySchema = z.object({ email: looseString });
export const resetPasswordBodySchema = z.object({ password: loosePassword });
export const setPasswordBodySchema = z.object({ password: loosePassword });
export const changePasswordBodySchema = z.object({
  old_password: loosePassword,
  new_password: loosePassword,
});
export const messageSchema = z.object({ message: z.string() });

export const sessionResponseSchema = z.object({
  is_authenticated: z.boolean(),
  user: userSchema.nullable(),
});

/** Plane's numeric codes for form-mode redirects (api.md §1.3). */
export const AUTH_ERROR_NUMBERS = {
  INVALID_EMAIL: 5005,
  EMAIL_REQUIRED: 5010,
  SIGNUP_DISABLED: 5015,
  MAGIC_LINK_LOGIN_DISABLED: 5016,
  PASSWORD_LOGIN_DISABLED: 5018,
  USER_ACCOUNT_DEACTIVATED: 5019,
  INVALID_PASSWORD: 5020,
  PASSWORD_TOO_WEAK: 5021,
  USER_ALREADY_EXIST: 5030,
  REQUIRED_EMAIL_PASSWORD_SIGN_UP: 5040,
  INVALID_EMAIL_SIGN_UP: 5045,
  INVALID_EMAIL_MAGIC_SIGN_UP: 5050,
  MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED: 5055,
  USER_DOES_NOT_EXIST: 5060,
  AUTHENTICATION_FAILED_SIGN_IN: 5065,
  REQUIRED_EMAIL_PASSWORD_SIGN_IN: 5070,
  INVALID_EMAIL_SIGN_IN: 5075,
  INVALID_EMAIL_MAGIC_SIGN_IN: 5080,
  MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED: 5085,
  INVALID_MAGIC_CODE_SIGN_IN: 5090,
  INVALID_MAGIC_CODE_SIGN_UP: 5092,
  EXPIRED_MAGIC_CODE_SIGN_IN: 5095,
  EXPIRED_MAGIC_CODE_SIGN_UP: 5097,
  EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN: 5100,
  EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP: 5102,
  INVALID_PASSWORD_TOKEN: 5125,
  EXPIRED_PASSWORD_TOKEN: 5130,
  INCORRECT_OLD_PASSWORD: 5135,
  MISSING_PASSWORD: 5138,
  PASSWORD_ALREADY_SET: 5145,
  RATE_LIMIT_EXCEEDED: 5900,
  AUTHENTICATION_FAILED: 5999,
} as const;
export type AuthErrorName = keyof typeof AUTH_ERROR_NUMBERS;

/** Human messages shown for each auth error (the web app shows them for form-mode redirects too). */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorName, string> = {
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

export function isAuthErrorName(value: string): value is AuthErrorName {
  return value in AUTH_ERROR_NUMBERS;
}

/** A relative path starting with exactly one slash: the only next_path we redirect to. */
export function isSafeNextPath(path: string | undefined | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
