import { z } from 'zod';
import { userSchema } from './users.ts';

export {
  AUTH_ERROR_MESSAGES,
  AUTH_ERROR_NUMBERS,
  type AuthErrorName,
  isAuthErrorName,
  isOAuthProvider,
  isSafeNextPath,
  OAUTH_PROVIDER_LABELS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../domain/auth.ts';

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
