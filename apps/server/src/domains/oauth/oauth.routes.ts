import {
  AUTH_ERROR_NUMBERS,
  type AuthErrorName,
  accountSchema,
  isAuthErrorName,
  isOAuthProvider,
  isSafeNextPath,
  type OAuthProvider,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import * as client from 'openid-client';
import { z } from 'zod';
import { baseUrlOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { authError } from '../auth/auth-errors.ts';
import { landingPath } from '../auth/landing.ts';
import { IdTokenError } from './oauth-clients.ts';
import { startFlow, takeFlow } from './oauth-flow-cookie.ts';

const TAGS = ['auth'];
const providerParams = z.object({ provider: z.string().max(20) });

/** A refusal as the sign-in screen reads it: Plane's numeric code and the error's name. */
function signInErrorPath(name: AuthErrorName, nextPath?: string): string {
  const query = new URLSearchParams({ error_code: String(AUTH_ERROR_NUMBERS[name]), error_message: name });
  if (isSafeNextPath(nextPath)) query.set('next_path', nextPath);
  return `/sign-in?${query}`;
}

function providerOf(raw: string): OAuthProvider {
  if (!isOAuthProvider(raw)) throw new AppError('not_found', 'Not found');
  return raw;
}

function providerErrorName(
  provider: OAuthProvider,
  kind: 'NOT_CONFIGURED' | 'OAUTH_PROVIDER_ERROR',
): AuthErrorName {
  return `${provider.toUpperCase() as Uppercase<OAuthProvider>}_${kind}`;
}

export function oauthRoutes(app: App, services: Services) {
  const { config, oauth, oauthClients, instance, sessions, secrets } = services;
  const callbackUrl = (base: string, provider: OAuthProvider) => `${base}/auth/${provider}/callback/`;

  app.register(async (scope: App) => {
    // Each start may make the server call the provider (discovery): the /auth/ budget per IP applies.
    scope.addHook('onRequest', scope.rateLimit({ max: config.authIpRateLimit, timeWindow: '1 minute' }));

    scope.get(
      '/auth/:provider/',
      {
        schema: {
          tags: TAGS,
          params: providerParams,
          querystring: z.object({ next_path: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        const provider = providerOf(request.params.provider);
        const nextPath = request.query.next_path;
        const settings = (await instance.settings()).providers[provider];
        if (!settings.enabled) {
          return reply.redirect(
            signInErrorPath(providerErrorName(provider, 'NOT_CONFIGURED'), nextPath),
            302,
          );
        }
        const checks = {
          state: client.randomState(),
          verifier: client.randomPKCECodeVerifier(),
          nonce: client.randomNonce(),
        };
        let target: URL;
        try {
          target = await oauthClients[provider].authorizationUrl(
            settings,
            callbackUrl(baseUrlOf(request, config), provider),
            checks,
          );
        } catch (error) {
          request.log.warn({ err: error, provider }, 'sign-in provider unreachable');
          return reply.redirect(
            signInErrorPath(providerErrorName(provider, 'OAUTH_PROVIDER_ERROR'), nextPath),
            302,
          );
        }
        startFlow(request, reply, secrets(), {
          provider,
          ...checks,
          nextPath: isSafeNextPath(nextPath) ? nextPath : undefined,
        });
        return reply.redirect(target.href, 302);
      },
    );

    scope.get(
      '/auth/:provider/callback/',
      { schema: { tags: TAGS, params: providerParams } },
      async (request, reply) => {
        const provider = providerOf(request.params.provider);
        const flow = takeFlow(request, reply, secrets(), provider);
        const query = request.query as Record<string, unknown>;
        try {
          if (!flow || query.state !== flow.state) throw authError('OAUTH_STATE_MISMATCH');
          if (query.error !== undefined) throw authError(providerErrorName(provider, 'OAUTH_PROVIDER_ERROR'));
          const settings = (await instance.settings()).providers[provider];
          if (!settings.enabled) throw authError(providerErrorName(provider, 'NOT_CONFIGURED'));
          const base = baseUrlOf(request, config);
          const current = new URL(callbackUrl(base, provider));
          current.search = new URL(request.url, base).search;
          const profile = await oauthClients[provider].profile(settings, current, flow).catch((error) => {
            request.log.warn({ err: error, provider }, 'sign-in provider refused the code');
            throw error instanceof IdTokenError
              ? authError('OAUTH_ID_TOKEN_INVALID')
              : authError(providerErrorName(provider, 'OAUTH_PROVIDER_ERROR'));
          });
          const user = await oauth.signIn(provider, profile);
          await sessions.start(services.db, request, reply, user.id);
          return reply.redirect(await landingPath(services, user, flow.nextPath), 302);
        } catch (error) {
          if (!(error instanceof AppError) || !isAuthErrorName(error.errorCode)) throw error;
          return reply.redirect(signInErrorPath(error.errorCode, flow?.nextPath), 302);
        }
      },
    );
  });

  const auth = { auth: 'required' as const };

  app.get(
    '/api/users/me/accounts/',
    { config: auth, schema: { tags: ['users'], response: { 200: z.array(accountSchema) } } },
    (request) => oauth.list(userOf(request)),
  );

  app.delete(
    '/api/users/me/accounts/:account_id/',
    {
      config: auth,
      schema: { tags: ['users'], params: z.object({ account_id: z.string().uuid() }) },
    },
    async (request, reply) => {
      await oauth.unlink(userOf(request), request.params.account_id);
      return reply.code(204).send();
    },
  );
}
