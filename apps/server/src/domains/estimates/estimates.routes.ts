import {
  createEstimateBodySchema,
  createEstimatePointBodySchema,
  deleteEstimatePointBodySchema,
  estimatePointSchema,
  estimateSchema,
  updateEstimateBodySchema,
  updateEstimatePointBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['estimates'];
const estimateParams = projectParams.extend({ estimate_id: z.uuid() });
const pointParams = estimateParams.extend({ point_id: z.uuid() });

export function estimatesRoutes(app: App, { estimates }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/estimates';

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(estimateSchema) } },
    },
    (request) => estimates.list(projectOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createEstimateBodySchema,
        response: { 201: estimateSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await estimates.create(projectOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:estimate_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: estimateParams, response: { 200: estimateSchema } },
    },
    (request) => estimates.get(projectOf(request), request.params.estimate_id),
  );

  app.patch(
    `${base}/:estimate_id/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: estimateParams,
        body: updateEstimateBodySchema,
        response: { 200: estimateSchema },
      },
    },
    (request) =>
      estimates.update(projectOf(request), userOf(request), request.params.estimate_id, request.body),
  );

  app.delete(
    `${base}/:estimate_id/`,
    { config: projectConfig(ROLE.ADMIN), schema: { tags: TAGS, params: estimateParams } },
    async (request, reply) => {
      await estimates.remove(projectOf(request), request.params.estimate_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:estimate_id/estimate-points/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: estimateParams,
        body: createEstimatePointBodySchema,
        response: { 201: estimatePointSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await estimates.createPoint(
            projectOf(request),
            userOf(request),
            request.params.estimate_id,
            request.body,
          ),
        ),
  );

  app.patch(
    `${base}/:estimate_id/estimate-points/:point_id/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: pointParams,
        body: updateEstimatePointBodySchema,
        response: { 200: estimatePointSchema },
      },
    },
    (request) =>
      estimates.updatePoint(
        projectOf(request),
        userOf(request),
        request.params.estimate_id,
        request.params.point_id,
        request.body,
      ),
  );

  app.delete(
    `${base}/:estimate_id/estimate-points/:point_id/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: { tags: TAGS, params: pointParams, body: deleteEstimatePointBodySchema },
    },
    async (request, reply) => {
      await estimates.removePoint(
        projectOf(request),
        request.params.estimate_id,
        request.params.point_id,
        request.body?.new_estimate_id,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/workspaces/:slug/estimates/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(estimateSchema) } },
    },
    (request) => estimates.listForMember(accessOf(request), userOf(request)),
  );
}
