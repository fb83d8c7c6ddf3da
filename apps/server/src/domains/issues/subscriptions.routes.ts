import { userLiteSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig } from '../projects/projects.routes.ts';
import { issueParams } from './issues.routes.ts';

const TAGS = ['issue subscriptions'];
const subscribedSchema = z.object({ subscribed: z.boolean() });
const subscriberParams = issueParams.extend({ user_id: z.uuid() });

export function subscriptionsRoutes(app: App, { subscriptions }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/issues/:issue_id';
  const reader = projectConfig(ROLE.GUEST);

  app.get(
    `${base}/subscribe/`,
    { config: reader, schema: { tags: TAGS, params: issueParams, response: { 200: subscribedSchema } } },
    (request) => subscriptions.status(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.post(
    `${base}/subscribe/`,
    { config: reader, schema: { tags: TAGS, params: issueParams, response: { 201: subscribedSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await subscriptions.subscribeSelf(projectOf(request), userOf(request), request.params.issue_id),
        ),
  );

  app.delete(
    `${base}/subscribe/`,
    { config: reader, schema: { tags: TAGS, params: issueParams } },
    async (request, reply) => {
      await subscriptions.unsubscribeSelf(projectOf(request), userOf(request), request.params.issue_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/issue-subscribers/`,
    {
      config: reader,
      schema: { tags: TAGS, params: issueParams, response: { 200: z.array(userLiteSchema) } },
    },
    (request) => subscriptions.subscribers(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.post(
    `${base}/issue-subscribers/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: issueParams,
        body: z.object({ subscriber: z.uuid().optional() }).optional(),
        response: { 201: z.object({ subscriber: z.string(), issue: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await subscriptions.addSubscriber(
            projectOf(request),
            userOf(request),
            request.params.issue_id,
            request.body?.subscriber,
          ),
        ),
  );

  app.delete(
    `${base}/issue-subscribers/:user_id/`,
    { config: reader, schema: { tags: TAGS, params: subscriberParams } },
    async (request, reply) => {
      await subscriptions.removeSubscriber(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.user_id,
      );
      return reply.code(204).send();
    },
  );
}
