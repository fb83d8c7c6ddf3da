import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { ExportRow, UserRow } from '../../platform/db/schema.ts';
import { envelope, type PageRequest } from '../../platform/http/pagination.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import { type FileStorage, openStoredFile } from '../../platform/storage/file-storage.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import { toCsv, toJson } from './export-format.ts';
import {
  claimQueuedExport,
  findOwnExport,
  finishExport,
  insertExport,
  issuesForExport,
  pageOwnExports,
} from './exports.repo.ts';

export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * How long a claimed export is left to its worker before another may take it: far beyond the
 * seconds the largest export takes, short enough that one cut off by a crash is not forgotten.
 */
const EXPORT_LEASE_SECONDS = 5 * 60;

const FORMATS = {
  csv: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  json: { type: 'application/json', ext: 'json' },
};

function present(row: ExportRow, slug: string) {
  return {
    id: row.id,
    provider: row.provider,
    project: row.project_ids,
    status: row.status,
    url: row.status === 'completed' ? `/api/workspaces/${slug}/export-issues/${row.id}/download/` : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
  };
}

export function createExportsService(
  db: Db,
  deps: { projectMembers: ProjectMembersService; storage: FileStorage },
) {
  return {
    /** Queues an export of projects the caller belongs to; the worker produces the file. */
    async request(access: WorkspaceAccess, user: UserRow, body: { provider: string; project: string[] }) {
      if (body.provider === 'xlsx') {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { provider: 'xlsx exports are not available yet; use csv or json' },
        });
      }
      const roles = await deps.projectMembers.rolesOf(access, user);
      const projectIds = [...new Set(body.project)];
      if (projectIds.some((id) => roles[id] === undefined))
        throw new AppError('not_found', 'Project not found');
      const row = await insertExport(db, {
        workspace_id: access.workspace.id,
        provider: body.provider,
        project_ids: projectIds,
        created_by: user.id,
        updated_by: user.id,
      });
      return present(row, access.workspace.slug);
    },

    async list(access: WorkspaceAccess, user: UserRow, page: PageRequest) {
      const [rows, total] = await pageOwnExports(
        db,
        access.workspace.id,
        user.id,
        page.perPage + 1,
        page.page * page.perPage,
      );
      return envelope(
        page,
        rows.map((r) => present(r, access.workspace.slug)),
        total[0]?.n ?? 0,
      );
    },

    async download(access: WorkspaceAccess, user: UserRow, exportId: string) {
      const row = await findOwnExport(db, access.workspace.id, user.id, exportId);
      if (row?.status !== 'completed' || !row.storage_key)
        throw new AppError('not_found', 'Export not found');
      const format = FORMATS[row.provider as keyof typeof FORMATS];
      const filename = `${access.workspace.slug}-issues-${row.created_at.toISOString().slice(0, 10)}.${format.ext}`;
      const disposition = `attachment; filename="${filename}"`;
      const file = await openStoredFile(deps.storage, row.storage_key, {
        contentType: format.type,
        disposition,
      });
      return { ...file, type: format.type, disposition };
    },

    /** Produces one queued (or abandoned) export; returns false when there is none. */
    async processNext(): Promise<boolean> {
      const job = await claimQueuedExport(db, EXPORT_LEASE_SECONDS);
      if (!job) return false;
      try {
        const rows = await issuesForExport(db, job.workspace_id, job.created_by!, job.project_ids);
        const text = job.provider === 'json' ? toJson(rows) : toCsv(rows);
        const key = await deps.storage.put(Buffer.from(text, 'utf8'));
        await finishExport(db, job, { status: 'completed', storage_key: key });
      } catch (error) {
        await finishExport(db, job, { status: 'failed', error: String(error).slice(0, 500) });
      }
      return true;
    },
  };
}
