import {
  createGithubRepositorySyncBodySchema,
  githubRepositorySyncSchema,
  githubRepositorySyncWithSecretSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baseUrlOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';

const TAGS = ['github'];
/** A malformed id fails params validation, which answers 404 like an unknown sync. */
const webhookParams = z.object({ sync_id: z.uuid() });
const webhookAnswer = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** GitHub repository sync (api.md §4.9) and the repository's inbound webhook. */
export function githubSyncRoutes(app: App, { githubSync, config: appConfig }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/github-repository-sync';

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        description:
          "The project's linked repository (0 or 1). ≠ Plane: each sync also carries `webhook_url`, where GitHub must send the repository's `issues` and `issue_comment` events, and `import_status`.",
        params: projectParams,
        response: { 200: z.array(githubRepositorySyncSchema) },
      },
    },
    (request) => githubSync.list(projectOf(request), baseUrlOf(request, appConfig)),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        description:
          'Links the project to a repository: the token must read it (GET /repos/{owner}/{name}; 400 otherwise), the one-time import of its issues and comments is queued. The token is write-only. ≠ Plane: the answer adds `webhook_url` and, this once, `webhook_secret`, to be entered as the repository webhook (content type application/json, events Issues and Issue comments) so later changes sync.',
        params: projectParams,
        body: createGithubRepositorySyncBodySchema,
        response: { 201: githubRepositorySyncWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await githubSync.link(
            projectOf(request),
            userOf(request),
            request.body,
            baseUrlOf(request, appConfig),
          ),
        ),
  );

  app.delete(
    `${base}/:sync_id/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        description:
          "Unlinks the project from its repository: GitHub's webhook deliveries for it answer 404 from now on and no state is pushed; the work items and comments synced so far stay. ≠ Plane: Plane deletes the sync the same way, with no body.",
        params: projectParams.extend({ sync_id: z.uuid() }),
      },
    },
    async (request, reply) => {
      await githubSync.unlink(projectOf(request), request.params.sync_id);
      return reply.code(204).send();
    },
  );

  // Anonymous (no session, no CSRF): the signature over the raw bytes is the credential, so this
  // route reads its body as bytes, not parsed JSON.
  app.register(async (plugin) => {
    const raw = plugin.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/github/webhook/:sync_id/',
      {
        config: { auth: 'none' },
        schema: {
          tags: TAGS,
          description:
            "GitHub's webhook for a linked repository: `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the sync's secret) is required (401 without, 403 when it does not match). `issues` (opened, edited, closed, reopened, deleted) and `issue_comment` (created, edited, deleted) are applied; other events are ignored (202); a repeated `X-GitHub-Delivery` does nothing.",
          params: webhookParams,
          response: { 200: webhookAnswer, 202: webhookAnswer },
        },
      },
      async (request, reply) => {
        const status = await githubSync.receiveWebhook(request.params.sync_id, {
          event: header(request.headers['x-github-event']),
          deliveryId: header(request.headers['x-github-delivery']),
          signature: header(request.headers['x-hub-signature-256']),
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        });
        return reply.code(status === 'ignored' ? 202 : 200).send({ status });
      },
    );
  });
}
