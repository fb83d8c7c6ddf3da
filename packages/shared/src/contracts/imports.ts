import { z } from 'zod';
import { compileDatePattern } from '../domain/csv-import.ts';
import { IMPORT_FIELDS, IMPORT_PRESET_IDS } from '../domain/csv-import-fields.ts';

export type { ImportField, ImportPresetId } from '../domain/csv-import-fields.ts';

/**
 * CSV imports of work items into a project (api.md §4.11): upload, mapping, dry run, the import in
 * the background, its report. Project members (P15).
 */

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Where a running import is: references resolved, rows written, parents set. */
export const IMPORT_PHASES = ['scan', 'rows', 'parents'] as const;

/** The error codes of the import routes (400 unless said). */
export const IMPORT_ERROR_CODES = {
  /** Not a CSV text: binary, empty, no header, a quote left open. */
  fileInvalid: 'IMPORT_FILE_INVALID',
  /** The mapping does not fit the file's columns, or maps no column to Name. */
  mappingInvalid: 'IMPORT_MAPPING_INVALID',
  /** The mapping and options change only before the import starts. */
  notEditable: 'IMPORT_NOT_EDITABLE',
  /** Start on an import that runs or ran (a failed one may be started again). */
  alreadyStarted: 'IMPORT_ALREADY_STARTED',
} as const;

export const importFieldSchema = z.enum(IMPORT_FIELDS);
export const importPresetSchema = z.enum(IMPORT_PRESET_IDS);

export const importOptionsSchema = z.object({
  /** Make the states, labels and cycles the file names and the project lacks (else such rows are refused). */
  create_missing_states: z.boolean(),
  create_missing_labels: z.boolean(),
  create_missing_cycles: z.boolean(),
  /** A date pattern (`dd/MM/yyyy`, letters `yyyy yy MMMM MMM MM M dd d HH H hh h mm ss a`) tried before the preset's. */
  date_format: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(
      (pattern) => compileDatePattern(pattern) !== null,
      'Not a date pattern this knows (e.g. dd/MM/yyyy)',
    )
    .nullable(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const importRefusalSchema = z.object({
  /** The row's line in the file's records, the header being row 1. */
  row: z.number(),
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

const countsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  refused: z.number(),
});

export const importSchema = z.object({
  id: z.string(),
  workspace: z.string(),
  project: z.string(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.enum(IMPORT_PHASES).nullable(),
  filename: z.string(),
  file_size: z.number(),
  preset: importPresetSchema,
  /** The preset auto-detection found for the header (what `preset` started as). */
  detected_preset: importPresetSchema,
  delimiter: z.string(),
  header: z.array(z.string()),
  /** The first rows (at most 5) as they are in the file. */
  preview: z.array(z.array(z.string())),
  total_rows: z.number(),
  /** Column index → field (null: not imported). */
  mapping: z.array(importFieldSchema.nullable()),
  options: importOptionsSchema,
  /** Rows written so far (committed); `total_rows` when completed. */
  rows_done: z.number(),
  counts: countsSchema,
  /** The latest dry run's counts (null before the first, or after the mapping changed). */
  dry_run: countsSchema.extend({ checked_at: z.string() }).nullable(),
  /** The first refusals of the import (or of the latest dry run before it starts); all are paged by `refusals/`. */
  refusals: z.array(importRefusalSchema),
  refusals_count: z.number(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const createImportQuerySchema = z.object({ preset: importPresetSchema.optional() });

export const updateImportBodySchema = z
  .object({
    preset: importPresetSchema,
    /** Replaced by the preset's suggestion when `preset` changes and no mapping is sent. */
    mapping: z.array(importFieldSchema.nullable()).max(500),
    options: importOptionsSchema.partial(),
  })
  .partial();
export type UpdateImportBody = z.infer<typeof updateImportBodySchema>;

export const dryRunSchema = z.object({
  total_rows: z.number(),
  counts: countsSchema,
  /** The first refusals; every one is paged by `refusals/?run=dry_run`. */
  refusals: z.array(importRefusalSchema),
  refusals_count: z.number(),
});
export type ImportDryRun = z.infer<typeof dryRunSchema>;

export const importRefusalsQuerySchema = z.object({
  run: z.enum(['dry_run', 'import']).optional(),
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});
