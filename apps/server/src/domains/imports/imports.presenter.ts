import type { Import, ImportOptions, ImportRefusal } from '@kite/shared/contracts';
import type { ImportField, ImportPresetId } from '@kite/shared/csv-import';
import type { IssueImportRow } from '../../platform/db/schema.ts';

/** Refusals an import object carries; every one is paged by `refusals/`. */
export const REFUSALS_SHOWN = 100;

/** Which run's refusals an import shows: its dry run's until it starts, then its own. */
export const shownRun = (row: Pick<IssueImportRow, 'status'>) =>
  row.status === 'uploaded' ? 'dry_run' : 'import';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentImport(row: IssueImportRow, refusals: ImportRefusal[], refusalsCount: number): Import {
  const dry = row.dry_run as {
    created: number;
    updated: number;
    unchanged: number;
    refused: number;
    checked_at: string;
  } | null;
  return {
    id: row.id,
    workspace: row.workspace_id,
    project: row.project_id,
    status: row.status as Import['status'],
    phase: (row.phase as Import['phase']) ?? null,
    filename: row.filename,
    file_size: row.file_size,
    preset: row.preset as ImportPresetId,
    detected_preset: row.detected_preset as ImportPresetId,
    delimiter: row.delimiter,
    header: row.header,
    preview: row.preview,
    total_rows: row.total_rows,
    mapping: row.mapping as (ImportField | null)[],
    options: row.options as unknown as ImportOptions,
    rows_done: row.rows_done,
    counts: {
      created: row.created_count,
      updated: row.updated_count,
      unchanged: row.unchanged_count,
      refused: row.refused_count,
    },
    dry_run: dry
      ? {
          created: dry.created,
          updated: dry.updated,
          unchanged: dry.unchanged,
          refused: dry.refused,
          checked_at: dry.checked_at,
        }
      : null,
    refusals,
    refusals_count: refusalsCount,
    error: row.error,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
  };
}
