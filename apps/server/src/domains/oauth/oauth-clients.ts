import type { OAuthProvider } from '@kite/shared/contracts';
import * as client from 'openid-client';
import type { Config } from '../../config.ts';
import type { ProviderSettings } from '../instance/instance-settings.ts';

/** What a provider tells us about the person who signed in. */
export interface OAuthProfile {
  /** The provider's stable id for the person (`sub`, or the numeric user id). */
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/** The checks sent with the authorization request and verified on the way back. */
export interface FlowChecks {
  state: string;
  verifier: string;
  nonce: string;
}

/** An ID token that failed verification (signature, issuer, audience, expiry or nonce). */
export class IdTokenError extends Error {}

const TIMEOUT_SECONDS = 10;
const DISCOVERY_TTL_MS = 10 * 60_000;

/** Plain http only to this machine (tests, a provider beside the app); anything else must be https. */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

function prepare(config: client.Configuration, url: URL): client.Configuration {
  config.timeout = TIMEOUT_SECONDS;
  if (url.protocol === 'http:' && isLoopback(url)) client.allowInsecureRequests(config);
  return config;
}

function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return parts.length ? { firstName: parts[0], lastName: parts.slice(1).join(' ') || undefined } : {};
}

const ID_TOKEN_FAILURES = new Set([
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/** Runs the code exchange, telling a token that failed verification apart from other failures. */
async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: FlowChecks,
  oidc: boolean,
) {
  try {
    return await client.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.verifier,
      ...(oidc ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
    });
  } catch (error) {
    // openid-client wraps the processing error that says what failed as the cause.
    const failures = [error, (error as { cause?: unknown }).cause] as { code?: string; message?: string }[];
    const idTokenFailure = failures.find(
      (e) => ID_TOKEN_FAILURES.has(e?.code ?? '') || /signature/i.test(e?.message ?? ''),
    );
    if (oidc && idTokenFailure) throw new IdTokenError(idTokenFailure.message);
    throw error;
  }
}

interface ProviderClient {
  authorizationUrl(settings: ProviderSettings, redirectUri: string, checks: FlowChecks): Promise<URL>;
  profile(settings: ProviderSettings, callbackUrl: URL, checks: FlowChecks): Promise<OAuthProfile>;
}

