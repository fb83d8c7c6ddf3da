import { issueRowSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig } from '../projects/projects.routes.ts';
import { issueParams } from './issues.routes.ts';

const TAGS = ['sub-issues'];
const subIssuesSchema = z.object({
  sub_issues: z.array(issueRowSchema),
  state_distribution: z.record(z.string(), z.array(z.string())),
});

export function subIssuesRoutes(app: App, { subIssues }: Services) {
  const url = '/api/workspaces/:slug/projects/:project_id/issues/:issue_id/sub-issues/';

  app.get(
    url,
    {
      config: projectConfig(ROLE.GUEST),
      schema: { tags: TAGS, params: issueParams, response: { 200: subIssuesSchema } },
    },
    (request) => subIssues.list(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.post(
    url,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: issueParams,
        body: z.object({ sub_issue_ids: z.array(z.uuid()).min(1).max(1000) }),
        response: { 201: subIssuesSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await subIssues.add(
            projectOf(request),
            userOf(request),
            request.params.issue_id,
            request.body.sub_issue_ids,
          ),
        ),
  );
}
