import type { ExportedIssue } from './exports.repo.ts';

const COLUMNS: (keyof ExportedIssue)[] = [
  'key',
  'name',
  'state',
  'state_group',
  'priority',
  'assignees',
  'labels',
  'start_date',
  'target_date',
  'parent',
  'created_at',
  'updated_at',
  'completed_at',
];

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, CRLF-terminated as RFC 4180 has it. */
export function csvTable(header: string[], rows: (string | null)[][]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export function toCsv(rows: ExportedIssue[]): string {
  return csvTable(
    COLUMNS,
    rows.map((row) => COLUMNS.map((c) => row[c])),
  );
}

export function toJson(rows: ExportedIssue[]): string {
  return JSON.stringify(rows, null, 2);
}
