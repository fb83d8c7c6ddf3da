import type { OAuthProvider } from '@kite/shared/contracts';

type KeyMeta = { category: string; secret: boolean; kind: 'bool' | 'string' };
const bool = (category: string): KeyMeta => ({ category, secret: false, kind: 'bool' });
const text = (category: string): KeyMeta => ({ category, secret: false, kind: 'string' });
const secret = (category: string): KeyMeta => ({ category, secret: true, kind: 'string' });

/** The instance configuration keys an admin may set (Plane's names), with their category and whether they are secret. */
export const CONFIGURATION_KEYS = {
  ENABLE_SIGNUP: bool('AUTHENTICATION'),
  ENABLE_MAGIC_LINK_LOGIN: bool('AUTHENTICATION'),
  ENABLE_EMAIL_PASSWORD: bool('AUTHENTICATION'),
  DISABLE_WORKSPACE_CREATION: bool('WORKSPACE_MANAGEMENT'),
  WEBHOOK_ALLOW_PRIVATE: bool('WEBHOOKS'),
  EMAIL_HOST: text('SMTP'),
  EMAIL_PORT: text('SMTP'),
  EMAIL_HOST_USER: text('SMTP'),
  EMAIL_HOST_PASSWORD: secret('SMTP'),
  EMAIL_FROM: text('SMTP'),
  EMAIL_USE_SSL: bool('SMTP'),
  IS_GOOGLE_ENABLED: bool('GOOGLE'),
  GOOGLE_CLIENT_ID: text('GOOGLE'),
  GOOGLE_CLIENT_SECRET: secret('GOOGLE'),
  IS_GITHUB_ENABLED: bool('GITHUB'),
  GITHUB_CLIENT_ID: text('GITHUB'),
  GITHUB_CLIENT_SECRET: secret('GITHUB'),
  IS_GITLAB_ENABLED: bool('GITLAB'),
  GITLAB_HOST: text('GITLAB'),
  GITLAB_CLIENT_ID: text('GITLAB'),
  GITLAB_CLIENT_SECRET: secret('GITLAB'),
  IS_GITEA_ENABLED: bool('GITEA'),
  GITEA_HOST: text('GITEA'),
  GITEA_CLIENT_ID: text('GITEA'),
  GITEA_CLIENT_SECRET: secret('GITEA'),
  IS_OIDC_ENABLED: bool('OIDC'),
  OIDC_ISSUER_URL: text('OIDC'),
  OIDC_CLIENT_ID: text('OIDC'),
  OIDC_CLIENT_SECRET: secret('OIDC'),
  OIDC_SCOPES: text('OIDC'),
  OIDC_BUTTON_LABEL: text('OIDC'),
  OIDC_ALLOWED_DOMAINS: text('OIDC'),
} as const satisfies Record<string, KeyMeta>;
export type ConfigurationKey = keyof typeof CONFIGURATION_KEYS;

export function isConfigurationKey(key: string): key is ConfigurationKey {
  return Object.hasOwn(CONFIGURATION_KEYS, key);
}

/** Stored values are strings; booleans are "1"/"0" as in Plane. */
export function storedValue(key: ConfigurationKey, value: string | number | boolean | null): string | null {
  if (value === null) return null;
  if (CONFIGURATION_KEYS[key].kind === 'bool') {
    return value === true || value === 1 || value === '1' || value === 'true' ? '1' : '0';
  }
  return String(value).trim();
}

/** One sign-in provider's settings, as configured (enabled only when switched on and complete). */
export interface ProviderSettings {
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  /** GitLab's and Gitea's server; the OIDC issuer. */
  host?: string;
  scopes?: string;
  buttonLabel?: string;
  /** Lower-case email domains allowed to sign in through OIDC; empty: any. */
  allowedDomains?: string[];
}

export interface EffectiveSettings {
  enableSignup: boolean;
  enableMagicLinkLogin: boolean;
  enableEmailPassword: boolean;
  disableWorkspaceCreation: boolean;
  smtp:
    | { host: string; port: number; user?: string; password?: string; secure: boolean; from: string }
    | undefined;
  /** Webhooks and GitHub sync may reach loopback, private and other non-public addresses. */
  webhookAllowPrivate: boolean;
  providers: Record<OAuthProvider, ProviderSettings>;
}
