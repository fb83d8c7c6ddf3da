import multipart from '@fastify/multipart';
import {
  createImportQuerySchema,
  dryRunSchema,
  importRefusalSchema,
  importRefusalsQuerySchema,
  importSchema,
  pageQuerySchema,
  paginated,
  updateImportBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import { parsePage } from '../../platform/http/pagination.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { V1_PROJECT, v1Project, v1ProjectParams } from '../public-api/v1.ts';
import type { UploadedStream } from './imports.service.ts';

const TAGS = ['imports'];

/** The CSV file of an upload, as a stream (field `file`); 400 when the request has none. */
async function uploadedStream(request: FastifyRequest): Promise<UploadedStream> {
  const part = await request.file();
  if (part?.fieldname !== 'file') {
    throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
      fields: { file: 'A CSV file is required' },
    });
  }
  const { filename, file } = part;
  return { filename, stream: file, truncated: () => file.truncated };
}

/**
 * CSV imports of a project's work items (api.md §4.11), for project members (P15), on both
 * surfaces: the web app's (session) and the public API's (API key, for `npm run import:csv`). An
 * import has no Plane counterpart, so both answer the same objects.
 */
export function importsRoutes(app: App, { imports, config }: Services) {
  const surfaces: {
    base: string;
    config: FastifyContextConfig;
    params: typeof projectParams;
    tags: string[];
    security: { apiKey: string[] }[] | undefined;
  }[] = [
    {
      base: '/api/workspaces/:slug/projects/:project_id/imports',
      config: projectConfig(ROLE.MEMBER),
      params: projectParams,
      tags: TAGS,
      security: undefined,
    },
    {
      base: `${V1_PROJECT}/imports`,
      config: v1Project(ROLE.MEMBER),
      params: v1ProjectParams,
      tags: ['public api: imports'],
      security: [{ apiKey: [] }],
    },
  ];

  for (const surface of surfaces) {
    const { base, config: routeConfig, tags, security } = surface;
    const importParams = surface.params.extend({ import_id: z.uuid() });
    // The public API's routes are documented as taking the API key (the `apiKey` scheme).
    const schema = <S extends object>(parts: S) => ({ tags, ...(security ? { security } : {}), ...parts });

    // Multipart is parsed only here: every other /api/ route keeps refusing non-JSON bodies (415).
    app.register(async (scope: App) => {
      await scope.register(multipart, {
        limits: { fileSize: config.importFileSizeLimit, files: 1, fields: 10 },
      });
      scope.post(
        `${base}/`,
        {
          config: routeConfig,
          schema: schema({
            params: surface.params,
            querystring: createImportQuerySchema,
            response: { 201: importSchema },
          }),
        },
        async (request, reply) => {
          const created = await imports.upload(
            projectOf(request),
            userOf(request),
            await uploadedStream(request),
            request.query.preset,
          );
          return reply.code(201).send(created);
        },
      );
    });

    app.get(
      `${base}/`,
      {
        config: routeConfig,
        schema: schema({
          params: surface.params,
          querystring: pageQuerySchema,
          response: { 200: paginated(importSchema) },
        }),
      },
      (request) => imports.list(projectOf(request), parsePage(request.query, 20)),
    );

    app.get(
      `${base}/:import_id/`,
      { config: routeConfig, schema: schema({ params: importParams, response: { 200: importSchema } }) },
      (request) => imports.get(projectOf(request), request.params.import_id),
    );

    app.patch(
      `${base}/:import_id/`,
      {
        config: routeConfig,
        schema: schema({
          params: importParams,
          body: updateImportBodySchema,
          response: { 200: importSchema },
        }),
      },
      (request) =>
        imports.update(projectOf(request), userOf(request), request.params.import_id, request.body),
    );

    app.post(
      `${base}/:import_id/dry-run/`,
      { config: routeConfig, schema: schema({ params: importParams, response: { 200: dryRunSchema } }) },
      (request) => imports.dryRun(projectOf(request), userOf(request), request.params.import_id),
    );

    app.post(
      `${base}/:import_id/start/`,
      { config: routeConfig, schema: schema({ params: importParams, response: { 200: importSchema } }) },
      (request) => imports.start(projectOf(request), userOf(request), request.params.import_id),
    );

    app.get(
      `${base}/:import_id/refusals/`,
      {
        config: routeConfig,
        schema: schema({
          params: importParams,
          querystring: importRefusalsQuerySchema,
          response: { 200: paginated(importRefusalSchema) },
        }),
      },
      (request) =>
        imports.refusals(
          projectOf(request),
          request.params.import_id,
          request.query.run,
          parsePage(request.query, 100),
        ),
    );
  }
}
