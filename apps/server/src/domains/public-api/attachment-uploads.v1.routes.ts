import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  v1AttachmentSchema,
  v1AttachmentUploadAnswerSchema,
  v1AttachmentUploadBodySchema,
  v1UpdateAttachmentBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { z } from 'zod';
import { accessOf, apiKeyOf, baseUrlOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import { uploadedFile } from '../../platform/http/uploaded-file.ts';
import type { Services } from '../../services.ts';
import { parentsOf, presentV1Attachment } from './v1.presenter.ts';
import { V1_PROJECT, v1IssueParams, v1Project } from './v1.ts';

const TAGS = ['public api: attachments'];
const attachmentParams = v1IssueParams.extend({ attachment_id: z.uuid() });
/** Where the file of a presigned upload goes (outside `/api/v1/`: the form carries no API key). */
export const ATTACHMENT_UPLOAD_PATH = '/api/attachment-uploads/';
/** How long a presigned upload may be used, as Plane's presigned posts. */
const UPLOAD_TTL_MS = 60 * 60 * 1000;

/**
 * What a presigned upload promises, sealed (AES-GCM under the server key) into its form: the API
 * key's hash, where the file goes, the attachment's id, the declared name and size, the expiry.
 */
const grantSchema = z.object({
  h: z.string(),
  s: z.string(),
  p: z.uuid(),
  i: z.uuid(),
  a: z.uuid(),
  n: z.string(),
  z: z.number(),
  e: z.number(),
});
type Grant = z.infer<typeof grantSchema>;

const invalidGrant = () => new AppError('forbidden', 'Invalid or expired upload');

/**
 * Plane's presigned attachment upload (api.md §15): `POST …/attachments/` with the file's name,
 * type and size answers a form to send the file with; the form's POST stores it as the work item's
 * attachment under the id promised; `PATCH …/attachments/{id}/` confirms it. The form is checked
 * when it is used against the API key that asked for it and that key's user's current access, so
 * revoking the key or leaving the project ends it too.
 */
export function attachmentUploadsV1Routes(app: App, { attachments, apiTokens, secrets, config }: Services) {
  const base = `${V1_PROJECT}/work-items/:issue_id/attachments`;

  app.post(
    `${base}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1IssueParams,
        body: v1AttachmentUploadBodySchema,
        response: { 201: v1AttachmentUploadAnswerSchema },
      },
    },
    async (request, reply) => {
      const project = projectOf(request);
      const { issue_id } = request.params;
      const { name, size } = request.body;
      await attachments.assertCanAttach(project, userOf(request), issue_id);
      if (size > config.fileSizeLimit) {
        throw new AppError('payload_too_large', `Files cannot exceed ${config.fileSizeLimit} bytes`);
      }
      const grant: Grant = {
        h: apiTokens.hashOf(apiKeyOf(request) ?? ''),
        s: accessOf(request).workspace.slug,
        p: project.project.id,
        i: issue_id,
        a: randomUUID(),
        n: name,
        z: size,
        e: Date.now() + UPLOAD_TTL_MS,
      };
      const type = request.body.type || 'application/octet-stream';
      const assetUrl = `/api/workspaces/${grant.s}/projects/${grant.p}/issues/${issue_id}/issue-attachments/${grant.a}/download/`;
      return reply.code(201).send({
        upload_data: {
          url: `${baseUrlOf(request, config)}${ATTACHMENT_UPLOAD_PATH}`,
          fields: { key: grant.a, 'Content-Type': type, token: secrets().seal(JSON.stringify(grant)) },
        },
        asset_id: grant.a,
        asset_url: assetUrl,
        attachment: {
          id: grant.a,
          attributes: { name, type, size },
          is_uploaded: false,
          issue: issue_id,
          ...parentsOf(project),
        },
      });
    },
  );

  // Confirms an upload (Plane's `is_uploaded: true`): the attachment exists once its file came.
  app.patch(
    `${base}/:attachment_id/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: attachmentParams,
        body: v1UpdateAttachmentBodySchema,
        response: { 200: v1AttachmentSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { slug, issue_id, attachment_id } = request.params;
      const attachment = await attachments.get(slug, project, userOf(request), issue_id, attachment_id);
      return presentV1Attachment(attachment, project);
    },
  );

  // The form's POST: its fields first (`token`), then the file (`file`), as to an S3 presigned post.
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: config.fileSizeLimit, files: 1, fields: 10 } });
    scope.post(
      ATTACHMENT_UPLOAD_PATH,
      { schema: { tags: TAGS, summary: 'The file of a presigned upload (204 once stored)' } },
      async (request, reply) => {
        const file = await uploadedFile(request, {
          fields: ['file', 'asset'],
          limit: config.fileSizeLimit,
          missing: 'A file is required',
        });
        const grant = openGrant(file.fields.token);
        const resolved = await apiTokens.resolveHash(grant.h, { slug: grant.s, projectId: grant.p });
        const project = resolved?.project;
        if (!resolved?.workspace || !project?.membership) throw invalidGrant();
        if (project.project.archived_at) {
          throw new AppError('bad_request', 'Archived projects are read-only', 'PROJECT_ARCHIVED');
        }
        if (file.bytes.length > grant.z) {
          throw new AppError('bad_request', 'The file is larger than the size declared for it');
        }
        await attachments.upload(
          grant.s,
          project,
          resolved.user,
          grant.i,
          { filename: grant.n, bytes: file.bytes },
          grant.a,
        );
        return reply.code(204).send();
      },
    );
  });

  function openGrant(token: string | undefined): Grant {
    if (!token || token.length > 4096) throw invalidGrant();
    let grant: Grant;
    try {
      grant = grantSchema.parse(JSON.parse(secrets().open(token)));
    } catch {
      throw invalidGrant();
    }
    if (grant.e < Date.now()) throw invalidGrant();
    return grant;
  }
}
