import type { Readable } from 'node:stream';
import {
  IMPORT_ERROR_CODES,
  type Import,
  type ImportDryRun,
  type ImportOptions,
  type UpdateImportBody,
} from '@kite/shared/contracts';
import { detectPreset, type ImportField, type ImportPresetId, suggestMapping } from '@kite/shared/csv-import';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { IssueImportRow, UserRow } from '../../platform/db/schema.ts';
import { envelope, type PageRequest } from '../../platform/http/pagination.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { summariseCsv } from './csv-file.ts';
import { presentImport, REFUSALS_SHOWN, shownRun } from './imports.presenter.ts';
import {
  type ClaimedImport,
  claimImport,
  clearRefusals,
  findImport,
  findImportContext,
  finishImport,
  firstRefusals,
  insertImport,
  pageImports,
  pageRefusals,
  queueImport,
  releaseImport,
  updateUploadedImport,
} from './imports.repo.ts';
import { ImportClaimLost, type ImportRunner, ImportStopped } from './run-import.ts';

export type ImportsService = ReturnType<typeof createImportsService>;

/**
 * How long a claimed import is left to its worker without news (each batch renews it): a worker
 * that died is followed by another after this.
 */
export const IMPORT_LEASE_SECONDS = 60;

const DEFAULT_OPTIONS: ImportOptions = {
  create_missing_states: false,
  create_missing_labels: false,
  create_missing_cycles: false,
  date_format: null,
};

const importNotFound = () => new AppError('not_found', 'Import not found');
const mappingInvalid = (message: string) =>
  new AppError('bad_request', message, IMPORT_ERROR_CODES.mappingInvalid);
const alreadyStarted = () =>
  new AppError('bad_request', 'This import has already started', IMPORT_ERROR_CODES.alreadyStarted);

/** An uploaded file as the route hands it over: its name and its bytes as they arrive. */
export interface UploadedStream {
  filename: string;
  stream: Readable;
  /** Whether the upload was cut at the size limit (read once the stream has ended). */
  truncated(): boolean;
}

