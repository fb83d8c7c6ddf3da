import type { Analytics, AnalyticsAxis, AnalyticsKey, AnalyticsMeasure } from '@kite/shared/contracts';

/** What each axis is called in the controls and the table's first column. */
export const AXIS_LABELS: Record<AnalyticsAxis, string> = {
  state_id: 'State',
  state__group: 'State group',
  priority: 'Priority',
  labels__id: 'Label',
  assignees__id: 'Assignee',
  issue_cycle__cycle_id: 'Cycle',
  issue_module__module_id: 'Module',
  project_id: 'Project',
  created_at__week: 'Created (week)',
  created_at__month: 'Created (month)',
  completed_at__week: 'Completed (week)',
  completed_at__month: 'Completed (month)',
};

export const MEASURE_LABELS: Record<AnalyticsMeasure, string> = {
  issue_count: 'Work items',
  estimate: 'Estimate points',
};

/** Colours for keys that have none of their own (labels and states bring theirs). */
const PALETTE = [
  '#3f76ff',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#8b5cf6',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#64748b',
];

export function colorOf(key: AnalyticsKey, index: number): string {
  if (key.color) return key.color;
  if (key.key === null) return '#9ca3af';
  return PALETTE[index % PALETTE.length]!;
}

/** The stable id of a key in chart rows and table cells ("None" keys have none of their own). */
export const keyId = (key: string | null) => key ?? '__none__';

export interface TableColumn {
  id: string;
  name: string;
  color: string;
}

export interface TableRow {
  id: string;
  name: string;
  color: string;
  /** One figure per column, in the columns' order. */
  values: number[];
  total: number;
}

export interface AnalyticsTable {
  /** The segment's keys, or one column of the measure without a segment. */
  columns: TableColumn[];
  rows: TableRow[];
  segmented: boolean;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The chart's figures as a table: a row per x value, a column per segment value. */
export function tableOf(data: Analytics): AnalyticsTable {
  const segmented = data.segment !== null;
  const columns: TableColumn[] = segmented
    ? data.extras.segment.map((k, i) => ({ id: keyId(k.key), name: k.name, color: colorOf(k, i) }))
    : [{ id: keyId(null), name: MEASURE_LABELS[data.y_axis], color: PALETTE[0]! }];
  const index = new Map(columns.map((c, i) => [c.id, i]));
  const rows = data.extras.x_axis.map((k, i) => {
    const values = columns.map(() => 0);
    for (const entry of data.distribution[k.key ?? 'None'] ?? []) {
      const at = index.get(keyId(segmented ? entry.segment : null));
      if (at !== undefined) values[at] = round(values[at]! + entry.value);
    }
    return {
      id: keyId(k.key),
      name: k.name,
      color: colorOf(k, i),
      values,
      total: round(values.reduce((a, b) => a + b, 0)),
    };
  });
  return { columns, rows, segmented };
}

/** Rows for a stacked bar chart: the x value's name, and a figure per column id. */
export function chartRowsOf(table: AnalyticsTable): Record<string, string | number>[] {
  return table.rows.map((row) => {
    const out: Record<string, string | number> = { name: row.name };
    table.columns.forEach((c, i) => {
      out[c.id] = row.values[i]!;
    });
    return out;
  });
}

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote what would break the row, and defuse cells a spreadsheet would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as CSV: the x-axis, a column per segment value (and the total when segmented). */
export function toCsv(table: AnalyticsTable, xLabel: string): string {
  const header = [xLabel, ...table.columns.map((c) => c.name), ...(table.segmented ? ['Total'] : [])];
  const lines = [
    header,
    ...table.rows.map((r) => [r.name, ...r.values, ...(table.segmented ? [r.total] : [])]),
  ];
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
