import {
  type CreateIssueBody,
  paginated,
  v1CreateWorkItemBodySchema,
  v1SearchAnswerSchema,
  v1SearchQuerySchema,
  v1UpdateWorkItemBodySchema,
  v1WorkItemAnswerSchema,
  v1WorkItemQuerySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import {
  V1,
  V1_PROJECT,
  v1IssueParams,
  v1Project,
  v1ProjectParams,
  v1SlugParams,
  v1Workspace,
} from './v1.ts';
import type { V1WorkItems } from './v1-work-items.ts';
import { internalListQuery, internalWorkItemBody } from './v1-work-items.ts';

const TAGS = ['public api: work items'];
const shapeQuery = v1WorkItemQuerySchema.pick({ expand: true, fields: true });

/**
 * Work items (api.md §15.2) under Plane's two path families, `work-items` and `issues`: the
 * issues service does the work, with the roles and visibility of the internal routes.
 */
export function workItemsV1Routes(
  app: App,
  { issues, issueDetails, projects, search, archive }: Services,
  items: V1WorkItems,
) {
  for (const family of ['work-items', 'issues']) {
    const base = `${V1_PROJECT}/${family}`;

    app.get(
      `${base}/`,
      {
        config: v1Project(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: v1ProjectParams,
          querystring: v1WorkItemQuerySchema,
          response: { 200: z.union([paginated(v1WorkItemAnswerSchema), v1WorkItemAnswerSchema]) },
        },
      },
      async (request) => {
        const { query } = request;
        const project = projectOf(request);
        const user = userOf(request);
        // An import's exact lookup answers the one object it names (Plane's v1), or 404.
        if (query.external_id !== undefined && query.external_source !== undefined) {
          const detail = await issueDetails.getByExternalId(
            project,
            user,
            query.external_source,
            query.external_id,
          );
          return items.one(accessOf(request), project, user, detail, query);
        }
        const answer = await issues.list(project, user, internalListQuery(query));
        return items.page(accessOf(request), project, user, answer, query);
      },
    );

    app.post(
      `${base}/`,
      {
        config: v1Project(ROLE.MEMBER),
        schema: {
          tags: TAGS,
          params: v1ProjectParams,
          body: v1CreateWorkItemBodySchema,
          response: { 201: v1WorkItemAnswerSchema },
        },
      },
      async (request, reply) => {
        const project = projectOf(request);
        const user = userOf(request);
        const body = internalWorkItemBody(request.body) as CreateIssueBody;
        const detail = await issues.create(project, user, body);
        return reply.code(201).send(await items.one(accessOf(request), project, user, detail));
      },
    );

    app.get(
      `${base}/:issue_id/`,
      {
        config: v1Project(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: v1IssueParams,
          querystring: shapeQuery,
          response: { 200: v1WorkItemAnswerSchema },
        },
      },
      async (request) => {
        const project = projectOf(request);
        const user = userOf(request);
        const detail = await issues.get(project, user, request.params.issue_id);
        return items.one(accessOf(request), project, user, detail, request.query);
      },
    );

    // PUT takes what creation takes (the name); both change only the keys sent.
    for (const method of ['PATCH', 'PUT'] as const) {
      app.route({
        method,
        url: `${base}/:issue_id/`,
        config: v1Project(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: v1IssueParams,
          body: method === 'PUT' ? v1CreateWorkItemBodySchema : v1UpdateWorkItemBodySchema,
          response: { 200: v1WorkItemAnswerSchema },
        },
        handler: async (request) => {
          const project = projectOf(request);
          const user = userOf(request);
          const body = internalWorkItemBody(request.body);
          const detail = await issues.update(project, user, request.params.issue_id, body);
          return items.one(accessOf(request), project, user, detail);
        },
      });
    }

    app.delete(
      `${base}/:issue_id/`,
      { config: v1Project(ROLE.GUEST), schema: { tags: TAGS, params: v1IssueParams } },
      async (request, reply) => {
        await issues.remove(projectOf(request), userOf(request), request.params.issue_id);
        return reply.code(204).send();
      },
    );

    // Archiving (only a completed or cancelled item, as in the app) and restoring: 204 each.
    app.post(
      `${base}/:issue_id/archive/`,
      { config: v1Project(ROLE.MEMBER), schema: { tags: TAGS, params: v1IssueParams } },
      async (request, reply) => {
        await archive.archive(projectOf(request), userOf(request), request.params.issue_id);
        return reply.code(204).send();
      },
    );

    app.delete(
      `${base}/:issue_id/unarchive/`,
      { config: v1Project(ROLE.MEMBER), schema: { tags: TAGS, params: v1IssueParams } },
      async (request, reply) => {
        await archive.restore(projectOf(request), userOf(request), request.params.issue_id);
        return reply.code(204).send();
      },
    );

    // Work items by name or key among those the caller sees (the search service's issue hits).
    app.get(
      `${V1}/${family}/search/`,
      {
        config: v1Workspace(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: v1SlugParams,
          querystring: v1SearchQuerySchema,
          response: { 200: v1SearchAnswerSchema },
        },
      },
      async (request) => {
        const { query } = request;
        const hits = await search.searchIssues(accessOf(request), userOf(request), {
          search: query.search,
          limit: query.limit,
          project_id: query.project ?? query.project_id,
        });
        return { issues: hits };
      },
    );

    // A work item by its key (`WEB-12`) anywhere in the workspace.
    app.get(
      `${V1}/${family}/:key/`,
      {
        config: v1Workspace(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: v1SlugParams.extend({ key: z.string().max(40) }),
          querystring: shapeQuery,
          response: { 200: v1WorkItemAnswerSchema },
        },
      },
      async (request) => {
        const match = /^([A-Za-z0-9]{1,12})-(\d{1,9})$/.exec(request.params.key);
        if (!match) throw new AppError('not_found', 'Issue not found');
        const access = accessOf(request);
        const user = userOf(request);
        const project = await projects.accessByIdentifier(access, match[1]!);
        const detail = await issues.getBySequence(project, user, Number(match[2]));
        // getBySequence refuses a project the caller does not belong to, so it is known here.
        return items.one(access, project!, user, detail, request.query);
      },
    );
  }

  // The project's archived work items, as the list above pages and shapes them.
  app.get(
    `${V1_PROJECT}/archived-work-items/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        querystring: v1WorkItemQuerySchema,
        response: { 200: paginated(v1WorkItemAnswerSchema) },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const user = userOf(request);
      const answer = await archive.list(project, user, internalListQuery(request.query));
      return items.page(accessOf(request), project, user, answer, request.query);
    },
  );
}
