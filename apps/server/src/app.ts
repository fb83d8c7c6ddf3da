import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { AppError } from '@kite/shared/errors';
import Fastify, { type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { analyticsRoutes } from './domains/analytics/analytics.routes.ts';
import { apiTokensRoutes } from './domains/api-tokens/api-tokens.routes.ts';
import { connectAccessCache } from './domains/auth/access-cache-feed.ts';
import { authRoutes } from './domains/auth/auth.routes.ts';
import { SESSION_COOKIE } from './domains/auth/session.service.ts';
import { commentsRoutes } from './domains/comments/comments.routes.ts';
import { cyclesRoutes } from './domains/cycles/cycles.routes.ts';
import { dashboardRoutes } from './domains/dashboard/dashboard.routes.ts';
import { estimatesRoutes } from './domains/estimates/estimates.routes.ts';
import { exportsRoutes } from './domains/exports/exports.routes.ts';
import { favoritesRoutes } from './domains/favorites/favorites.routes.ts';
import { githubSyncRoutes } from './domains/github-sync/github-sync.routes.ts';
import { healthRoutes } from './domains/health/health.routes.ts';
import { importsRoutes } from './domains/imports/imports.routes.ts';
import { APP_VERSION } from './domains/instance/instance.presenter.ts';
import { instanceRoutes } from './domains/instance/instance.routes.ts';
import { instanceAdminRoutes } from './domains/instance/instance-admin.routes.ts';
import { intakeRoutes } from './domains/intake/intake.routes.ts';
import { invitationsRoutes } from './domains/invitations/invitations.routes.ts';
import { archiveRoutes } from './domains/issues/archive.routes.ts';
import { attachmentsRoutes } from './domains/issues/attachments.routes.ts';
import { bulkDraftsRoutes } from './domains/issues/bulk-drafts.routes.ts';
import { issuesRoutes } from './domains/issues/issues.routes.ts';
import { linksRelationsRoutes } from './domains/issues/links-relations.routes.ts';
import { connectIssueListCache } from './domains/issues/list-cache-feed.ts';
import { subIssuesRoutes } from './domains/issues/sub-issues.routes.ts';
import { subscriptionsRoutes } from './domains/issues/subscriptions.routes.ts';
import { workspaceIssuesRoutes } from './domains/issues/workspace-issues.routes.ts';
import { labelsRoutes } from './domains/labels/labels.routes.ts';
import { connectLiveEvents } from './domains/live/live.routes.ts';
import { membersRoutes } from './domains/members/members.routes.ts';
import { modulesRoutes } from './domains/modules/modules.routes.ts';
import { notificationsRoutes } from './domains/notifications/notifications.routes.ts';
import { oauthRoutes } from './domains/oauth/oauth.routes.ts';
import { connectPageCollaboration } from './domains/pages/collaboration.routes.ts';
import { pagesRoutes } from './domains/pages/pages.routes.ts';
import { profileRoutes } from './domains/profile/profile.routes.ts';
import { projectMembersRoutes } from './domains/projects/project-members.routes.ts';
import { projectsRoutes } from './domains/projects/projects.routes.ts';
import { publicApiRoutes } from './domains/public-api/public-api.routes.ts';
import { publishingRoutes } from './domains/publishing/publishing.routes.ts';
import { searchRoutes } from './domains/search/search.routes.ts';
import { statesRoutes } from './domains/states/states.routes.ts';
import { userPropertiesRoutes } from './domains/user-properties/user-properties.routes.ts';
import { usersRoutes } from './domains/users/users.routes.ts';
import { viewsRoutes } from './domains/views/views.routes.ts';
import { webhooksRoutes } from './domains/webhooks/webhooks.routes.ts';
import { workspacesRoutes } from './domains/workspaces/workspaces.routes.ts';
import { watchCommits } from './platform/db/commit-watch.ts';
import { inReadScope } from './platform/db/read-replicas.ts';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './platform/http/error-handler.ts';
import { createFixedWindowLimiter } from './platform/http/fixed-window-limiter.ts';
import { createAuthHooks } from './platform/http/hooks.ts';
import {
  createIdempotencyHooks,
  IDEMPOTENCY_KEY_HEADER,
  keepBodyForIdempotency,
} from './platform/http/idempotency.ts';
import { documentIdempotencyKey } from './platform/http/idempotency-openapi.ts';
import { parseJsonBody } from './platform/http/json-body.ts';
import { registerPreRenderedCompression } from './platform/http/pre-rendered-compression.ts';
import { serializeReply } from './platform/http/raw-json.ts';
import { createSecurityHeaders, requestIdFrom } from './platform/http/security-headers.ts';
import { registerServerTiming } from './platform/http/server-timing.ts';
import { createSharedWindowLimiter } from './platform/http/shared-window-limiter.ts';
import type { App } from './platform/http/types.ts';
import { registerWebSockets } from './platform/http/websockets.ts';
import { s3DownloadOrigin } from './platform/storage/file-storage.ts';
import type { Services } from './services.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; when set, it is served with an index.html fallback. */
  webDist?: string;
  /** Told of every route as it is registered (the authorization matrix lists them this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole HTTP application; tests call it with their own database and services. */
export async function buildApp(services: Services, options: BuildAppOptions = {}): Promise<App> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    // While draining (SIGTERM), requests already on an open connection are still served, with
    // `Connection: close`; fastify's default answers them a bare 503 that is not the contract's.
    return503OnClosing: false,
    clientErrorHandler,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id'], randomUUID),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setReplySerializer(serializeReply);

  // JSON only (form bodies are accepted under /auth/ alone); a bodyless JSON POST is fine.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      keepBodyForIdempotency(request, String(body));
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });

  await app.register(cookie);
  // JSON answers (a board page is ~150 KB) compress in one synchronous call and leave in one write:
  // the plugin's default on two cores streams anything over 8 KB through zlib's thread pool, which
  // costs more CPU in stream plumbing and socket writes than the compression itself.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 4 * 1024 * 1024 });
  registerPreRenderedCompression(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 'Too many requests, try again later', 'RATE_LIMIT_EXCEEDED', {
        retry_after: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kite API',
        version: APP_VERSION,
        description: 'Plane-compatible project management API',
      },
      components: {
        // The public API (`/api/v1/`, api.md §15); the rest of the API is the web app's session cookie.
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: documentIdempotencyKey,
  });

  const hooks = createAuthHooks({
    config,
    resolveSession: (token, scope) => services.sessions.resolve(token, scope),
    sessionCookie: SESSION_COOKIE,
    resolveApiKey: (key, scope) => services.apiTokens.resolve(key, scope),
    // Several nodes share a PostgreSQL: one window per token across them. The embedded database
    // has one node, which counts in memory.
    limitApiKey:
      services.database.kind === 'postgres'
        ? createSharedWindowLimiter(services.db, config.apiRateLimit)
        : createFixedWindowLimiter(config.apiRateLimit),
  });
  if (config.serverTiming) registerServerTiming(app);
  // With replicas, what a GET reads may come from them (platform/db/read-replicas.ts); sockets,
  // long-lived, stay on the leader.
  if (config.databaseReadUrl) {
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.method === 'GET' && !request.headers.upgrade) inReadScope(done);
      else done();
    });
  }
  app.addHook('onRequest', hooks.onRequest);
  app.addHook('preValidation', hooks.preValidation);
  // After the caller, CSRF and access are checked; its onSend sees the answer before compression
  // (@fastify/compress adds its own per route, which run after these).
  const idempotency = createIdempotencyHooks(services.db, app.log);
  // A keyed write notes whether its transactions committed (platform/db/commit-watch.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined && request.method !== 'GET') watchCommits(done);
    else done();
  });
  app.addHook('preValidation', idempotency.preValidation);
  app.addHook('onSend', idempotency.onSend);
  app.addHook('onResponse', idempotency.onResponse);
  app.addHook(
    'onSend',
    createSecurityHeaders({ imageSources: config.s3 ? [s3DownloadOrigin(config.s3)] : [] }),
  );
  await connectIssueListCache(app, services);
  await connectAccessCache(app, services);
  await registerWebSockets(app);
  await connectPageCollaboration(app, services);
  await connectLiveEvents(app, services);
  // Draining: every answer tells the client to take its next request elsewhere.
  app.addHook('onRequest', async (_request, reply) => {
    if (services.lifecycle.shuttingDown) reply.header('Connection', 'close');
  });

  for (const register of [
    healthRoutes,
    instanceRoutes,
    instanceAdminRoutes,
    authRoutes,
    oauthRoutes,
    usersRoutes,
    workspacesRoutes,
    membersRoutes,
    invitationsRoutes,
    projectsRoutes,
    projectMembersRoutes,
    statesRoutes,
    issuesRoutes,
    subscriptionsRoutes,
    archiveRoutes,
    subIssuesRoutes,
    linksRelationsRoutes,
    bulkDraftsRoutes,
    workspaceIssuesRoutes,
    profileRoutes,
    attachmentsRoutes,
    searchRoutes,
    exportsRoutes,
    commentsRoutes,
    labelsRoutes,
    cyclesRoutes,
    modulesRoutes,
    viewsRoutes,
    pagesRoutes,
    favoritesRoutes,
    intakeRoutes,
    notificationsRoutes,
    estimatesRoutes,
    userPropertiesRoutes,
    publishingRoutes,
    apiTokensRoutes,
    webhooksRoutes,
    githubSyncRoutes,
    dashboardRoutes,
    analyticsRoutes,
    publicApiRoutes,
    importsRoutes,
  ]) {
    register(app, services);
  }

  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const webDist = options.webDist;
  const hasWeb = !!webDist && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url.startsWith('/auth/') || url === '/api';
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    // A path that exists with other methods answers 405 with the methods it allows.
    const path = url.split('?')[0]!;
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.findRoute({ method: method as 'GET', url: path }),
    );
    if (isApi && allowed.length > 0) {
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({ error: `Method ${request.method} not allowed`, error_code: 'METHOD_NOT_ALLOWED' });
    }
    return reply.code(404).send({ error: 'Not found', error_code: 'NOT_FOUND' });
  });

  return app;
}
