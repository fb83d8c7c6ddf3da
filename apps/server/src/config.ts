import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'TRUE', 'FALSE', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'TRUE', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  /** Where the read replicas answer (a proxy port in front of them); used only with DATABASE_URL. */
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_BASE_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SESSION_COOKIE_AGE: z.coerce.number().int().positive().default(604800),
  AUTH_IP_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SIGN_IN_IP_FAILURE_LIMIT: z.coerce.number().int().positive().default(10),
  API_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  ENABLE_SIGNUP: bool(true),
  ENABLE_MAGIC_LINK_LOGIN: bool(true),
  ENABLE_EMAIL_PASSWORD: bool(true),
  DISABLE_WORKSPACE_CREATION: bool(false),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: bool(false),
  SMTP_FROM: z.string().default('Kite <no-reply@localhost>'),
  TRUST_PROXY: bool(false),
  SERVER_TIMING: bool(false),
  FILE_SIZE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Largest CSV file an import accepts (streamed to the file store, never held whole). */
  IMPORT_FILE_SIZE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  SECRET_KEY: z.string().optional(),
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  GITHUB_API_URL: z.string().default('https://api.github.com'),
  GITHUB_HOST: z.string().default('https://github.com'),
  GOOGLE_ISSUER_URL: z.string().default('https://accounts.google.com'),
});

/**
 * Instance configuration keys (Plane's names, api.md §1.4) whose environment value is in effect
 * until the instance admin sets them: the sign-in providers' and the webhooks' private-address switch.
 */
const INSTANCE_ENV_KEY =
  /^(WEBHOOK_ALLOW_PRIVATE|IS_(GOOGLE|GITHUB|GITLAB|GITEA|OIDC)_ENABLED|(GOOGLE|GITHUB|GITLAB|GITEA)_(CLIENT_ID|CLIENT_SECRET)|(GITLAB|GITEA)_HOST|OIDC_(ISSUER_URL|CLIENT_ID|CLIENT_SECRET|SCOPES|BUTTON_LABEL|ALLOWED_DOMAINS))$/;

/** An S3-compatible bucket for stored files (`S3_BUCKET` set). */
export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
};

export type Config = {
  /** Stored files go to this bucket; unset, to `<dataDir>/uploads`. */
  s3: S3Config | undefined;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Replicas for the reads of GET requests (platform/db/read-replicas.ts). */
  databaseReadUrl: string | undefined;
  /** The longest one PostgreSQL statement of the server may wait for its answer. */
  databaseQueryTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  appBaseUrl: string | undefined;
  webDist: string | undefined;
  sessionCookieAge: number;
  authIpRateLimit: number;
  signInIpFailureLimit: number;
  /** `/api/v1/` requests per minute per API token (api.md §15.1). */
  apiRateLimit: number;
  defaults: {
    enableSignup: boolean;
    enableMagicLinkLogin: boolean;
    enableEmailPassword: boolean;
    disableWorkspaceCreation: boolean;
  };
  smtp:
    | { host: string; port: number; user?: string; password?: string; secure: boolean; from: string }
    | undefined;
  smtpFrom: string;
  trustProxy: boolean;
  /** Send `Server-Timing` (database / handler / serialisation) on every response; for the benchmark. */
  serverTiming: boolean;
  /** Largest accepted upload, in bytes. */
  fileSizeLimit: number;
  /** Largest CSV file an import accepts, in bytes. */
  importFileSizeLimit: number;
  /**
   * Encrypts stored secrets (webhook signing keys). Unset: a random key kept in
   * `<dataDir>/secret.key`, made on first use (set it on every node when several share a database).
   */
  secretKey: string | undefined;
  webhooks: {
    /** Per attempt. */
    timeoutMs: number;
  };
  github: {
    /** GitHub's REST API base (repository sync, api.md §4.9, and sign-in); sync calls pass the webhooks' egress guard. */
    apiUrl: string;
  };
  /** Sign-in providers' fixed addresses, settable so tests and GitHub Enterprise can point elsewhere. */
  oauth: { githubHost: string; googleIssuerUrl: string };
  /**
   * Instance configuration keys given in the environment (`IS_GOOGLE_ENABLED`, `OIDC_ISSUER_URL`,
   * `WEBHOOK_ALLOW_PRIVATE`, …), switches as "1"/"0": in effect until the admin console sets them.
   */
  instanceEnv: Record<string, string>;
};

/** Parses the environment once; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    s3: s3Config(e),
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrl: (e.DATABASE_URL && e.DATABASE_READ_URL) || undefined,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    appBaseUrl: e.APP_BASE_URL?.replace(/\/$/, ''),
    webDist: e.WEB_DIST,
    sessionCookieAge: e.SESSION_COOKIE_AGE,
    authIpRateLimit: e.AUTH_IP_RATE_LIMIT,
    signInIpFailureLimit: e.SIGN_IN_IP_FAILURE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    defaults: {
      enableSignup: e.ENABLE_SIGNUP,
      enableMagicLinkLogin: e.ENABLE_MAGIC_LINK_LOGIN,
      enableEmailPassword: e.ENABLE_EMAIL_PASSWORD,
      disableWorkspaceCreation: e.DISABLE_WORKSPACE_CREATION,
    },
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          secure: e.SMTP_SECURE,
          from: e.SMTP_FROM,
        }
      : undefined,
    smtpFrom: e.SMTP_FROM,
    trustProxy: e.TRUST_PROXY,
    serverTiming: e.SERVER_TIMING,
    fileSizeLimit: e.FILE_SIZE_LIMIT,
    importFileSizeLimit: e.IMPORT_FILE_SIZE_LIMIT,
    secretKey: e.SECRET_KEY || undefined,
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    github: { apiUrl: e.GITHUB_API_URL.replace(/\/+$/, '') },
    oauth: {
      githubHost: e.GITHUB_HOST.replace(/\/+$/, ''),
      googleIssuerUrl: e.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
    },
    instanceEnv: instanceEnv(env),
  };
}

function instanceEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const given = Object.entries(env).filter(
    (entry): entry is [string, string] => INSTANCE_ENV_KEY.test(entry[0]) && !!entry[1],
  );
  return Object.fromEntries(
    given.map(([key, value]) =>
      /^(IS_|WEBHOOK_ALLOW_PRIVATE)/.test(key)
        ? [key, ['1', 'true', 'TRUE', 'yes'].includes(value) ? '1' : '0']
        : [key, value],
    ),
  );
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0) {
    throw new Error(`Invalid configuration: S3_BUCKET is set, so ${missing.join(', ')} must be set too`);
  }
  const endpoint = URL.canParse(e.S3_ENDPOINT!) ? new URL(e.S3_ENDPOINT!) : undefined;
  if (endpoint?.protocol !== 'http:' && endpoint?.protocol !== 'https:') {
    throw new Error(
      'Invalid configuration: S3_ENDPOINT must be an http(s) URL, e.g. https://s3.eu-west-1.amazonaws.com',
    );
  }
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    region: e.S3_REGION || 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
