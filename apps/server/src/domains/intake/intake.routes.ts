import {
  createIntakeIssueBodySchema,
  intakeIssueDetailQuerySchema,
  intakeIssueSchema,
  intakeSchema,
  listIntakeIssuesQuerySchema,
  paginated,
  updateIntakeIssueBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';

const TAGS = ['intake'];
/** `{intake_issue_id}` is the work item's id (Plane); the item's own id is accepted too. */
const itemParams = projectParams.extend({ intake_issue_id: z.uuid() });

/**
 * The intake (api.md §10) under both path families, the spec's `inbox-issues` and Plane's
 * `intake-issues`. Every route lets any project member through; the service applies the feature
 * switch, the guest rule and who may triage, edit or delete.
 */
export function intakeRoutes(app: App, { intake }: Services) {
  for (const family of ['inbox-issues', 'intake-issues']) {
    const base = `/api/workspaces/:slug/projects/:project_id/${family}`;

    app.get(
      `${base}/`,
      {
        config: projectConfig(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: projectParams,
          querystring: listIntakeIssuesQuerySchema,
          response: { 200: paginated(intakeIssueSchema) },
        },
      },
      (request) => intake.list(projectOf(request), userOf(request), request.query),
    );

    app.post(
      `${base}/`,
      {
        config: projectConfig(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: projectParams,
          body: createIntakeIssueBodySchema,
          response: { 201: intakeIssueSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await intake.create(projectOf(request), userOf(request), request.body)),
    );

    app.get(
      `${base}/:intake_issue_id/`,
      {
        config: projectConfig(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: itemParams,
          querystring: intakeIssueDetailQuerySchema,
          response: { 200: intakeIssueSchema },
        },
      },
      (request) => intake.get(projectOf(request), userOf(request), request.params.intake_issue_id),
    );

    app.patch(
      `${base}/:intake_issue_id/`,
      {
        config: projectConfig(ROLE.GUEST),
        schema: {
          tags: TAGS,
          params: itemParams,
          body: updateIntakeIssueBodySchema,
          response: { 200: intakeIssueSchema },
        },
      },
      (request) =>
        intake.update(projectOf(request), userOf(request), request.params.intake_issue_id, request.body),
    );

    app.delete(
      `${base}/:intake_issue_id/`,
      { config: projectConfig(ROLE.GUEST), schema: { tags: TAGS, params: itemParams } },
      async (request, reply) => {
        await intake.remove(projectOf(request), userOf(request), request.params.intake_issue_id);
        return reply.code(204).send();
      },
    );
  }

  for (const family of ['intakes', 'inboxes']) {
    app.get(
      `/api/workspaces/:slug/projects/:project_id/${family}/`,
      {
        config: projectConfig(ROLE.GUEST),
        schema: { tags: TAGS, params: projectParams, response: { 200: z.array(intakeSchema) } },
      },
      (request) => intake.intakes(projectOf(request), userOf(request)),
    );
  }
}
