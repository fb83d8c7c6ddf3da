import formbody from '@fastify/formbody';
import {
  AUTH_ERROR_NUMBERS,
  changePasswordBodySchema,
  csrfTokenSchema,
  emailCheckBodySchema,
  emailCheckResponseSchema,
  forgotPasswordBodySchema,
  isAuthErrorName,
  isSafeNextPath,
  magicGenerateBodySchema,
  magicGenerateResponseSchema,
  magicSignInBodySchema,
  messageSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  setPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
  userSchema,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.ts';
import { CSRF_COOKIE } from '../../platform/http/csrf.ts';
import { baseUrlOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import type { Services } from '../../services.ts';
import { landingPath } from './landing.ts';

const TAGS = ['auth'];
const ONE_YEAR = 365 * 24 * 3600;

/** JSON mode: a JSON body, or a bodyless call that sent the CSRF header (only scripts do). */
function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type ? type.includes('application/json') : request.headers['x-csrftoken'] !== undefined;
}

/**
 * Runs an /auth/ POST in either answer mode: JSON (200 body, 400 errors) or HTML form
 * (302 to the landing page, or back to `errorPage` with Plane's numeric error code).
 */
async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  errorPage: string,
  run: () => Promise<{ json: unknown; status?: number; redirect: () => Promise<string> | string }>,
) {
  try {
    const outcome = await run();
    if (isJson(request)) return reply.code(outcome.status ?? 200).send(outcome.json);
    return reply.redirect(await outcome.redirect(), 302);
  } catch (error) {
    if (isJson(request) || !(error instanceof AppError) || !isAuthErrorName(error.errorCode)) throw error;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = new URLSearchParams({
      error_code: String(AUTH_ERROR_NUMBERS[error.errorCode]),
      error_message: error.errorCode,
    });
    if (typeof body.email === 'string') query.set('email', body.email);
    if (typeof body.next_path === 'string' && isSafeNextPath(body.next_path))
      query.set('next_path', body.next_path);
    return reply.redirect(`${errorPage}?${query}`, 302);
  }
}