/** Google and any OpenID Connect provider: discovery, ID token verified against the provider's keys. */
function openIdClient(
  issuerOf: (settings: ProviderSettings) => string,
  defaultScopes: string,
): ProviderClient {
  const discovered = new Map<string, { config: Promise<client.Configuration>; at: number }>();

  function configuration(settings: ProviderSettings): Promise<client.Configuration> {
    const issuer = new URL(issuerOf(settings));
    const key = `${issuer.href} ${settings.clientId} ${settings.clientSecret}`;
    const cached = discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        execute: issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : [],
      })
      .then((c) => {
        c.timeout = TIMEOUT_SECONDS;
        // Verify the ID token's signature too, not only its claims (tokens come over TLS, but we check anyway).
        client.enableNonRepudiationChecks(c);
        return c;
      });
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => discovered.delete(key));
    discovered.set(key, { config, at: Date.now() });
    return config;
  }

  return {
    async authorizationUrl(settings, redirectUri, checks) {
      return client.buildAuthorizationUrl(await configuration(settings), {
        redirect_uri: redirectUri,
        scope: settings.scopes ?? defaultScopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(settings, callbackUrl, checks) {
      const config = await configuration(settings);
      const tokens = await exchangeCode(config, callbackUrl, checks, true);
      const claims = tokens.claims();
      if (!claims) throw new IdTokenError('No ID token');
      // Providers that keep the ID token small (conformant ones) give the email from userinfo.
      const info =
        claims.email === undefined
          ? await client.fetchUserInfo(config, tokens.access_token, claims.sub)
          : claims;
      const name = splitName(typeof info.name === 'string' ? info.name : undefined);
      return {
        subject: claims.sub,
        email: typeof info.email === 'string' ? info.email : undefined,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        firstName: typeof info.given_name === 'string' ? info.given_name : name.firstName,
        lastName: typeof info.family_name === 'string' ? info.family_name : name.lastName,
      };
    },
  };
}

interface PlainOAuth {
  authorize: string;
  token: string;
  scopes: string;
  /** Reads the person with the access token. */
  user(get: (url: string) => Promise<unknown>): Promise<OAuthProfile>;
}

type EmailEntry = { email?: string; primary?: boolean; verified?: boolean };

/** The primary verified address from an emails listing (GitHub's, Gitea's), else the primary one unverified. */
function primaryEmail(list: unknown): { email?: string; emailVerified: boolean } {
  const entries = Array.isArray(list) ? (list as EmailEntry[]) : [];
  const chosen =
    entries.find((e) => e.primary && e.verified) ??
    entries.find((e) => e.verified) ??
    entries.find((e) => e.primary);
  return { email: chosen?.email, emailVerified: !!chosen?.verified };
}

/** GitHub, GitLab and Gitea: OAuth 2 without ID tokens; the person comes from their REST APIs. */
function oauthClient(endpoints: (settings: ProviderSettings) => PlainOAuth): ProviderClient {
  function configuration(settings: ProviderSettings, e: PlainOAuth): client.Configuration {
    const authorize = new URL(e.authorize);
    const config = new client.Configuration(
      { issuer: authorize.origin, authorization_endpoint: e.authorize, token_endpoint: e.token },
      settings.clientId,
      settings.clientSecret,
    );
    return prepare(config, authorize);
  }

  return {
    async authorizationUrl(settings, redirectUri, checks) {
      const e = endpoints(settings);
      return client.buildAuthorizationUrl(configuration(settings, e), {
        redirect_uri: redirectUri,
        scope: e.scopes,
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(settings, callbackUrl, checks) {
      const e = endpoints(settings);
      const config = configuration(settings, e);
      const tokens = await exchangeCode(config, callbackUrl, checks, false);
      return e.user(async (url) => {
        const response = await client.fetchProtectedResource(
          prepare(config, new URL(url)),
          tokens.access_token,
          new URL(url),
          'GET',
          undefined,
          new Headers({ accept: 'application/json' }),
        );
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json();
      });
    },
  };
}

const stripSlash = (url: string | undefined) => (url ?? '').replace(/\/+$/, '');

export function createOAuthClients(config: Config): Record<OAuthProvider, ProviderClient> {
  return {
    google: openIdClient(() => config.oauth.googleIssuerUrl, 'openid email profile'),
    oidc: openIdClient((s) => s.host ?? '', 'openid email profile'),
    github: oauthClient(() => ({
      authorize: `${config.oauth.githubHost}/login/oauth/authorize`,
      token: `${config.oauth.githubHost}/login/oauth/access_token`,
      scopes: 'read:user user:email',
      async user(get) {
        const user = (await get(`${config.github.apiUrl}/user`)) as { id: number; name?: string };
        // The user object may carry no email (a private address): the emails listing says which are verified.
        const emails = primaryEmail(await get(`${config.github.apiUrl}/user/emails`));
        return { subject: String(user.id), ...emails, ...splitName(user.name) };
      },
    })),
    gitlab: oauthClient((s) => ({
      authorize: `${stripSlash(s.host)}/oauth/authorize`,
      token: `${stripSlash(s.host)}/oauth/token`,
      scopes: 'read_user',
      async user(get) {
        const user = (await get(`${stripSlash(s.host)}/api/v4/user`)) as {
          id: number;
          name?: string;
          email?: string;
          confirmed_at?: string | null;
        };
        // GitLab returns the account's primary email; `confirmed_at` says it was confirmed.
        return {
          subject: String(user.id),
          email: user.email,
          emailVerified: !!user.email && !!user.confirmed_at,
          ...splitName(user.name),
        };
      },
    })),
    gitea: oauthClient((s) => ({
      authorize: `${stripSlash(s.host)}/login/oauth/authorize`,
      token: `${stripSlash(s.host)}/login/oauth/access_token`,
      scopes: 'read:user',
      async user(get) {
        const user = (await get(`${stripSlash(s.host)}/api/v1/user`)) as { id: number; full_name?: string };
        const emails = primaryEmail(await get(`${stripSlash(s.host)}/api/v1/user/emails`));
        return { subject: String(user.id), ...emails, ...splitName(user.full_name) };
      },
    })),
  };
}
