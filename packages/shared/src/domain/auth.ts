/**
 * Auth constants and rules shared by server and browser. They live here, free of zod, so the web
 * bundle can import them; `contracts/auth.ts` re-exports them for the server.
 */

/** Passwords are 8–256 characters and never truncated; strength is judged on the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

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
  GOOGLE_NOT_CONFIGURED: 5105,
  GITHUB_NOT_CONFIGURED: 5110,
  GITLAB_NOT_CONFIGURED: 5111,
  GITEA_NOT_CONFIGURED: 5112,
  OIDC_NOT_CONFIGURED: 5113,
  GOOGLE_OAUTH_PROVIDER_ERROR: 5115,
  GITHUB_OAUTH_PROVIDER_ERROR: 5120,
  GITLAB_OAUTH_PROVIDER_ERROR: 5121,
  GITEA_OAUTH_PROVIDER_ERROR: 5123,
  OIDC_OAUTH_PROVIDER_ERROR: 5124,
  OAUTH_STATE_MISMATCH: 5160,
  OAUTH_ID_TOKEN_INVALID: 5162,
  OAUTH_EMAIL_NOT_VERIFIED: 5165,
  OAUTH_DOMAIN_NOT_ALLOWED: 5170,
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
  GOOGLE_NOT_CONFIGURED: 'Sign-in with Google is not set up on this instance',
  GITHUB_NOT_CONFIGURED: 'Sign-in with GitHub is not set up on this instance',
  GITLAB_NOT_CONFIGURED: 'Sign-in with GitLab is not set up on this instance',
  GITEA_NOT_CONFIGURED: 'Sign-in with Gitea is not set up on this instance',
  OIDC_NOT_CONFIGURED: 'Single sign-on is not set up on this instance',
  GOOGLE_OAUTH_PROVIDER_ERROR: 'Google did not complete the sign-in. Try again',
  GITHUB_OAUTH_PROVIDER_ERROR: 'GitHub did not complete the sign-in. Try again',
  GITLAB_OAUTH_PROVIDER_ERROR: 'GitLab did not complete the sign-in. Try again',
  GITEA_OAUTH_PROVIDER_ERROR: 'Gitea did not complete the sign-in. Try again',
  OIDC_OAUTH_PROVIDER_ERROR: 'Your identity provider did not complete the sign-in. Try again',
  OAUTH_STATE_MISMATCH: 'The sign-in expired or was started in another browser. Try again',
  OAUTH_ID_TOKEN_INVALID: 'The identity provider sent a token that could not be verified',
  OAUTH_EMAIL_NOT_VERIFIED: 'Your email is not verified with this provider',
  OAUTH_DOMAIN_NOT_ALLOWED: 'Your email domain is not allowed to sign in here',
  RATE_LIMIT_EXCEEDED: 'Too many attempts, try again later',
  AUTHENTICATION_FAILED: 'Authentication failed',
};

/** Sign-in providers, on `/auth/{provider}/` (api.md §1.2). */
export const OAUTH_PROVIDERS = ['google', 'github', 'gitlab', 'gitea', 'oidc'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export function isOAuthProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

export const OAUTH_PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  gitlab: 'GitLab',
  gitea: 'Gitea',
  oidc: 'OpenID Connect',
};

/** The message for an auth error name, or null when the name is unknown. */
export function authErrorText(name: string | null | undefined): string | null {
  return name && isAuthErrorName(name) ? AUTH_ERROR_MESSAGES[name] : null;
}

export function isAuthErrorName(value: string): value is AuthErrorName {
  return Object.hasOwn(AUTH_ERROR_NUMBERS, value);
}

/** A relative path starting with exactly one slash: the only next_path we redirect to. */
export function isSafeNextPath(path: string | undefined | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