export function authRoutes(app: App, services: Services) {
  const { auth, sessions, users, config } = services;

  app.get(
    '/auth/get-csrf-token/',
    { schema: { tags: TAGS, response: { 200: csrfTokenSchema } } },
    async (request, reply) => {
      let token = request.cookies[CSRF_COOKIE];
      if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
        token = randomToken(32);
        reply.setCookie(CSRF_COOKIE, token, {
          path: '/',
          sameSite: 'lax',
          secure: request.protocol === 'https',
          httpOnly: false,
          maxAge: ONE_YEAR,
        });
      }
      return { csrf_token: token };
    },
  );

  app.get(
    '/api/users/session/',
    { config: { auth: 'optional' }, schema: { tags: TAGS, response: { 200: sessionResponseSchema } } },
    async (request) => ({
      is_authenticated: !!request.user,
      user: request.user ? users.present(request.user) : null,
    }),
  );

  // Form posts are only accepted under /auth/; the JSON API refuses them with 415.
  app.register(async (scope: App) => {
    await scope.register(formbody);
    // One budget per client IP shared by every /auth/ POST (api.md §1.3), not one per route.
    scope.addHook('onRequest', scope.rateLimit({ max: config.authIpRateLimit, timeWindow: '1 minute' }));
    const startSession = async (
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      nextPath: string | undefined,
    ) => {
      await sessions.start(services.db, request, reply, user.id);
      return { json: users.present(user), redirect: () => landingPath(services, user, nextPath) };
    };

    scope.post(
      '/auth/email-check/',
      {
        schema: { tags: TAGS, body: emailCheckBodySchema, response: { 200: emailCheckResponseSchema } },
      },
      (request, reply) =>
        answer(request, reply, '/', async () => ({
          json: await auth.emailCheck(request.body.email),
          redirect: () => '/',
        })),
    );

    /** The four POSTs that end in a signed-in session: same answer modes, own error page. */
    const signInRoute = <S extends z.ZodType<{ next_path?: string }>>(
      path: string,
      body: S,
      errorPage: string,
      signIn: (body: z.infer<S>, request: FastifyRequest) => Promise<UserRow>,
    ) =>
      scope.post(path, { schema: { tags: TAGS, body, response: { 200: userSchema } } }, (request, reply) =>
        answer(request, reply, errorPage, async () => {
          const parsed = request.body as z.infer<S>;
          return startSession(request, reply, await signIn(parsed, request), parsed.next_path);
        }),
      );
    signInRoute('/auth/sign-up/', signUpBodySchema, '/sign-up/', (body) => auth.signUp(body));
    signInRoute('/auth/sign-in/', signInBodySchema, '/', (body, request) => auth.signIn(body, request.ip));
    signInRoute('/auth/magic-sign-in/', magicSignInBodySchema, '/', (body) => auth.magicSignIn(body));
    signInRoute('/auth/magic-sign-up/', magicSignInBodySchema, '/sign-up/', (body) => auth.magicSignUp(body));

    scope.post(
      '/auth/magic-generate/',
      {
        schema: { tags: TAGS, body: magicGenerateBodySchema, response: { 200: magicGenerateResponseSchema } },
      },
      (request, reply) =>
        answer(request, reply, '/', async () => ({
          json: await auth.generateMagicCode(request.body.email),
          redirect: () => '/',
        })),
    );

    scope.post(
      '/auth/forgot-password/',
      {
        schema: { tags: TAGS, body: forgotPasswordBodySchema, response: { 200: messageSchema } },
      },
      (request, reply) =>
        answer(request, reply, '/accounts/forgot-password/', async () => ({
          json: await auth.forgotPassword(request.body.email, baseUrlOf(request, config)),
          redirect: () => '/accounts/forgot-password/?success=true',
        })),
    );

    scope.post(
      '/auth/reset-password/:uidb64/:token/',
      {
        schema: {
          tags: TAGS,
          params: z.object({ uidb64: z.string().max(200), token: z.string().max(200) }),
          body: resetPasswordBodySchema,
          response: { 200: messageSchema },
        },
      },
      (request, reply) =>
        answer(request, reply, '/accounts/reset-password/', async () => {
          const user = await auth.resetPassword(
            request.params.uidb64,
            request.params.token,
            request.body.password,
          );
          // Every session of the account ends; the user signs in again with the new password.
          await sessions.revokeAll(services.db, user.id);
          return {
            json: { message: 'Password reset successfully' },
            redirect: () => '/sign-in?success=true',
          };
        }),
    );

    scope.post(
      '/auth/set-password/',
      {
        config: { auth: 'required' },
        schema: { tags: TAGS, body: setPasswordBodySchema, response: { 200: userSchema } },
      },
      (request, reply) =>
        answer(request, reply, '/accounts/set-password/', async () => {
          const user = await auth.setPassword(userOf(request), request.body.password);
          await sessions.revokeAll(services.db, user.id, request.sessionTokenHash ?? undefined);
          await sessions.start(services.db, request, reply, user.id);
          return { json: users.present(user), redirect: () => landingPath(services, user, undefined) };
        }),
    );

    scope.post(
      '/auth/change-password/',
      {
        config: { auth: 'required' },
        schema: { tags: TAGS, body: changePasswordBodySchema, response: { 200: messageSchema } },
      },
      (request, reply) =>
        answer(request, reply, '/settings/profile/security/', async () => {
          const user = await auth.changePassword(
            userOf(request),
            request.body.old_password,
            request.body.new_password,
          );
          await sessions.revokeAll(services.db, user.id, request.sessionTokenHash ?? undefined);
          await sessions.start(services.db, request, reply, user.id);
          return {
            json: { message: 'Password updated successfully' },
            redirect: () => '/settings/profile/security/?success=true',
          };
        }),
    );

    scope.post('/auth/sign-out/', { schema: { tags: TAGS } }, async (request, reply) => {
      await sessions.end(request, reply);
      if (isJson(request)) return reply.code(204).send();
      return reply.redirect('/', 302);
    });
  });
}
