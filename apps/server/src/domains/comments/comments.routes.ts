import { commentSchema, reactionSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { issueParams } from '../issues/issues.routes.ts';
import { projectConfig, projectParams } from '../projects/projects.routes.ts';

const TAGS = ['comments'];
const reactionValue = z.string().trim().min(1).max(32);
const access = z.enum(['INTERNAL', 'EXTERNAL']);
const commentParams = issueParams.extend({ comment_id: z.uuid() });
const projectCommentParams = projectParams.extend({ comment_id: z.uuid() });

export function commentsRoutes(app: App, { comments }: Services) {
  const issueBase = '/api/workspaces/:slug/projects/:project_id/issues/:issue_id';
  const projectBase = '/api/workspaces/:slug/projects/:project_id';
  // Guests and viewers may comment and react on the work items they can see.
  const anyRole = projectConfig(ROLE.GUEST);

  app.get(
    `${issueBase}/comments/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: issueParams,
        querystring: z.object({ created_at__gt: z.string().optional() }),
        response: { 200: z.array(commentSchema) },
      },
    },
    (request) =>
      comments.list(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.query.created_at__gt,
      ),
  );

  app.post(
    `${issueBase}/comments/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: issueParams,
        body: z.object({
          comment_html: z.string().min(1, 'Comment is required').max(500_000),
          access: access.optional(),
          parent: z.uuid().nullable().optional(),
        }),
        response: { 201: commentSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await comments.create(projectOf(request), userOf(request), request.params.issue_id, request.body),
        ),
  );

  app.get(
    `${issueBase}/comments/:comment_id/`,
    { config: anyRole, schema: { tags: TAGS, params: commentParams, response: { 200: commentSchema } } },
    (request) =>
      comments.get(projectOf(request), userOf(request), request.params.issue_id, request.params.comment_id),
  );

  app.patch(
    `${issueBase}/comments/:comment_id/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: commentParams,
        body: z.object({
          comment_html: z.string().min(1).max(500_000).optional(),
          access: access.optional(),
        }),
        response: { 200: commentSchema },
      },
    },
    (request) =>
      comments.update(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.comment_id,
        request.body,
      ),
  );

  app.delete(
    `${issueBase}/comments/:comment_id/`,
    { config: anyRole, schema: { tags: TAGS, params: commentParams } },
    async (request, reply) => {
      await comments.remove(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.comment_id,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    `${issueBase}/history/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: issueParams,
        querystring: z.object({
          activity_type: z.enum(['issue-property', 'issue-comment']).optional(),
          created_at__gt: z.string().optional(),
        }),
      },
    },
    (request) =>
      comments.history(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.query.activity_type,
        request.query.created_at__gt,
      ),
  );

  app.get(
    `${issueBase}/reactions/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: issueParams, response: { 200: z.array(reactionSchema) } },
    },
    (request) => comments.issueReactions(projectOf(request), userOf(request), request.params.issue_id),
  );

  app.post(
    `${issueBase}/reactions/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: issueParams,
        body: z.object({ reaction: reactionValue }),
        response: { 201: reactionSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await comments.reactToIssue(
            projectOf(request),
            userOf(request),
            request.params.issue_id,
            request.body.reaction,
          ),
        ),
  );

  app.delete(
    `${issueBase}/reactions/:reaction/`,
    { config: anyRole, schema: { tags: TAGS, params: issueParams.extend({ reaction: reactionValue }) } },
    async (request, reply) => {
      await comments.unreactToIssue(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.reaction,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    `${projectBase}/comments/:comment_id/reactions/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: projectCommentParams, response: { 200: z.array(reactionSchema) } },
    },
    (request) => comments.commentReactions(projectOf(request), userOf(request), request.params.comment_id),
  );

  app.post(
    `${projectBase}/comments/:comment_id/reactions/`,
    {
      config: anyRole,
      schema: {
        tags: TAGS,
        params: projectCommentParams,
        body: z.object({ reaction: reactionValue }),
        response: { 201: reactionSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await comments.reactToComment(
            projectOf(request),
            userOf(request),
            request.params.comment_id,
            request.body.reaction,
          ),
        ),
  );

  app.delete(
    `${projectBase}/comments/:comment_id/reactions/:reaction/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: projectCommentParams.extend({ reaction: reactionValue }) },
    },
    async (request, reply) => {
      await comments.unreactToComment(
        projectOf(request),
        userOf(request),
        request.params.comment_id,
        request.params.reaction,
      );
      return reply.code(204).send();
    },
  );
}
