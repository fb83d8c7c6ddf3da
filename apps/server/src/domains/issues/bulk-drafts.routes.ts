import {
  createIssueBodySchema,
  issueDetailExpandedSchema,
  issueDetailQuerySchema,
  issueDetailSchema,
  issueRowSchema,
  listIssuesQuerySchema,
  updateIssueBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';
import { slugParams } from '../workspaces/workspaces.routes.ts';
import { issueParams } from './issues.routes.ts';

const issueIds = z.array(z.uuid()).min(1).max(1000);
const bulkProperties = updateIssueBodySchema.pick({
  state_id: true,
  priority: true,
  label_ids: true,
  assignee_ids: true,
  start_date: true,
  target_date: true,
  estimate_point: true,
  cycle_id: true,
  module_ids: true,
});

export function bulkDraftsRoutes(
  app: App,
  { issues, issueExpansions, archive, projects, issueSearch }: Services,
) {
  const base = '/api/workspaces/:slug/projects/:project_id';

  app.post(
    `${base}/bulk-operation-issues/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: ['bulk'],
        params: projectParams,
        body: z.object({ issue_ids: issueIds, properties: bulkProperties }),
        response: { 200: z.array(issueRowSchema) },
      },
    },
    (request) =>
      issues.updateMany(projectOf(request), userOf(request), request.body.issue_ids, request.body.properties),
  );

  app.delete(
    `${base}/bulk-delete-issues/`,
    {
      config: projectConfig(ROLE.ADMIN),
      schema: { tags: ['bulk'], params: projectParams, body: z.object({ issue_ids: issueIds }) },
    },
    async (request, reply) => {
      await issues.removeMany(projectOf(request), userOf(request), request.body.issue_ids);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/bulk-archive-issues/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: ['bulk'],
        params: projectParams,
        body: z.object({ issue_ids: issueIds }),
        response: { 200: z.object({ archived_at: z.string() }) },
      },
    },
    (request) => archive.archiveMany(projectOf(request), userOf(request), request.body.issue_ids),
  );

  app.post(
    `${base}/issue-dates/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: ['bulk'],
        params: projectParams,
        body: z.object({
          updates: z
            .array(
              updateIssueBodySchema.pick({ start_date: true, target_date: true }).extend({ id: z.uuid() }),
            )
            .min(1)
            .max(1000),
        }),
        response: { 200: z.array(issueRowSchema) },
      },
    },
    (request) => issues.updateDates(projectOf(request), userOf(request), request.body.updates),
  );

  app.get(
    `${base}/issue-drafts/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: ['drafts'], params: projectParams, querystring: listIssuesQuerySchema },
    },
    (request) => issues.list(projectOf(request), userOf(request), request.query, 'drafts'),
  );

  app.post(
    `${base}/issue-drafts/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: ['drafts'],
        params: projectParams,
        body: createIssueBodySchema,
        response: { 201: issueDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await issues.create(projectOf(request), userOf(request), { ...request.body, is_draft: true })),
  );

  app.get(
    `${base}/issue-drafts/:issue_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: { tags: ['drafts'], params: issueParams, response: { 200: issueDetailSchema } },
    },
    (request) => issues.get(projectOf(request), userOf(request), request.params.issue_id, true),
  );

  app.patch(
    `${base}/issue-drafts/:issue_id/`,
    {
      config: projectConfig(ROLE.MEMBER),
      schema: {
        tags: ['drafts'],
        params: issueParams,
        body: updateIssueBodySchema,
        response: { 200: issueDetailSchema },
      },
    },
    (request) =>
      issues.update(projectOf(request), userOf(request), request.params.issue_id, request.body, true),
  );

  app.delete(
    `${base}/issue-drafts/:issue_id/`,
    { config: projectConfig(ROLE.MEMBER), schema: { tags: ['drafts'], params: issueParams } },
    async (request, reply) => {
      await issues.remove(projectOf(request), userOf(request), request.params.issue_id, true);
      return reply.code(204).send();
    },
  );

  const bool = z.enum(['true', 'false']).optional();
  app.get(
    `${base}/search-issues/`,
    {
      config: projectConfig(ROLE.GUEST),
      schema: {
        tags: ['issues'],
        params: projectParams,
        querystring: z.object({
          search: z.string().max(255).optional(),
          workspace_search: bool,
          issue_id: z.string().optional(),
          parent: bool,
          sub_issue: bool,
          issue_relation: bool,
          target_date: z.string().optional(),
        }),
      },
    },
    (request) => issueSearch.search(accessOf(request), projectOf(request), userOf(request), request.query),
  );

  app.get(
    '/api/workspaces/:slug/work-items/:key/',
    {
      config: { auth: 'required', workspaceRole: ROLE.GUEST },
      schema: {
        tags: ['issues'],
        params: slugParams.extend({ key: z.string().max(40) }),
        querystring: issueDetailQuerySchema,
        response: { 200: issueDetailExpandedSchema },
      },
    },
    async (request) => {
      const match = /^([A-Za-z0-9]{1,12})-(\d{1,9})$/.exec(request.params.key);
      if (!match) throw new AppError('not_found', 'Issue not found');
      const access = accessOf(request);
      const project = await projects.accessByIdentifier(access, match[1]!);
      return issueExpansions.getBySequence(
        access,
        project,
        userOf(request),
        Number(match[2]),
        request.query.expand,
      );
    },
  );
}
