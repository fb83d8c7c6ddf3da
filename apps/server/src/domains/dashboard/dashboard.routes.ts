import {
  collaboratorSchema,
  dashboardActivitySchema,
  dashboardQuerySchema,
  dashboardWithWidgetsSchema,
  overviewStatsSchema,
  paginated,
  priorityCountSchema,
  stateGroupCountSchema,
  updateWidgetBodySchema,
  widgetIssuesSchema,
  widgetSchema,
  widgetStatsQuerySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['dashboard'];
const dashboardParams = z.object({ dashboard_id: z.uuid() });
const widgetParams = dashboardParams.extend({ widget_id: z.uuid() });
const inWorkspace = { auth: 'required' as const, workspaceRole: ROLE.GUEST };
const signedIn = { auth: 'required' as const };

/** Every widget's answer (api.md §11, "Widget stats"). */
const widgetStatsSchema = z.union([
  overviewStatsSchema,
  widgetIssuesSchema,
  z.array(stateGroupCountSchema),
  z.array(priorityCountSchema),
  z.array(dashboardActivitySchema),
  z.array(z.string()),
  z.array(collaboratorSchema),
  paginated(collaboratorSchema),
]);

/** The caller's home dashboard and its widgets (api.md §11). */
export function dashboardRoutes(app: App, { dashboard }: Services) {
  app.get(
    '/api/workspaces/:slug/dashboard/',
    {
      config: inWorkspace,
      schema: {
        tags: TAGS,
        params: slugParams,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardWithWidgetsSchema },
      },
    },
    (request) => dashboard.home(accessOf(request), userOf(request)),
  );

  app.get(
    '/api/workspaces/:slug/dashboard/:dashboard_id/',
    {
      config: inWorkspace,
      schema: {
        tags: TAGS,
        params: slugParams.extend({ dashboard_id: z.uuid() }),
        querystring: widgetStatsQuerySchema,
        response: { 200: widgetStatsSchema },
      },
    },
    (request) =>
      dashboard.widgetStats(accessOf(request), userOf(request), request.params.dashboard_id, request.query),
  );

  app.get(
    '/api/dashboard/:dashboard_id/',
    {
      config: signedIn,
      schema: { tags: TAGS, params: dashboardParams, response: { 200: dashboardWithWidgetsSchema } },
    },
    (request) => dashboard.get(userOf(request), request.params.dashboard_id),
  );

  app.patch(
    '/api/dashboard/:dashboard_id/widgets/:widget_id/',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        params: widgetParams,
        body: updateWidgetBodySchema,
        response: { 200: widgetSchema },
      },
    },
    (request) =>
      dashboard.updateWidget(
        userOf(request),
        request.params.dashboard_id,
        request.params.widget_id,
        request.body,
      ),
  );
}
