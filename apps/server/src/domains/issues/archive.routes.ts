import { issueDetailSchema, listIssuesQuerySchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { issueParams } from './issues.routes.ts';

const TAGS = ['issue archive'];

export function archiveRoutes(app: App, { archive }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id';

  app.post(
    `${base}/issues/:issue_id/archive/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: TAGS, params: issueParams, response: { 200: z.object({ archived_at: z.string() }) } },
    },
    (request) => archive.archive(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.delete(
    `${base}/issues/:issue_id/archive/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: TAGS, params: issueParams } },
    async (request, reply) => {
      await archive.restore(projectOf(request), userOf(request), request.params.issue_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/issues/:issue_id/archive/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: issueParams, response: { 200: issueDetailSchema } },
    },
    (request) => archive.getArchived(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.get(
    `${base}/archived-issues/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: projectParams, querystring: listIssuesQuerySchema },
    },
    (request) => archive.list(projectOf(request), userOf(request), request.query),
  );
}
