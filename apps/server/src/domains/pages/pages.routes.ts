import multipart from '@fastify/multipart';
import {
  archiveResponseSchema,
  createPageBodySchema,
  favoriteSchema,
  PAGE_DESCRIPTION_MAX_BYTES,
  pageAccessBodySchema,
  pageDescriptionBodySchema,
  pageDetailSchema,
  pageListQuerySchema,
  pageSchema,
  pagesSummarySchema,
  updatePageBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import { redirectToStoredFile } from '../../platform/http/stored-file.ts';
import type { App } from '../../platform/http/types.ts';
import { uploadedFile } from '../../platform/http/uploaded-file.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';

const TAGS = ['pages'];
const pageParams = projectParams.extend({ page_id: z.uuid() });
const imageParams = pageParams.extend({ image_id: z.uuid() });
/** Reading takes any project role; what else a route needs is the page policy's, in the service. */
const anyRole = projectConfig(ROLE.GUEST);
/** A 10 MiB document, base64-encoded in JSON. */
const DESCRIPTION_BODY_LIMIT = Math.ceil((PAGE_DESCRIPTION_MAX_BYTES * 4) / 3) + 64 * 1024;

const tooLarge = () =>
  new AppError('payload_too_large', `Page descriptions cannot exceed ${PAGE_DESCRIPTION_MAX_BYTES} bytes`);

/** Pages (api.md §9) under `{p}/pages/`, their favorites, the archived list and the summary. */
export function pagesRoutes(app: App, { pages, config }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id';
  const page = `${base}/pages/:page_id`;

  app.get(
    `${base}/pages/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: pageListQuerySchema,
        response: { 200: z.array(pageSchema) },
      },
    },
    (request) => pages.list(projectOf(request), userOf(request), request.query),
  );

  app.post(
    `${base}/pages/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createPageBodySchema,
        response: { 201: pageDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await pages.create(projectOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/pages-summary/`,
    { config: anyRole, schema: { tags: TAGS, params: projectParams, response: { 200: pagesSummarySchema } } },
    (request) => pages.summary(projectOf(request), userOf(request)),
  );

  app.get(
    `${base}/archived-pages/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(pageSchema) } },
    },
    (request) => pages.archived(projectOf(request), userOf(request)),
  );

  app.get(
    `${page}/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams, response: { 200: pageDetailSchema } } },
    (request) => pages.get(projectOf(request), userOf(request), request.params.page_id),
  );

  app.patch(
    `${page}/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: pageParams,
        body: updatePageBodySchema,
        response: { 200: pageDetailSchema },
      },
    },
    (request) => pages.update(projectOf(request), userOf(request), request.params.page_id, request.body),
  );

  app.delete(
    `${page}/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams } },
    async (request, reply) => {
      await pages.remove(projectOf(request), userOf(request), request.params.page_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${page}/archive/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams, response: { 200: archiveResponseSchema } } },
    (request) => pages.archive(projectOf(request), userOf(request), request.params.page_id),
  );

  app.delete(
    `${page}/archive/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams } },
    async (request, reply) => {
      await pages.restore(projectOf(request), userOf(request), request.params.page_id);
      return reply.code(204).send();
    },
  );

  for (const [method, locked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${page}/lock/`,
      config: anyRole,
      schema: { tags: TAGS, params: pageParams },
      handler: async (request, reply) => {
        await pages.setLocked(projectOf(request), userOf(request), request.params.page_id, locked);
        return reply.code(204).send();
      },
    });
  }

  app.post(
    `${page}/access/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: pageParams,
        body: pageAccessBodySchema,
        response: { 200: pageDetailSchema },
      },
    },
    (request) =>
      pages.setAccess(projectOf(request), userOf(request), request.params.page_id, request.body.access),
  );

  app.post(
    `${page}/duplicate/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams, response: { 201: pageDetailSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await pages.duplicate(projectOf(request), userOf(request), request.params.page_id)),
  );

  app.get(
    `${base}/favorite-pages/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(pageSchema) } },
    },
    (request) => pages.favoritePages(projectOf(request), userOf(request)),
  );

  app.post(
    `${base}/favorite-pages/:page_id/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams, response: { 201: favoriteSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await pages.addFavorite(projectOf(request), userOf(request), request.params.page_id)),
  );

  app.delete(
    `${base}/favorite-pages/:page_id/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams } },
    async (request, reply) => {
      await pages.removeFavorite(projectOf(request), userOf(request), request.params.page_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${page}/description/`,
    { config: anyRole, schema: { tags: TAGS, params: pageParams } },
    async (request, reply) => {
      const bytes = await pages.description(projectOf(request), userOf(request), request.params.page_id);
      return reply.type('application/octet-stream').send(Buffer.from(bytes));
    },
  );

  app.patch(
    `${page}/description/`,
    {
      config: anyRole,
      bodyLimit: DESCRIPTION_BODY_LIMIT,
      schema: {
        tags: TAGS,
        params: pageParams,
        body: pageDescriptionBodySchema,
        response: { 200: pageDetailSchema },
      },
    },
    (request) => {
      const bytes = Buffer.from(request.body.description_binary, 'base64');
      if (bytes.length > PAGE_DESCRIPTION_MAX_BYTES) throw tooLarge();
      return pages.setDescription(projectOf(request), userOf(request), request.params.page_id, bytes);
    },
  );

  app.get(
    `${page}/images/:image_id/`,
    { config: anyRole, schema: { tags: TAGS, params: imageParams } },
    async (request, reply) => {
      const image = await pages.image(
        projectOf(request),
        userOf(request),
        request.params.page_id,
        request.params.image_id,
      );
      if (image.redirect) return redirectToStoredFile(reply, image.redirect);
      return reply
        .type(image.type)
        .header('Content-Disposition', 'inline')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, max-age=3600')
        .send(image.bytes);
    },
  );

  // Multipart is parsed only here; every other /api/ route keeps refusing non-JSON bodies with 415.
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: config.fileSizeLimit, files: 1, fields: 10 } });
    scope.post(
      `${page}/images/`,
      {
        config: anyRole,
        schema: {
          tags: TAGS,
          params: pageParams,
          response: { 201: z.object({ id: z.string(), url: z.string() }) },
        },
      },
      async (request, reply) => {
        // `file` as editors' upload helpers name it, `asset` as the work items' attachments do.
        const { bytes } = await uploadedFile(request, {
          fields: ['file', 'asset'],
          limit: config.fileSizeLimit,
          missing: 'An image is required',
        });
        const image = await pages.uploadImage(
          accessOf(request).workspace.slug,
          projectOf(request),
          userOf(request),
          request.params.page_id,
          bytes,
        );
        return reply.code(201).send(image);
      },
    );
  });
}
