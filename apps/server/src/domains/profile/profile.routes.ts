import { listIssuesQuerySchema, userProfileSchema, userStatsSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
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
    '/api/workspaces/:slug/user-issues/:user_id/',
    { config, schema: { tags: TAGS, params, querystring: listIssuesQuerySchema } },
    (request) => profile.issues(accessOf(request), userOf(request), request.params.user_id, request.query),
  );
}
