import type { Import } from '@kite/shared/contracts';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_PRESETS,
  type ImportField,
  type MappedRow,
  mapRow,
} from '@kite/shared/csv-import';

export interface PreviewColumn {
  field: ImportField;
  label: string;
}

export interface PreviewRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  values: Record<string, string>;
  /** Why the import would refuse it (format problems; names are checked by the dry run). */
  problems: string[];
}

const PRIORITY_LABELS: Record<string, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'None',
};

function shown(row: MappedRow, field: ImportField): string {
  const value = row[field];
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined) return '';
  if (field === 'priority') return PRIORITY_LABELS[value] ?? value;
  if (field === 'created_at')
    return value
      .replace('T', ' ')
      .replace(/:00\.000Z$/, ' UTC')
      .replace(/\.000Z$/, ' UTC');
  if (field === 'description') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  return value;
}

/**
 * The first rows of an upload as the import would read them with this mapping: one column per
 * mapped field (in the fields' order), each cell as parsed (dates, priorities, lists), and what
 * is wrong with the row. The same parsing as the server's (`@kite/shared/csv-import`).
 */
export function previewOf(
  upload: Pick<Import, 'preview' | 'preset' | 'options'>,
  mapping: readonly (ImportField | null)[],
): { columns: PreviewColumn[]; rows: PreviewRow[] } {
  const mapped = new Set(mapping.filter((f): f is ImportField => f !== null));
  const columns = IMPORT_FIELDS.filter((f) => mapped.has(f)).map((field) => ({
    field,
    label: IMPORT_FIELD_LABELS[field],
  }));
  const preset = IMPORT_PRESETS[upload.preset];
  const rows = upload.preview.map((cells, i) => {
    const { row, problems } = mapRow(cells, mapping, preset, { dateFormat: upload.options.date_format });
    return {
      row: i + 2,
      values: Object.fromEntries(columns.map((c) => [c.field, shown(row, c.field)])),
      problems,
    };
  });
  return { columns, rows };
}
