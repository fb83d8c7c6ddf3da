import {
  analyticsOverviewQuerySchema,
  analyticsOverviewSchema,
  analyticsQuerySchema,
  analyticsSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['analytics'];
const inWorkspace = { auth: 'required' as const, workspaceRole: ROLE.GUEST };

/** Workspace and project analytics: a chart (x-axis × segment) and the overview. */
export function analyticsRoutes(app: App, { analytics }: Services) {
  const project = '/api/workspaces/:slug/projects/:project_id';

  app.get(
    '/api/workspaces/:slug/analytics/',
    {
      config: inWorkspace,
      schema: {
        tags: TAGS,
        params: slugParams,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema },
      },
    },
    (request) => analytics.workspace(accessOf(request), userOf(request), request.query),
  );

  app.get(
    '/api/workspaces/:slug/analytics/overview/',
    {
      config: inWorkspace,
      schema: {
        tags: TAGS,
        params: slugParams,
        querystring: analyticsOverviewQuerySchema,
        response: { 200: analyticsOverviewSchema },
      },
    },
    (request) => analytics.workspaceOverview(accessOf(request), userOf(request), request.query),
  );

  app.get(
    `${project}/analytics/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema },
      },
    },
    (request) => analytics.project(projectOf(request), userOf(request), request.query),
  );

  app.get(
    `${project}/analytics/overview/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: projectParams,
        querystring: analyticsOverviewQuerySchema,
        response: { 200: analyticsOverviewSchema },
      },
    },
    (request) => analytics.projectOverview(projectOf(request), userOf(request), request.query),
  );
}
