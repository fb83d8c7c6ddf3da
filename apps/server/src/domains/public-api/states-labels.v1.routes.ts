import {
  createLabelBodySchema,
  createStateBodySchema,
  paginated,
  updateLabelBodySchema,
  updateStateBodySchema,
  v1LabelSchema,
  v1ListQuerySchema,
  v1StateSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { presentV1Label, presentV1State } from './v1.presenter.ts';
import { orderedBy, pageOf, V1_PROJECT, v1Project, v1ProjectParams } from './v1.ts';

const stateParams = v1ProjectParams.extend({ state_id: z.uuid() });
const labelParams = v1ProjectParams.extend({ label_id: z.uuid() });

/** A project's states and labels (api.md §15.2): P5 reads, P15 writes, as in the internal API. */
export function statesLabelsV1Routes(app: App, { states, labels }: Services) {
  const stateTags = ['public api: states'];
  const labelTags = ['public api: labels'];

  app.get(
    `${V1_PROJECT}/states/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: stateTags,
        params: v1ProjectParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1StateSchema) },
      },
    },
    async (request) => {
      const all = (await states.list(projectOf(request))).map(presentV1State);
      return pageOf(orderedBy(all, request.query.order_by), request.query);
    },
  );

  app.post(
    `${V1_PROJECT}/states/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: stateTags,
        params: v1ProjectParams,
        body: createStateBodySchema,
        response: { 201: v1StateSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(presentV1State(await states.create(projectOf(request), userOf(request), request.body))),
  );

  app.get(
    `${V1_PROJECT}/states/:state_id/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: stateTags, params: stateParams, response: { 200: v1StateSchema } },
    },
    async (request) => presentV1State(await states.get(projectOf(request), request.params.state_id)),
  );

  app.patch(
    `${V1_PROJECT}/states/:state_id/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: stateTags,
        params: stateParams,
        body: updateStateBodySchema,
        response: { 200: v1StateSchema },
      },
    },
    async (request) =>
      presentV1State(
        await states.update(projectOf(request), userOf(request), request.params.state_id, request.body),
      ),
  );

  app.delete(
    `${V1_PROJECT}/states/:state_id/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: stateTags, params: stateParams } },
    async (request, reply) => {
      await states.remove(projectOf(request), request.params.state_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${V1_PROJECT}/labels/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: labelTags,
        params: v1ProjectParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1LabelSchema) },
      },
    },
    async (request) => {
      const all = (await labels.list(projectOf(request))).map(presentV1Label);
      return pageOf(orderedBy(all, request.query.order_by), request.query);
    },
  );

  app.post(
    `${V1_PROJECT}/labels/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: labelTags,
        params: v1ProjectParams,
        body: createLabelBodySchema,
        response: { 201: v1LabelSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(presentV1Label(await labels.create(projectOf(request), userOf(request), request.body))),
  );

  app.get(
    `${V1_PROJECT}/labels/:label_id/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: labelTags, params: labelParams, response: { 200: v1LabelSchema } },
    },
    async (request) => presentV1Label(await labels.get(projectOf(request), request.params.label_id)),
  );

  app.patch(
    `${V1_PROJECT}/labels/:label_id/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: labelTags,
        params: labelParams,
        body: updateLabelBodySchema,
        response: { 200: v1LabelSchema },
      },
    },
    async (request) =>
      presentV1Label(
        await labels.update(projectOf(request), userOf(request), request.params.label_id, request.body),
      ),
  );

  app.delete(
    `${V1_PROJECT}/labels/:label_id/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: labelTags, params: labelParams } },
    async (request, reply) => {
      await labels.remove(projectOf(request), request.params.label_id);
      return reply.code(204).send();
    },
  );
}
