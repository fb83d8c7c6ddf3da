import {
  listIssuesQuerySchema,
  pageQuerySchema,
  userActivityPageSchema,
  userProfileSchema,
  userStatsSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import { parsePage } from '../../platform/http/pagination.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['profile'];
const config = { auth: 'required' as const, workspaceRole: ROLE.GUEST };
const params = slugParams.extend({ user_id: z.uuid() });

/** A workspace member's profile page: who they are, their numbers and their work items (api.md §2.2). */
export function profileRoutes(app: App, { profile }: Services) {
  app.get(
    '/api/workspaces/:slug/user-profile/:user_id/',
    { config, schema: { tags: TAGS, params, response: { 200: userProfileSchema } } },
    (request) => profile.profile(accessOf(request), userOf(request), request.params.user_id),
  );

  app.get(
    '/api/workspaces/:slug/user-stats/:user_id/',
    { config, schema: { tags: TAGS, params, response: { 200: userStatsSchema } } },
    (request) => profile.stats(accessOf(request), userOf(request), request.params.user_id),
  );

  app.get(
    '/api/workspaces/:slug/user-activity/:user_id/',
    {
      config,
      schema: { tags: TAGS, params, querystring: pageQuerySchema, response: { 200: userActivityPageSchema } },
    },
    (request) =>
      profile.activity(
        accessOf(request),
        userOf(request),
        request.params.user_id,
        parsePage(request.query, 50),
      ),
  );

  app.post(
    '/api/workspaces/:slug/user-activity/:user_id/export/',
    {
      config,
      // 200 is a `text/csv` attachment, not JSON: no response schema to serialise it with.
      schema: { tags: TAGS, params, description: "The member's activity as a CSV attachment (text/csv)." },
    },
    async (request, reply) => {
      const file = await profile.exportActivity(accessOf(request), userOf(request), request.params.user_id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .send(file.csv);
    },
  );

  app.get(
    '/api/workspaces/:slug/user-issues/:user_id/',
    { config, schema: { tags: TAGS, params, querystring: listIssuesQuerySchema } },
    (request) => profile.issues(accessOf(request), userOf(request), request.params.user_id, request.query),
  );
}
