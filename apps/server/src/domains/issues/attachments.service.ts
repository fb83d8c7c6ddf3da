import type { IssueAttachment } from '@kite/shared/contracts';
import { attachmentRights } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { AttachmentRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { type FileStorage, openStoredFile } from '../../platform/storage/file-storage.ts';
import {
  adjustAttachmentCount,
  findAttachment,
  findAttachmentAnyState,
  insertAttachment,
  listAttachments,
  softDeleteAttachment,
} from './attachments.repo.ts';
import type { IssuesService } from './issues.service.ts';

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;

/** Raster images may be shown inline; everything else (SVG, HTML, scripts…) downloads. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function present(row: AttachmentRow, slug: string) {
  return {
    id: row.id,
    issue_id: row.issue_id,
    project_id: row.project_id,
    attributes: { name: row.name, type: row.type, size: row.size },
    asset_url: `/api/workspaces/${slug}/projects/${row.project_id}/issues/${row.issue_id}/issue-attachments/${row.id}/download/`,
    is_uploaded: true,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

export function createAttachmentsService(db: Db, deps: { issues: IssuesService; storage: FileStorage }) {
  const notFound = () => new AppError('not_found', 'Attachment not found');

  return {
    async list(slug: string, project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      return this.listOfVisibleIssue(slug, issueId);
    },

    /** The files of a work item whose visibility the caller has already checked (detail expansions). */
    async listOfVisibleIssue(slug: string, issueId: string): Promise<IssueAttachment[]> {
      return (await listAttachments(db, issueId)).map((row) => present(row, slug));
    },

    async get(slug: string, project: ProjectAccess, user: UserRow, issueId: string, attachmentId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      const row = await findAttachment(db, issueId, attachmentId);
      if (!row) throw notFound();
      return present(row, slug);
    },

    /** Whether the caller may attach a file to the work item (it is visible to them), before an upload. */
    async assertCanAttach(project: ProjectAccess, user: UserRow, issueId: string): Promise<void> {
      await deps.issues.assertVisible(project, user, issueId);
    },

    /**
     * Stores the bytes under a random key; the declared content type is ignored. `id`: the
     * attachment's id when it was promised before the bytes came (a presigned upload); a second
     * upload under it is refused.
     */
    async upload(
      slug: string,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      file: { filename: string; bytes: Buffer },
      id?: string,
    ) {
      const issue = await deps.issues.assertVisible(project, user, issueId);
      if (id && (await findAttachmentAnyState(db, id))) {
        throw new AppError('conflict', 'This upload was already received');
      }
      const type = (await fileTypeFromBuffer(file.bytes))?.mime ?? 'application/octet-stream';
      const key = await deps.storage.put(file.bytes);
      let row: AttachmentRow;
      try {
        row = await db.transaction(async (tx) => {
          const inserted = await insertAttachment(tx, {
            ...(id ? { id } : {}),
            workspace_id: issue.workspace_id,
            project_id: issue.project_id,
            issue_id: issue.id,
            storage_key: key,
            name: file.filename.slice(0, 255) || 'file',
            type,
            size: file.bytes.length,
            created_by: user.id,
            updated_by: user.id,
          });
          await adjustAttachmentCount(tx, issue.id, 1);
          return inserted;
        });
      } catch (error) {
        await deps.storage.remove(key);
        // Two uploads racing under one promised id: the second is refused as the check above would.
        if (id && isUniqueViolation(error))
          throw new AppError('conflict', 'This upload was already received');
        throw error;
      }
      return present(row, slug);
    },

    async download(project: ProjectAccess, user: UserRow, issueId: string, attachmentId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      const row = await findAttachment(db, issueId, attachmentId);
      if (!row) throw notFound();
      const disposition = `${INLINE_TYPES.has(row.type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`;
      const file = await openStoredFile(deps.storage, row.storage_key, {
        contentType: row.type,
        disposition,
        cacheControl: 'private, max-age=0',
      });
      return { ...file, type: row.type, disposition };
    },

    async remove(project: ProjectAccess, user: UserRow, issueId: string, attachmentId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      const row = await findAttachment(db, issueId, attachmentId);
      if (!row) throw notFound();
      if (!attachmentRights(row, { userId: user.id, role: project.role ?? 0 }).canDelete) {
        throw new AppError('forbidden', 'Only the uploader or a project admin can delete an attachment');
      }
      await db.transaction(async (tx) => {
        await softDeleteAttachment(tx, attachmentId);
        await adjustAttachmentCount(tx, issueId, -1);
      });
      await deps.storage.remove(row.storage_key);
    },
  };
}
