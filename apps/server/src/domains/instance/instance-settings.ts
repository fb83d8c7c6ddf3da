/** The instance configuration keys an admin may set, with their category and whether they are secret. */
export const CONFIGURATION_KEYS = {
  ENABLE_SIGNUP: { category: 'AUTHENTICATION', secret: false, kind: 'bool' },
  ENABLE_MAGIC_LINK_LOGIN: { category: 'AUTHENTICATION', secret: false, kind: 'bool' },
  ENABLE_EMAIL_PASSWORD: { category: 'AUTHENTICATION', secret: false, kind: 'bool' },
  DISABLE_WORKSPACE_CREATION: { category: 'WORKSPACE_MANAGEMENT', secret: false, kind: 'bool' },
  EMAIL_HOST: { category: 'SMTP', secret: false, kind: 'string' },
  EMAIL_PORT: { category: 'SMTP', secret: false, kind: 'string' },
  EMAIL_HOST_USER: { category: 'SMTP', secret: false, kind: 'string' },
  EMAIL_HOST_PASSWORD: { category: 'SMTP', secret: true, kind: 'string' },
  EMAIL_FROM: { category: 'SMTP', secret: false, kind: 'string' },
  EMAIL_USE_SSL: { category: 'SMTP', secret: false, kind: 'bool' },
} as const;
export type ConfigurationKey = keyof typeof CONFIGURATION_KEYS;

export function isConfigurationKey(key: string): key is ConfigurationKey {
  return key in CONFIGURATION_KEYS;
}

/** Stored values are strings; booleans are "1"/"0" as in Plane. */
export function storedValue(key: ConfigurationKey, value: string | number | boolean | null): string | null {
  if (value === null) return null;
  if (CONFIGURATION_KEYS[key].kind === 'bool') {
    return value === true || value === 1 || value === '1' || value === 'true' ? '1' : '0';
  }
  return String(value).trim();
}

export interface EffectiveSettings {
  enableSignup: boolean;
  enableMagicLinkLogin: boolean;
  enableEmailPassword: boolean;
  disableWorkspaceCreation: boolean;
  smtp:
    | { host: string; port: number; user?: string; password?: string; secure: boolean; from: string }
    | undefined;
}
