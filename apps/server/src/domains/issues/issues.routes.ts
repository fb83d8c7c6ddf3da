import {
  createIssueBodySchema,
  issueDetailExpandedSchema,
  issueDetailQuerySchema,
  issueDetailSchema,
  issueListQuerySchema,
  issueRowSchema,
  listIssuesQuerySchema,
  updateIssueBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';

const TAGS = ['issues'];
export const issueParams = projectParams.extend({ issue_id: z.uuid() });

export function issuesRoutes(app: App, { issues, issueExpansions }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/issues';

  app.get(
    `${base}/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, querystring: listIssuesQuerySchema },
    },
    (request) => issues.list(projectOf(request), userOf(request), request.query),
  );

  app.get(
    `${base}/list/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: issueListQuerySchema,
        response: { 200: z.array(issueRowSchema) },
      },
    },
    (request) => issues.listByIds(projectOf(request), userOf(request), request.query.issues.split(',')),
  );

  // Creates and edits tell the list caches item by item (issues.service `told`).
  app.post(
    `${base}/`,
    {
      config: projectConfig(ROLE.MEMBER, { listChangesTold: true }),
      schema: {
        tags: TAGS,
        params: projectParams,
        body: createIssueBodySchema,
        response: { 201: issueDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await issues.create(projectOf(request), userOf(request), request.body)),
  );

  app.get(
    `${base}/:issue_id/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: issueParams,
        querystring: issueDetailQuerySchema,
        response: { 200: issueDetailExpandedSchema },
      },
    },
    (request) =>
      issueExpansions.get(
        accessOf(request),
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.query.expand,
      ),
  );

  // Members edit any work item; lower roles only their own (checked by the service after visibility).
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${base}/:issue_id/`,
      config: projectConfig(ROLE.GUEST, { listChangesTold: true }),
      schema: {
        tags: TAGS,
        params: issueParams,
        body: method === 'PUT' ? createIssueBodySchema : updateIssueBodySchema,
        response: { 200: issueDetailSchema },
      },
      handler: (request) =>
        issues.update(projectOf(request), userOf(request), request.params.issue_id, request.body),
    });
  }

  app.delete(
    `${base}/:issue_id/`,
    { config: projectConfig(ROLE.GUEST), schema: { tags: TAGS, params: issueParams } },
    async (request, reply) => {
      await issues.remove(projectOf(request), userOf(request), request.params.issue_id);
      return reply.code(204).send();
    },
  );
}
