import {
  createLabelBodySchema,
  labelSchema,
  putLabelBodySchema,
  updateLabelBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['labels'];
const labelParams = projectParams.extend({ label_id: z.uuid() });

export function labelsRoutes(app: App, { labels }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/issue-labels';

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(labelSchema) } },
    },
    (request) => labels.list(projectOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createLabelBodySchema,
        response: { 201: labelSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await labels.create(projectOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:label_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: labelParams, response: { 200: labelSchema } },
    },
    (request) => labels.get(projectOf(request), request.params.label_id),
  );

  app.patch(
    `${base}/:label_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: labelParams,
        body: updateLabelBodySchema,
        response: { 200: labelSchema },
      },
    },
    (request) => labels.update(projectOf(request), userOf(request), request.params.label_id, request.body),
  );

  app.put(
    `${base}/:label_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: labelParams, body: putLabelBodySchema, response: { 200: labelSchema } },
    },
    (request) => labels.update(projectOf(request), userOf(request), request.params.label_id, request.body),
  );

  app.delete(
    `${base}/:label_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: labelParams } },
    async (request, reply) => {
      await labels.remove(projectOf(request), request.params.label_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/workspaces/:slug/labels/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: { tags: TAGS, params: slugParams, response: { 200: z.array(labelSchema) } },
    },
    (request) => labels.listForMember(accessOf(request), userOf(request)),
  );
}
