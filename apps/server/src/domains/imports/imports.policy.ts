import { createHash } from 'node:crypto';
import type { ImportField, MappedRow } from '@kite/shared/csv-import';
import { marked } from 'marked';
import { escapeHtml } from '../../platform/security/html.ts';

/** Pure rules of CSV imports (api.md §4.11). */

/** Distinct names of one kind (states, labels…) an import collects and may create at most. */
export const MAX_REFERENCES = 1000;

/** Rows written per transaction: each commits with the import's progress. */
export const IMPORT_BATCH_ROWS = 500;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * Which link a row finds again in a later import: its external id, else its mapped cells (a row
 * without an id is the same row only while its cells are the same).
 */
export function rowKey(
  row: MappedRow,
  cells: readonly string[],
  mapping: readonly (ImportField | null)[],
): string {
  if (row.external_id) return `id:${row.external_id}`;
  const mapped = mapping.flatMap((field, i) => (field ? [cells[i] ?? ''] : []));
  return `row:${digest(JSON.stringify(mapped))}`;
}

/** A row's values as last written: equal hashes mean nothing to write. */
export function valuesHash(row: MappedRow): string {
  return digest(JSON.stringify(row));
}

/** A description cell as HTML: Markdown where the tool writes it, else paragraphs of plain text. */
export function descriptionHtml(text: string | null, markdown: boolean): string {
  if (!text) return '<p></p>';
  if (markdown) return marked.parse(text, { async: false, gfm: true, breaks: true });
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The lower-cased form names are matched by (states, labels, cycles, members, points). */
export const nameKey = (name: string) => name.trim().toLowerCase();
