import { issueRelationsSchema, linkSchema, relationRowSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig } from '../projects/projects.routes.ts';
import { issueParams } from './issues.routes.ts';
import { RELATION_TYPES } from './relations.service.ts';

const linkParams = issueParams.extend({ link_id: z.uuid() });
const relatedParams = issueParams.extend({ related_issue_id: z.uuid() });

export function linksRelationsRoutes(app: App, { links, relations }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/issues/:issue_id';
  // Creators of a work item may add links to it whatever their role; the services check.
  const anyRole = projectConfig(ROLE.GUEST);

  app.get(
    `${base}/issue-links/`,
    {
      config: anyRole,
      schema: { tags: ['links'], params: issueParams, response: { 200: z.array(linkSchema) } },
    },
    (request) => links.list(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.post(
    `${base}/issue-links/`,
    {
      config: anyRole,
      schema: {
        tags: ['links'],
        params: issueParams,
        body: z.object({
          url: z.string().min(1).max(2048),
          title: z.string().trim().max(255).nullable().optional(),
        }),
        response: { 201: linkSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await links.create(projectOf(request), userOf(request), request.params.issue_id, request.body)),
  );

  app.patch(
    `${base}/issue-links/:link_id/`,
    {
      config: anyRole,
      schema: {
        tags: ['links'],
        params: linkParams,
        body: z.object({
          url: z.string().min(1).max(2048).optional(),
          title: z.string().trim().max(255).nullable().optional(),
        }),
        response: { 200: linkSchema },
      },
    },
    (request) =>
      links.update(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.link_id,
        request.body,
      ),
  );

  app.delete(
    `${base}/issue-links/:link_id/`,
    { config: anyRole, schema: { tags: ['links'], params: linkParams } },
    async (request, reply) => {
      await links.remove(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.link_id,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/issue-relation/`,
    {
      config: anyRole,
      schema: {
        tags: ['relations'],
        params: issueParams,
        response: { 200: issueRelationsSchema },
      },
    },
    (request) => relations.list(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.post(
    `${base}/issue-relation/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: ['relations'],
        params: issueParams,
        body: z.object({ relation_type: z.enum(RELATION_TYPES), issues: z.array(z.uuid()).min(1).max(100) }),
        response: { 201: z.array(relationRowSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await relations.create(
            accessOf(request),
            projectOf(request),
            userOf(request),
            request.params.issue_id,
            request.body.relation_type,
            request.body.issues,
          ),
        ),
  );

  app.post(
    `${base}/remove-relation/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: ['relations'], params: issueParams, body: z.object({ related_issue: z.uuid() }) },
    },
    async (request, reply) => {
      await relations.remove(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.body.related_issue,
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    `${base}/issue-relation/:related_issue_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: ['relations'], params: relatedParams } },
    async (request, reply) => {
      await relations.remove(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.related_issue_id,
      );
      return reply.code(204).send();
    },
  );
}