export function createImportsService(
  db: Db,
  deps: {
    storage: FileStorage;
    runner: ImportRunner;
    fileSizeLimit: number;
    onError?: (error: unknown) => void;
  },
) {
  async function present(rows: IssueImportRow[]): Promise<Import[]> {
    const shown = await firstRefusals(
      db,
      rows.map((row) => ({ importId: row.id, run: shownRun(row) })),
      REFUSALS_SHOWN,
    );
    return rows.map((row) =>
      presentImport(
        row,
        shown.get(row.id) ?? [],
        row.status === 'uploaded'
          ? Number((row.dry_run as { refused?: number } | null)?.refused ?? 0)
          : row.refused_count,
      ),
    );
  }

  const presentOne = async (row: IssueImportRow) => (await present([row]))[0]!;

  async function load(project: ProjectAccess, importId: string): Promise<IssueImportRow> {
    const row = await findImport(db, project.project.workspace_id, project.project.id, importId);
    if (!row) throw importNotFound();
    return row;
  }

  function assertMapping(row: Pick<IssueImportRow, 'header' | 'mapping'>) {
    const mapping = row.mapping as (ImportField | null)[];
    if (mapping.length !== row.header.length)
      throw mappingInvalid(`The mapping names ${mapping.length} columns; the file has ${row.header.length}`);
    if (!mapping.includes('name')) throw mappingInvalid('Map a column to Name');
    if (mapping.filter((f) => f === 'external_id').length > 1)
      throw mappingInvalid('Map one column at most to External id');
  }

  return {
    /**
     * Stores an uploaded CSV file (streamed, never held whole), reads it through once and answers
     * the import with its header, first rows and the mapping suggested for the preset (the one
     * named, else the one the header looks like).
     */
    async upload(
      project: ProjectAccess,
      user: UserRow,
      file: UploadedStream,
      preset: ImportPresetId | undefined,
    ): Promise<Import> {
      let stored: { key: string; size: number };
      try {
        stored = await deps.storage.putStream(file.stream);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(deps.fileSizeLimit);
        throw error;
      }
      try {
        if (file.truncated()) throw tooLarge(deps.fileSizeLimit);
        const summary = await summariseCsv(deps.storage, stored.key);
        const detected = detectPreset(summary.header);
        const chosen = preset ?? detected;
        const row = await insertImport(db, {
          workspace_id: project.project.workspace_id,
          project_id: project.project.id,
          filename: file.filename.slice(0, 255) || 'import.csv',
          storage_key: stored.key,
          file_size: stored.size,
          delimiter: summary.delimiter,
          header: summary.header,
          preview: summary.preview,
          total_rows: summary.totalRows,
          preset: chosen,
          detected_preset: detected,
          mapping: suggestMapping(summary.header, chosen),
          options: { ...DEFAULT_OPTIONS },
          created_by: user.id,
          updated_by: user.id,
        });
        return presentOne(row);
      } catch (error) {
        await deps.storage.remove(stored.key).catch(() => {});
        throw error;
      }
    },

    async list(project: ProjectAccess, page: PageRequest) {
      const [rows, total] = await pageImports(
        db,
        project.project.workspace_id,
        project.project.id,
        page.perPage + 1,
        page.page * page.perPage,
      );
      return envelope(page, await present(rows), total[0]?.n ?? 0);
    },

    async get(project: ProjectAccess, importId: string): Promise<Import> {
      return presentOne(await load(project, importId));
    },

    /** The preset, mapping and options, before the import starts; a changed one forgets its dry run. */
    async update(
      project: ProjectAccess,
      user: UserRow,
      importId: string,
      body: UpdateImportBody,
    ): Promise<Import> {
      const row = await load(project, importId);
      if (row.status !== 'uploaded') {
        throw new AppError(
          'bad_request',
          'The mapping and options cannot change once the import has started',
          IMPORT_ERROR_CODES.notEditable,
        );
      }
      const preset = body.preset ?? (row.preset as ImportPresetId);
      const mapping =
        body.mapping ??
        (body.preset && body.preset !== row.preset ? suggestMapping(row.header, preset) : row.mapping);
      if (mapping.length !== row.header.length)
        throw mappingInvalid(
          `The mapping names ${mapping.length} columns; the file has ${row.header.length}`,
        );
      const updated = await updateUploadedImport(
        db,
        row.workspace_id,
        row.id,
        { preset, mapping, dry_run: null, updated_by: user.id },
        body.options,
      );
      if (!updated) throw alreadyStarted();
      await clearRefusals(db, row.id, 'dry_run');
      return presentOne(updated);
    },

    /**
     * Every decision the import would make, nothing written but the refusals: what it would
     * create, update and leave unchanged, and each refused row with its reason.
     */
    async dryRun(project: ProjectAccess, user: UserRow, importId: string): Promise<ImportDryRun> {
      const row = await load(project, importId);
      if (row.status !== 'uploaded') throw alreadyStarted();
      assertMapping(row);
      await clearRefusals(db, row.id, 'dry_run');
      const result = await deps.runner.dryRun({ row, project: project.project, actor: user });
      await updateUploadedImport(db, row.workspace_id, row.id, {
        dry_run: { ...result.counts, checked_at: new Date().toISOString() },
      });
      return {
        total_rows: row.total_rows,
        counts: result.counts,
        refusals: result.refusals,
        refusals_count: result.counts.refused,
      };
    },

    /** Queues the import (a failed one goes on after its last committed row); the worker runs it. */
    async start(project: ProjectAccess, user: UserRow, importId: string): Promise<Import> {
      const row = await load(project, importId);
      if (row.status !== 'uploaded' && row.status !== 'failed') throw alreadyStarted();
      if (!row.storage_key) throw alreadyStarted();
      assertMapping(row);
      const queued = await queueImport(db, row.workspace_id, row.id, user.id);
      if (!queued) throw alreadyStarted();
      return presentOne(queued);
    },

    async refusals(
      project: ProjectAccess,
      importId: string,
      run: 'dry_run' | 'import' | undefined,
      page: PageRequest,
    ) {
      const row = await load(project, importId);
      const [rows, total] = await pageRefusals(
        db,
        row.id,
        run ?? shownRun(row),
        page.perPage + 1,
        page.page * page.perPage,
      );
      return envelope(page, rows, total[0]?.n ?? 0);
    },

    /**
     * Runs one queued (or abandoned) import to its end; false when there was none, or when the
     * signal stopped it (its claim is handed back for the next worker, after the last batch).
     */
    async processNext(signal?: AbortSignal): Promise<boolean> {
      const claim = await claimImport(db, IMPORT_LEASE_SECONDS);
      if (!claim) return false;
      const context = await findImportContext(db, claim);
      if (!context) {
        await finishImport(db, claim, {
          status: 'failed',
          error: 'The project or the member of this import is gone',
        });
        return true;
      }
      try {
        await deps.runner.run({ row: claim, ...context }, claim, signal);
        if ((await finishImport(db, claim, { status: 'completed', storage_key: null })) && claim.storage_key)
          await deps.storage.remove(claim.storage_key).catch(() => {});
      } catch (error) {
        return settleFailure(claim, error);
      }
      return true;
    },
  };

  async function settleFailure(claim: ClaimedImport, error: unknown): Promise<boolean> {
    if (error instanceof ImportStopped) {
      await releaseImport(db, claim);
      return false;
    }
    if (error instanceof ImportClaimLost) return true;
    if (!(error instanceof AppError)) deps.onError?.(error);
    const message =
      error instanceof AppError
        ? error.message
        : `The import stopped: ${String((error as Error)?.message ?? error)}`;
    await finishImport(db, claim, { status: 'failed', error: message.slice(0, 1000) });
    return true;
  }
}

function tooLarge(limit: number) {
  return new AppError('payload_too_large', `Files cannot exceed ${limit} bytes`);
}
