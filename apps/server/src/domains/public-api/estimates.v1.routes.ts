import {
  deleteEstimatePointBodySchema,
  updateEstimatePointBodySchema,
  v1CreateEstimateBodySchema,
  v1CreateEstimatePointsBodySchema,
  v1EstimatePointSchema,
  v1EstimateSchema,
  v1UpdateEstimateBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { V1_PROJECT, v1Project, v1ProjectParams } from './v1.ts';

const TAGS = ['public api: estimates'];
const estimateParams = v1ProjectParams.extend({ estimate_id: z.uuid() });
const pointParams = estimateParams.extend({ point_id: z.uuid() });

/**
 * A project's estimate and its points (api.md §15.2), as Plane's v1 has them: one estimate per
 * project at `estimates/` itself, points listed whole and added in bulk. The estimates service
 * does the work, with the internal routes' roles: P5 reads, P20 writes.
 */
export function estimatesV1Routes(app: App, { estimates }: Services) {
  const base = `${V1_PROJECT}/estimates`;

  app.get(
    `${base}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: TAGS, params: v1ProjectParams, response: { 200: v1EstimateSchema } },
    },
    (request) => estimates.getProjectEstimate(projectOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config: v1Project(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        body: v1CreateEstimateBodySchema,
        response: { 201: v1EstimateSchema },
      },
    },
    async (request, reply) => {
      const { estimate_points, ...estimate } = request.body;
      const created = await estimates.createProjectEstimate(projectOf(request), userOf(request), {
        estimate,
        estimate_points: estimate_points ?? [],
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    `${base}/`,
    {
      config: v1Project(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        body: v1UpdateEstimateBodySchema,
        response: { 200: v1EstimateSchema },
      },
    },
    (request) => estimates.updateProjectEstimate(projectOf(request), userOf(request), request.body),
  );

  app.delete(
    `${base}/`,
    { config: v1Project(ROLE.ADMIN), schema: { tags: TAGS, params: v1ProjectParams } },
    async (request, reply) => {
      await estimates.removeProjectEstimate(projectOf(request));
      return reply.code(204).send();
    },
  );

  // Plane's clients read these as a plain array (not the §0.6 envelope): an estimate has at most 6.
  app.get(
    `${base}/:estimate_id/estimate-points/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: TAGS, params: estimateParams, response: { 200: z.array(v1EstimatePointSchema) } },
    },
    async (request) => (await estimates.get(projectOf(request), request.params.estimate_id)).points,
  );

  app.post(
    `${base}/:estimate_id/estimate-points/`,
    {
      config: v1Project(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: estimateParams,
        body: v1CreateEstimatePointsBodySchema,
        response: { 201: z.array(v1EstimatePointSchema) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const points = Array.isArray(body) ? body : body.estimate_points;
      const created = await estimates.createPoints(
        projectOf(request),
        userOf(request),
        request.params.estimate_id,
        points,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    `${base}/:estimate_id/estimate-points/:point_id/`,
    {
      config: v1Project(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: pointParams,
        body: updateEstimatePointBodySchema,
        response: { 200: v1EstimatePointSchema },
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
      config: v1Project(ROLE.ADMIN),
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
}
