import {
  markAllReadBodySchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  unreadCountsSchema,
  updateNotificationBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';

const TAGS = ['notifications'];
const BASE = '/api/workspaces/:slug/users/notifications';
const config = { auth: 'required' as const, workspaceRole: ROLE.GUEST };
const oneParams = slugParams.extend({ notification_id: z.uuid() });

/** The caller's notifications in a workspace (api.md §12). Only the receiver sees one; others get 404. */
export function notificationsRoutes(app: App, { notifications }: Services) {
  app.get(
    `${BASE}/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: slugParams,
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    (request) => notifications.list(accessOf(request), request.query),
  );

  app.get(
    `${BASE}/unread/`,
    { config, schema: { tags: TAGS, params: slugParams, response: { 200: unreadCountsSchema } } },
    (request) => notifications.unread(accessOf(request)),
  );

  app.post(
    `${BASE}/mark-all-read/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: slugParams,
        body: markAllReadBodySchema.optional(),
        response: { 200: z.object({ updated: z.number() }) },
      },
    },
    (request) => notifications.markAllRead(accessOf(request), request.body ?? {}),
  );

  app.get(
    `${BASE}/:notification_id/`,
    { config, schema: { tags: TAGS, params: oneParams, response: { 200: notificationSchema } } },
    (request) => notifications.get(accessOf(request), request.params.notification_id),
  );

  app.patch(
    `${BASE}/:notification_id/`,
    {
      config,
      schema: {
        tags: TAGS,
        params: oneParams,
        body: updateNotificationBodySchema,
        response: { 200: notificationSchema },
      },
    },
    (request) => notifications.update(accessOf(request), request.params.notification_id, request.body),
  );

  app.delete(
    `${BASE}/:notification_id/`,
    { config, schema: { tags: TAGS, params: oneParams } },
    async (request, reply) => {
      await notifications.remove(accessOf(request), request.params.notification_id);
      return reply.code(204).send();
    },
  );

  for (const [path, apply] of [
    ['read', notifications.markRead],
    ['archive', notifications.archive],
  ] as const) {
    const schema = { tags: TAGS, params: oneParams, response: { 200: notificationSchema } };
    app.post(`${BASE}/:notification_id/${path}/`, { config, schema }, (request) =>
      apply(accessOf(request), request.params.notification_id, true),
    );
    app.delete(`${BASE}/:notification_id/${path}/`, { config, schema }, (request) =>
      apply(accessOf(request), request.params.notification_id, false),
    );
  }
}
