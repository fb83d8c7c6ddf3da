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

export function toCsv(rows: ExportedIssue[]): string {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => csvCell(row[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: ExportedIssue[]): string {
  return JSON.stringify(rows, null, 2);
}
