import {
  deployBoardBodySchema,
  deployBoardSchema,
  issueDetailSchema,
  labelSchema,
  listIssuesQuerySchema,
  publicDeployBoardSchema,
  publicMetaSchema,
  publicUserLiteSchema,
  stateSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { ANCHOR_PATTERN } from './publishing.service.ts';

const TAGS = ['publishing'];
const boardParams = projectParams.extend({ board_id: z.uuid() });
/** A malformed anchor fails params validation, which answers 404 like an unknown one. */
const anchorParams = z.object({ anchor: z.string().regex(ANCHOR_PATTERN) });
/** Anonymous and read-only: no session is read, no workspace or project hook runs, no CSRF applies. */
const PUBLIC = { auth: 'none' as const };

export function publishingRoutes(app: App, { publishing }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/project-deploy-boards';

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, response: { 200: z.array(deployBoardSchema) } },
    },
    (request) => publishing.list(projectOf(request)),
  );

  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: projectParams,
        // A bodyless POST publishes with the defaults.
        body: deployBoardBodySchema.nullish(),
        response: { 201: deployBoardSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await publishing.publish(projectOf(request), userOf(request), request.body ?? {})),
  );

  app.get(
    `${base}/:board_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: boardParams, response: { 200: deployBoardSchema } },
    },
    (request) => publishing.get(projectOf(request), request.params.board_id),
  );

  app.patch(
    `${base}/:board_id/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: boardParams,
        body: deployBoardBodySchema,
        response: { 200: deployBoardSchema },
      },
    },
    (request) =>
      publishing.update(projectOf(request), userOf(request), request.params.board_id, request.body),
  );

  app.delete(
    `${base}/:board_id/`,
    { config: projectConfig(ROLE.ADMIN), schema: { tags: TAGS, params: boardParams } },
    async (request, reply) => {
      await publishing.unpublish(projectOf(request), request.params.board_id);
      return reply.code(204).send();
    },
  );

  const anchor = '/api/public/anchor/:anchor';

  app.get(
    `${anchor}/meta/`,
    { config: PUBLIC, schema: { tags: TAGS, params: anchorParams, response: { 200: publicMetaSchema } } },
    (request) => publishing.publicMeta(request.params.anchor),
  );

  app.get(
    `${anchor}/settings/`,
    {
      config: PUBLIC,
      schema: { tags: TAGS, params: anchorParams, response: { 200: publicDeployBoardSchema } },
    },
    (request) => publishing.publicSettings(request.params.anchor),
  );

  app.get(
    `${anchor}/states/`,
    {
      config: PUBLIC,
      schema: { tags: TAGS, params: anchorParams, response: { 200: z.array(stateSchema) } },
    },
    (request) => publishing.publicStates(request.params.anchor),
  );

  app.get(
    `${anchor}/labels/`,
    {
      config: PUBLIC,
      schema: { tags: TAGS, params: anchorParams, response: { 200: z.array(labelSchema) } },
    },
    (request) => publishing.publicLabels(request.params.anchor),
  );

  app.get(
    `${anchor}/issues/`,
    { config: PUBLIC, schema: { tags: TAGS, params: anchorParams, querystring: listIssuesQuerySchema } },
    (request) => publishing.publicIssues(request.params.anchor, request.query),
  );

  app.get(
    `${anchor}/issues/:issue_id/`,
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        params: anchorParams.extend({ issue_id: z.uuid() }),
        response: { 200: issueDetailSchema.omit({ is_subscribed: true }) },
      },
    },
    (request) => publishing.publicIssue(request.params.anchor, request.params.issue_id),
  );

  app.get(
    `${anchor}/members/`,
    {
      config: PUBLIC,
      schema: { tags: TAGS, params: anchorParams, response: { 200: z.array(publicUserLiteSchema) } },
    },
    (request) => publishing.publicMembers(request.params.anchor),
  );
}
