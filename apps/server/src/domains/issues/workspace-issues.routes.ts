import { listIssuesQuerySchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['workspace issues'];
const config = { auth: 'required' as const, workspaceRole: ROLE.GUEST };

/** Lists spanning the caller's projects: global views and "my issues" (api.md §5.18); profile lists are in domains/profile. */
export function workspaceIssuesRoutes(app: App, { issues }: Services) {
  app.get(
    '/api/workspaces/:slug/issues/',
    { config, schema: { tags: TAGS, params: slugParams, querystring: listIssuesQuerySchema } },
    (request) => issues.listWorkspace(accessOf(request), userOf(request), request.query),
  );

  app.get(
    '/api/workspaces/:slug/my-issues/',
    { config, schema: { tags: TAGS, params: slugParams, querystring: listIssuesQuerySchema } },
    (request) => {
      const user = userOf(request);
      return issues.listWorkspace(accessOf(request), user, { ...request.query, assignees: user.id });
    },
  );
}
