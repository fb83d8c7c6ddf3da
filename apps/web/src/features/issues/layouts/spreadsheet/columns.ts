import type { DisplayProperties } from '@kite/shared/contracts';
import type { PropertyMenu } from '../../IssueView.ts';

/** How a cell is edited: one of the shared property menus, a date input, the estimate menu, or not at all. */
export type CellEditor =
  | { kind: 'menu'; menu: PropertyMenu }
  | { kind: 'date' }
  | { kind: 'estimate' }
  | null;

export interface Column {
  id: string;
  label: string;
  /** The display property that shows or hides the column. */
  property: keyof DisplayProperties;
  width: number;
  /** The ascending order_by of the column (api.md §5.4); the descending one has a `-`. */
  orderBy: string;
  editor: CellEditor;
}

/** The spreadsheet's columns after the sticky key + name column, in display order. */
export const COLUMNS: readonly Column[] = [
  {
    id: 'state',
    label: 'State',
    property: 'state',
    width: 150,
    orderBy: 'state',
    editor: { kind: 'menu', menu: 'state' },
  },
  {
    id: 'priority',
    label: 'Priority',
    property: 'priority',
    width: 120,
    orderBy: 'priority',
    editor: { kind: 'menu', menu: 'priority' },
  },
  {
    id: 'assignees',
    label: 'Assignees',
    property: 'assignee',
    width: 130,
    orderBy: 'assignee',
    editor: { kind: 'menu', menu: 'assignees' },
  },
  {
    id: 'labels',
    label: 'Labels',
    property: 'labels',
    width: 160,
    orderBy: 'label',
    editor: { kind: 'menu', menu: 'labels' },
  },
  {
    id: 'cycle',
    label: 'Cycle',
    property: 'cycle',
    width: 160,
    orderBy: 'cycle',
    editor: { kind: 'menu', menu: 'cycle' },
  },
  {
    id: 'modules',
    label: 'Modules',
    property: 'modules',
    width: 160,
    orderBy: 'module',
    editor: { kind: 'menu', menu: 'modules' },
  },
  {
    id: 'start_date',
    label: 'Start date',
    property: 'start_date',
    width: 140,
    orderBy: 'start_date',
    editor: { kind: 'date' },
  },
  {
    id: 'target_date',
    label: 'Due date',
    property: 'due_date',
    width: 140,
    orderBy: 'target_date',
    editor: { kind: 'date' },
  },
  {
    id: 'estimate',
    label: 'Estimate',
    property: 'estimate',
    width: 100,
    orderBy: 'estimate_point',
    editor: { kind: 'estimate' },
  },
  {
    id: 'created_at',
    label: 'Created on',
    property: 'created_on',
    width: 120,
    orderBy: 'created_at',
    editor: null,
  },
  {
    id: 'updated_at',
    label: 'Updated on',
    property: 'updated_on',
    width: 120,
    orderBy: 'updated_at',
    editor: null,
  },
  {
    id: 'sub_issues_count',
    label: 'Sub-work items',
    property: 'sub_issue_count',
    width: 120,
    orderBy: 'sub_issues_count',
    editor: null,
  },
  { id: 'link_count', label: 'Links', property: 'link', width: 90, orderBy: 'link_count', editor: null },
  {
    id: 'attachment_count',
    label: 'Attachments',
    property: 'attachment_count',
    width: 110,
    orderBy: 'attachment_count',
    editor: null,
  },
];

/** The columns the display properties show, of those that apply here (`available`). */
export function visibleColumns(
  dp: DisplayProperties,
  available: (property: keyof DisplayProperties) => boolean = () => true,
): Column[] {
  return COLUMNS.filter((c) => dp[c.property] && available(c.property));
}

/** The sort a click on a column header asks for: ascending first, then descending, then ascending again. */
export function nextOrderBy(current: string, column: Pick<Column, 'orderBy'>): string {
  return current === column.orderBy ? `-${column.orderBy}` : column.orderBy;
}

/** How the current order_by sorts a column, for aria-sort and the arrow. */
export function sortDirection(
  current: string,
  column: Pick<Column, 'orderBy'>,
): 'ascending' | 'descending' | null {
  if (current === column.orderBy) return 'ascending';
  if (current === `-${column.orderBy}`) return 'descending';
  return null;
}
