import {
  paginated,
  v1ActivitySchema,
  v1AttachmentSchema,
  v1CommentSchema,
  v1CreateCommentBodySchema,
  v1CreateLinkBodySchema,
  v1LinkSchema,
  v1ListQuerySchema,
  v1UpdateCommentBodySchema,
  v1UpdateLinkBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { RELATION_TYPES } from '../issues/relations.service.ts';
import { presentV1Activity, presentV1Attachment, presentV1Comment, presentV1Link } from './v1.presenter.ts';
import { orderedBy, pageOf, V1_PROJECT, v1IssueParams, v1Project } from './v1.ts';

const commentParams = v1IssueParams.extend({ comment_id: z.uuid() });
const linkParams = v1IssueParams.extend({ link_id: z.uuid() });
const activityParams = v1IssueParams.extend({ activity_id: z.uuid() });
const attachmentParams = v1IssueParams.extend({ attachment_id: z.uuid() });

/**
 * What hangs off a work item (api.md §15.2): comments, links, activities and attachments. Every
 * route lets any project member through, as the internal ones do; the services apply the guest
 * rule and who may edit what.
 */
export function workItemPartsV1Routes(
  app: App,
  { comments, links, issues, attachments, relations }: Services,
) {
  const base = `${V1_PROJECT}/work-items/:issue_id`;
  const anyRole = v1Project(ROLE.GUEST);

  // ——— Comments ———
  const commentTags = ['public api: comments'];

  app.get(
    `${base}/comments/`,
    {
      config: anyRole,
      schema: {
        tags: commentTags,
        params: v1IssueParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1CommentSchema) },
      },
    },
    async (request) => {
      const all = await comments.list(projectOf(request), userOf(request), request.params.issue_id);
      return pageOf(orderedBy(all.map(presentV1Comment), request.query.order_by), request.query);
    },
  );

  app.post(
    `${base}/comments/`,
    {
      config: anyRole,
      schema: {
        tags: commentTags,
        params: v1IssueParams,
        body: v1CreateCommentBodySchema,
        response: { 201: v1CommentSchema },
      },
    },
    async (request, reply) => {
      const comment = await comments.create(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.body,
      );
      return reply.code(201).send(presentV1Comment(comment));
    },
  );

  app.get(
    `${base}/comments/:comment_id/`,
    {
      config: anyRole,
      schema: { tags: commentTags, params: commentParams, response: { 200: v1CommentSchema } },
    },
    async (request) => {
      const { issue_id, comment_id } = request.params;
      return presentV1Comment(await comments.get(projectOf(request), userOf(request), issue_id, comment_id));
    },
  );

  app.patch(
    `${base}/comments/:comment_id/`,
    {
      config: anyRole,
      schema: {
        tags: commentTags,
        params: commentParams,
        body: v1UpdateCommentBodySchema,
        response: { 200: v1CommentSchema },
      },
    },
    async (request) => {
      const { issue_id, comment_id } = request.params;
      const comment = await comments.update(
        projectOf(request),
        userOf(request),
        issue_id,
        comment_id,
        request.body,
      );
      return presentV1Comment(comment);
    },
  );

  app.delete(
    `${base}/comments/:comment_id/`,
    { config: anyRole, schema: { tags: commentTags, params: commentParams } },
    async (request, reply) => {
      const { issue_id, comment_id } = request.params;
      await comments.remove(projectOf(request), userOf(request), issue_id, comment_id);
      return reply.code(204).send();
    },
  );

  // ——— Links ———
  const linkTags = ['public api: links'];

  app.get(
    `${base}/links/`,
    {
      config: anyRole,
      schema: {
        tags: linkTags,
        params: v1IssueParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1LinkSchema) },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const all = await links.list(project, userOf(request), request.params.issue_id);
      const items = all.map((link) => presentV1Link(link, project));
      return pageOf(orderedBy(items, request.query.order_by), request.query);
    },
  );

  app.post(
    `${base}/links/`,
    {
      config: anyRole,
      schema: {
        tags: linkTags,
        params: v1IssueParams,
        body: v1CreateLinkBodySchema,
        response: { 201: v1LinkSchema },
      },
    },
    async (request, reply) => {
      const project = projectOf(request);
      const link = await links.create(project, userOf(request), request.params.issue_id, request.body);
      return reply.code(201).send(presentV1Link(link, project));
    },
  );

  // The internal API reads links as a list only: one link is found in its work item's list.
  app.get(
    `${base}/links/:link_id/`,
    { config: anyRole, schema: { tags: linkTags, params: linkParams, response: { 200: v1LinkSchema } } },
    async (request) => {
      const project = projectOf(request);
      const all = await links.list(project, userOf(request), request.params.issue_id);
      const link = all.find((candidate) => candidate.id === request.params.link_id);
      if (!link) throw new AppError('not_found', 'Link not found');
      return presentV1Link(link, project);
    },
  );

  app.patch(
    `${base}/links/:link_id/`,
    {
      config: anyRole,
      schema: {
        tags: linkTags,
        params: linkParams,
        body: v1UpdateLinkBodySchema,
        response: { 200: v1LinkSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { issue_id, link_id } = request.params;
      const link = await links.update(project, userOf(request), issue_id, link_id, request.body);
      return presentV1Link(link, project);
    },
  );

  app.delete(
    `${base}/links/:link_id/`,
    { config: anyRole, schema: { tags: linkTags, params: linkParams } },
    async (request, reply) => {
      const { issue_id, link_id } = request.params;
      await links.remove(projectOf(request), userOf(request), issue_id, link_id);
      return reply.code(204).send();
    },
  );

  // ——— Activities (property changes, oldest first unless ordered otherwise) ———
  const activityTags = ['public api: activities'];

  app.get(
    `${base}/activities/`,
    {
      config: anyRole,
      schema: {
        tags: activityTags,
        params: v1IssueParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1ActivitySchema) },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const all = await issues.activity(project, userOf(request), request.params.issue_id);
      const items = all.map((activity) => presentV1Activity(activity, project));
      const ordered = request.query.order_by ? orderedBy(items, request.query.order_by) : items;
      return pageOf(ordered, request.query);
    },
  );

  app.get(
    `${base}/activities/:activity_id/`,
    {
      config: anyRole,
      schema: { tags: activityTags, params: activityParams, response: { 200: v1ActivitySchema } },
    },
    async (request) => {
      const project = projectOf(request);
      const all = await issues.activity(project, userOf(request), request.params.issue_id);
      const activity = all.find((candidate) => candidate.id === request.params.activity_id);
      if (!activity) throw new AppError('not_found', 'Activity not found');
      return presentV1Activity(activity, project);
    },
  );

  // ——— Attachments (read and delete; uploads go through the internal multipart route) ———
  const attachmentTags = ['public api: attachments'];

  app.get(
    `${base}/attachments/`,
    {
      config: anyRole,
      schema: { tags: attachmentTags, params: v1IssueParams, response: { 200: z.array(v1AttachmentSchema) } },
    },
    async (request) => {
      const project = projectOf(request);
      const { slug, issue_id } = request.params;
      const all = await attachments.list(slug, project, userOf(request), issue_id);
      return all.map((attachment) => presentV1Attachment(attachment, project));
    },
  );

  app.get(
    `${base}/attachments/:attachment_id/`,
    {
      config: anyRole,
      schema: { tags: attachmentTags, params: attachmentParams, response: { 200: v1AttachmentSchema } },
    },
    async (request) => {
      const project = projectOf(request);
      const { slug, issue_id, attachment_id } = request.params;
      const attachment = await attachments.get(slug, project, userOf(request), issue_id, attachment_id);
      return presentV1Attachment(attachment, project);
    },
  );

  app.delete(
    `${base}/attachments/:attachment_id/`,
    { config: anyRole, schema: { tags: attachmentTags, params: attachmentParams } },
    async (request, reply) => {
      const { issue_id, attachment_id } = request.params;
      await attachments.remove(projectOf(request), userOf(request), issue_id, attachment_id);
      return reply.code(204).send();
    },
  );

  // ——— Relations (ids by type, as Plane's v1 answers them) ———
  const relationTags = ['public api: relations'];
  const relationIds = z.object(Object.fromEntries(RELATION_TYPES.map((type) => [type, z.array(z.string())])));

  app.get(
    `${base}/relations/`,
    {
      config: anyRole,
      schema: { tags: relationTags, params: v1IssueParams, response: { 200: relationIds } },
    },
    async (request) => {
      const grouped = await relations.list(projectOf(request), userOf(request), request.params.issue_id);
      return Object.fromEntries(
        RELATION_TYPES.map((type) => [type, (grouped[type] ?? []).map((row) => row.id)]),
      );
    },
  );

  app.post(
    `${base}/relations/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: relationTags,
        params: v1IssueParams,
        body: z.object({ relation_type: z.enum(RELATION_TYPES), issues: z.array(z.uuid()).min(1).max(100) }),
        response: { 201: z.array(z.object({ id: z.string(), relation_type: z.string() })) },
      },
    },
    async (request, reply) => {
      const rows = await relations.create(
        accessOf(request),
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.body.relation_type,
        request.body.issues,
      );
      return reply.code(201).send(rows.map((row) => ({ id: row.id, relation_type: row.relation_type })));
    },
  );

  app.post(
    `${base}/relations/remove/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: { tags: relationTags, params: v1IssueParams, body: z.object({ related_issue: z.uuid() }) },
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
}
