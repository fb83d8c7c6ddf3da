import multipart from '@fastify/multipart';
import { attachmentSchema } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import { redirectToStoredFile } from '../../platform/http/stored-file.ts';
import type { App } from '../../platform/http/types.ts';
import { uploadedFile } from '../../platform/http/uploaded-file.ts';
import type { Services } from '../../services.ts';
import { projectConfig } from '../projects/projects.routes.ts';
import { issueParams } from './issues.routes.ts';

const TAGS = ['attachments'];
const attachmentParams = issueParams.extend({ attachment_id: z.uuid() });

export function attachmentsRoutes(app: App, { attachments, config }: Services) {
  const base = '/api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments';
  // Anyone who can see a work item may attach files to it (api.md §0.5).
  const anyRole = projectConfig(ROLE.GUEST);

  app.get(
    `${base}/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: issueParams, response: { 200: z.array(attachmentSchema) } },
    },
    (request) =>
      attachments.list(
        accessOf(request).workspace.slug,
        projectOf(request),
        userOf(request),
        request.params.issue_id,
      ),
  );

  app.get(
    `${base}/:attachment_id/`,
    {
      config: anyRole,
      schema: { tags: TAGS, params: attachmentParams, response: { 200: attachmentSchema } },
    },
    (request) =>
      attachments.get(
        accessOf(request).workspace.slug,
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.attachment_id,
      ),
  );

  app.get(
    `${base}/:attachment_id/download/`,
    { config: anyRole, schema: { tags: TAGS, params: attachmentParams } },
    async (request, reply) => {
      const file = await attachments.download(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.attachment_id,
      );
      if (file.redirect) return redirectToStoredFile(reply, file.redirect);
      return reply
        .type(file.type)
        .header('Content-Disposition', file.disposition)
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, max-age=0')
        .send(file.bytes);
    },
  );

  app.delete(
    `${base}/:attachment_id/`,
    { config: anyRole, schema: { tags: TAGS, params: attachmentParams } },
    async (request, reply) => {
      await attachments.remove(
        projectOf(request),
        userOf(request),
        request.params.issue_id,
        request.params.attachment_id,
      );
      return reply.code(204).send();
    },
  );

  // Multipart is parsed only here; every other /api/ route keeps refusing non-JSON bodies with 415.
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: config.fileSizeLimit, files: 1, fields: 10 } });
    scope.post(
      `${base}/`,
      { config: anyRole, schema: { tags: TAGS, params: issueParams, response: { 201: attachmentSchema } } },
      async (request, reply) => {
        const file = await uploadedFile(request, {
          fields: ['asset'],
          limit: config.fileSizeLimit,
          missing: 'A file is required',
        });
        const created = await attachments.upload(
          accessOf(request).workspace.slug,
          projectOf(request),
          userOf(request),
          request.params.issue_id,
          file,
        );
        return reply.code(201).send(created);
      },
    );
  });
}
