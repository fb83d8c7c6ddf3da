import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * CSV imports of work items into a project (api.md §4.11). The uploaded file stays in the file
 * store (`storage_key`) until the import completes; the import runs in the import worker, claimed
 * with FOR UPDATE SKIP LOCKED and leased while it runs, and commits its progress (`rows_done`, the
 * counts) with each batch of rows, so a worker that dies is followed by one that starts after the
 * last committed row.
 */
export const issueImports = pgTable(
  'issue_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** Null once the import has completed (the file is not needed any more). */
    storage_key: text('storage_key'),
    file_size: bigint('file_size', { mode: 'number' }).notNull(),
    delimiter: text('delimiter').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    preview: jsonb('preview').$type<string[][]>().notNull(),
    total_rows: integer('total_rows').notNull(),
    preset: text('preset').notNull(),
    detected_preset: text('detected_preset').notNull(),
    /** Column index → field name, or null. */
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    /** uploaded → queued → running → completed | failed (a failed one may be queued again). */
    status: text('status').notNull().default('uploaded'),
    /** While running: scan (names resolved), rows (written in batches), parents. */
    phase: text('phase'),
    rows_done: integer('rows_done').notNull().default(0),
    /** In the parents phase: the last row whose parent is set (it goes on after it). */
    parents_done: integer('parents_done').notNull().default(0),
    created_count: integer('created_count').notNull().default(0),
    updated_count: integer('updated_count').notNull().default(0),
    unchanged_count: integer('unchanged_count').notNull().default(0),
    refused_count: integer('refused_count').notNull().default(0),
    /** The latest dry run's counts and when it ran; cleared when the mapping or options change. */
    dry_run: jsonb('dry_run').$type<Record<string, unknown>>(),
    /** While running: the worker's claim (every write of its progress names it) and when it lapses. */
    claim_id: uuid('claim_id'),
    claim_expires_at: ts('claim_expires_at'),
    /** Claims since it was last queued: an import whose worker dies every time is not taken for ever. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    started_at: ts('started_at'),
    finished_at: ts('finished_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('issue_imports_project_idx').on(t.project_id, t.created_at),
    index('issue_imports_queued_idx').on(t.created_at).where(sql`${t.status} = 'queued'`),
    index('issue_imports_running_idx').on(t.claim_expires_at).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Which work item each imported row became, per project and source (the preset's tool): by the
 * row's external id, or by a hash of its cells when it has none. `values_hash` is the hash of the
 * row's values when they were last written, so a row that has not changed since costs no write.
 */
export const issueImportItems = pgTable(
  'issue_import_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** `id:<external id>` or `row:<hash of the cells>`. */
    key: text('key').notNull(),
    /** The row's name, lower-cased: parents named by name (Asana) find it. */
    name_key: text('name_key').notNull(),
    /**
     * No foreign keys to the item or the import: each would be a lookup per row written, and the
     * imports read the item's liveness with the link anyway (a deleted item is made again).
     */
    issue_id: uuid('issue_id').notNull(),
    values_hash: text('values_hash').notNull(),
    /** The row's parent as the file names it (an external id, a work item's key or name). */
    parent_ref: text('parent_ref'),
    /** The import that last read the row, and the row's number in its file. */
    import_id: uuid('import_id'),
    row_number: integer('row_number').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issue_import_items_key').on(t.project_id, t.source, t.key),
    index('issue_import_items_name_idx').on(t.project_id, t.source, t.name_key),
    index('issue_import_items_issue_idx').on(t.issue_id),
    index('issue_import_items_import_idx').on(t.import_id, t.row_number),
  ],
);

/** Rows an import (or its dry run) refused, with the reason. */
export const issueImportRefusals = pgTable(
  'issue_import_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    import_id: uuid('import_id')
      .notNull()
      .references(() => issueImports.id, { onDelete: 'cascade' }),
    /** `dry_run` or `import`. */
    run: text('run').notNull(),
    row_number: integer('row_number').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('issue_import_refusals_import_idx').on(t.import_id, t.run, t.row_number)],
);

export type IssueImportRow = typeof issueImports.$inferSelect;
export type IssueImportItemRow = typeof issueImportItems.$inferSelect;
