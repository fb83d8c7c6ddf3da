import type { GroupByKey, ListIssuesQuery } from '@kite/shared/contracts';
import type { IssueRowDb, StateRow } from '../../platform/db/schema.ts';
import { filterValues } from './issue-query.ts';

/** What a list can see of a work item: its row without the description, times as ISO text. */
export type ItemFacts = Record<string, string | number | boolean | null | string[]>;

/** One work item's change as its writer saw it: null before a create, null after a delete. */
export interface ItemChange {
  id: string;
  before: ItemFacts | null;
  after: ItemFacts | null;
}

/** What a change does to a cached page: nothing, its counts only, or its rows. */
export type ChangeEffect = 'none' | 'counts' | 'rows';

/** One group (or group × sub-group) of a cached page and the window of items it was read from. */
export interface ListCell {
  /** Whether an item with these facts may be in the cell: its group, and the filters its facts answer. */
  holds(facts: ItemFacts): boolean;
  /**
   * The order value of the window's far end: an item of the cell at or before it changes what the
   * window holds. Null when anything can: the window held the whole group, or the order is one
   * these facts do not give (a state's name, a label's name).
   */
  boundary: number | null;
}

/** What a cached page depends on, so that a change to one work item drops only the pages it touches. */
export interface ListShape {
  cells: ListCell[];
  /** The facts its membership (so its counts) reads; null when a change to any fact may alter it. */
  membership: Set<string> | null;
  order: { key: OrderedFact; descending: boolean } | null;
  /** Whether the page shows counts (a list's totals), which a change of membership alters. */
  counted: boolean;
}

type OrderedFact = 'sort_order' | 'created_at' | 'updated_at';

const UNLISTED = new Set(['description_html', 'description_stripped']);

export function factsOf(row: IssueRowDb): ItemFacts {
  const facts: ItemFacts = {};
  for (const [key, value] of Object.entries(row)) {
    if (UNLISTED.has(key)) continue;
    facts[key] = value instanceof Date ? value.toISOString() : (value as ItemFacts[string]);
  }
  return facts;
}

/** The facts each filter of the list query reads; null: more than an item's own row (subscribers, the filter tree). */
const FILTER_FACTS: Record<string, string[] | null> = {
  type: ['state_id'],
  sub_issue: ['parent_id'],
  state: ['state_id'],
  state_group: ['state_id'],
  priority: ['priority'],
  labels: ['label_ids'],
  assignees: ['assignee_ids'],
  created_by: ['created_by'],
  project: ['project_id'],
  parent: ['parent_id'],
  cycle: ['cycle_id'],
  module: ['module_ids'],
  name: ['name'],
  start_date: ['start_date'],
  target_date: ['target_date'],
  created_at: ['created_at'],
  updated_at: ['updated_at'],
  completed_at: ['completed_at'],
  estimate_point: ['estimate_point_id'],
  start_target_date: ['start_date', 'target_date'],
  updated_at__gt: ['updated_at'],
  subscriber: null,
  mentions: null,
  intake_status: null,
  filters: null,
};
const PRESENTATION = new Set([
  'cursor',
  'per_page',
  'group_by',
  'sub_group_by',
  'order_by',
  'show_empty_groups',
]);
/** Every list's scope: live, not in intake, archived or not, draft or not, the project, a guest's own. */
const SCOPE_FACTS = ['deleted_at', 'is_intake', 'archived_at', 'is_draft', 'project_id', 'created_by'];

/** The facts an item's membership in a group of this key reads; target dates make the groups themselves. */
const GROUP_FACTS: Record<GroupByKey, string | null> = {
  state_id: 'state_id',
  state__group: 'state_id',
  priority: 'priority',
  labels__id: 'label_ids',
  assignees__id: 'assignee_ids',
  created_by: 'created_by',
  project_id: 'project_id',
  cycle_id: 'cycle_id',
  issue_module__module_id: 'module_ids',
  target_date: null,
};

const has = (values: unknown, key: string) =>
  Array.isArray(values) && (key === 'None' ? values.length === 0 : values.includes(key));

/** Whether an item with these facts is in the group `key` of `by`. */
function groupHolds(by: GroupByKey, key: string, states: Pick<StateRow, 'id' | 'group'>[]) {
  switch (by) {
    case 'state__group': {
      const ids = new Set(states.filter((s) => s.group === key).map((s) => s.id));
      return (f: ItemFacts) => ids.has(f.state_id as string);
    }
    case 'labels__id':
      return (f: ItemFacts) => has(f.label_ids, key);
    case 'assignees__id':
      return (f: ItemFacts) => has(f.assignee_ids, key);
    case 'issue_module__module_id':
      return (f: ItemFacts) => has(f.module_ids, key);
    case 'cycle_id':
      return (f: ItemFacts) => (key === 'None' ? f.cycle_id === null : f.cycle_id === key);
    case 'target_date':
      return () => true;
    default:
      return (f: ItemFacts) => f[GROUP_FACTS[by]!] === key;
  }
}

/** A filter's values as the list reads them (ids compared in lower case, as PostgreSQL compares uuids). */
const valuesOf = (raw: string | undefined) => filterValues(raw).map((v) => v.toLowerCase());

/** Holds when the fact is one of the values ("None": null). */
function oneOf(raw: string | undefined, fact: string) {
  const values = valuesOf(raw);
  if (values.length === 0) return null;
  return (f: ItemFacts) =>
    f[fact] === null ? values.includes('none') : values.includes(String(f[fact]).toLowerCase());
}

/** Holds when the fact (a list) shares a value ("None": is empty). */
function overlaps(raw: string | undefined, fact: string) {
  const values = valuesOf(raw);
  if (values.length === 0) return null;
  return (f: ItemFacts) => {
    const held = (f[fact] ?? []) as string[];
    return held.length === 0 ? values.includes('none') : held.some((v) => values.includes(v.toLowerCase()));
  };
}

/**
 * The list filters an item's facts answer alone, as predicates: an item they rule out changes
 * nothing on the page. Other filters are taken to hold.
 */
function filtersHold(queries: ListIssuesQuery[]): (facts: ItemFacts) => boolean {
  const tests = queries.flatMap((q) =>
    [
      oneOf(q.state, 'state_id'),
      oneOf(q.priority, 'priority'),
      oneOf(q.created_by, 'created_by'),
      oneOf(q.cycle, 'cycle_id'),
      overlaps(q.assignees, 'assignee_ids'),
      overlaps(q.labels, 'label_ids'),
      overlaps(q.module, 'module_ids'),
    ].filter((test) => test !== null),
  );
  return (facts) => tests.every((test) => test(facts));
}

function membershipOf(queries: ListIssuesQuery[], groupBys: GroupByKey[]): Set<string> | null {
  const facts = new Set(SCOPE_FACTS);
  for (const by of groupBys) {
    const fact = GROUP_FACTS[by];
    if (fact === null) return null;
    facts.add(fact);
  }
  for (const query of queries) {
    for (const [param, value] of Object.entries(query)) {
      if (value === undefined || value === '' || PRESENTATION.has(param)) continue;
      const read = FILTER_FACTS[param];
      if (!read) return null;
      for (const fact of read) facts.add(fact);
    }
  }
  return facts;
}

function orderOf(orderBy: string | undefined): ListShape['order'] {
  const raw = orderBy || '-created_at';
  const key = raw.replace(/^-/, '');
  if (key !== 'sort_order' && key !== 'created_at' && key !== 'updated_at') return null;
  return { key, descending: raw.startsWith('-') };
}

/** A number to compare: the manual order as it is, times as milliseconds (what the rows show). */
function orderValue(key: OrderedFact, value: unknown): number {
  return key === 'sort_order' ? Number(value ?? Number.NaN) : Date.parse(String(value));
}

const ORDER_VALUE: Record<OrderedFact, RegExp> = {
  sort_order: /"sort_order":([^,}]+)/,
  created_at: /"created_at":"([^"]+)"/,
  updated_at: /"updated_at":"([^"]+)"/,
};
/** A row's order value, from the JSON the database rendered (issue-row-json.ts). */
const valueIn = (rowJson: string, key: OrderedFact) => ORDER_VALUE[key].exec(rowJson)?.[1];

export interface DescribedList {
  query: ListIssuesQuery;
  saved?: ListIssuesQuery;
  states: Pick<StateRow, 'id' | 'group'>[];
  /** Rows read per cell: the page and one more. */
  limit: number;
  groupBy: { key: GroupByKey; keys: string[] } | null;
  subGroupBy: { key: GroupByKey; keys: string[] } | null;
  rows: { row_json: string; group_key?: string; sub_group_key?: string }[];
}

/** The shape of a page just read: its cells, with the items and order values their windows hold. */
export function describeList(list: DescribedList): ListShape {
  const groupBys = [list.groupBy, list.subGroupBy].flatMap((g) => (g ? [g.key] : []));
  const queries = list.saved ? [list.query, list.saved] : [list.query];
  const membership = membershipOf(queries, groupBys);
  const filtered = filtersHold(queries);
  const order = orderOf(list.query.order_by);
  const cellKey = (g?: string, s?: string) => `${g ?? ''}\u0000${s ?? ''}`;
  const rowsOf = new Map<string, string[]>();
  for (const row of list.rows) {
    const k = cellKey(row.group_key, row.sub_group_key);
    const rows = rowsOf.get(k) ?? [];
    rows.push(row.row_json);
    rowsOf.set(k, rows);
  }
  const cell = (inCell: ListCell['holds'], rows: string[]): ListCell => {
    const holds = (f: ItemFacts) => filtered(f) && inCell(f);
    let boundary: number | null = null;
    if (order && rows.length >= list.limit) {
      const values = rows.map((r) => orderValue(order.key, valueIn(r, order.key)));
      boundary = order.descending ? Math.min(...values) : Math.max(...values);
      if (Number.isNaN(boundary)) boundary = null;
    }
    return { holds, boundary };
  };
  if (!list.groupBy) {
    return { cells: [cell(() => true, rowsOf.get(cellKey()) ?? [])], membership, order, counted: true };
  }
  const { groupBy, subGroupBy } = list;
  const cells: ListCell[] = [];
  for (const g of groupBy.keys) {
    const inGroup = groupHolds(groupBy.key, g, list.states);
    if (!subGroupBy) {
      cells.push(cell(inGroup, rowsOf.get(cellKey(g)) ?? []));
      continue;
    }
    for (const s of subGroupBy.keys) {
      const inSub = groupHolds(subGroupBy.key, s, list.states);
      cells.push(cell((f) => inGroup(f) && inSub(f), rowsOf.get(cellKey(g, s)) ?? []));
    }
  }
  return { cells, membership, order, counted: true };
}

/**
 * The shape of a search's answer (names containing the term, or the number; most recently
 * updated first, `limit` at most): one cell, uncounted. Names and terms beyond ASCII are compared
 * as always matching: PostgreSQL's case folding is not JavaScript's there.
 */
export function describeSearch(search: {
  term: string;
  limit: number;
  /** When each hit was last updated, in milliseconds (truncated, as the facts carry it). */
  updatedMs: number[];
}): ListShape {
  const term = search.term.trim().toLowerCase();
  const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
  const ascii = (text: string) => /^[\x20-\x7e]*$/.test(text);
  const holds = (f: ItemFacts) => {
    const name = String(f.name ?? '');
    if (!ascii(term) || !ascii(name) || /-\d+$/.test(term)) return true;
    return name.toLowerCase().includes(term) || f.sequence_id === number;
  };
  const full = search.updatedMs.length >= search.limit;
  const cells: ListCell[] = [{ holds, boundary: full ? Math.min(...search.updatedMs) : null }];
  return { cells, membership: new Set(), order: { key: 'updated_at', descending: true }, counted: false };
}

const sameFact = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

/**
 * What a change to one work item does to a cached page. Its rows change when the item was or is
 * in a cell at or before the window's far end: it was shown, or it enters, leaves or moves and
 * shifts the rest (filters the facts cannot answer are taken to hold: a miss costs a read, never
 * a stale page). Its counts change when the item, in the list before or after, came, went or
 * changed a fact its membership reads.
 */
export function effectOf(shape: ListShape, change: ItemChange): ChangeEffect {
  if (!shape.membership) return 'rows';
  const { before, after } = change;
  const inWindow = (cell: ListCell, facts: ItemFacts | null) => {
    if (!facts || !cell.holds(facts)) return false;
    if (cell.boundary === null || !shape.order) return true;
    const value = orderValue(shape.order.key, facts[shape.order.key]);
    return shape.order.descending ? !(value < cell.boundary) : !(value > cell.boundary);
  };
  for (const cell of shape.cells) {
    if (inWindow(cell, before) || inWindow(cell, after)) return 'rows';
  }
  if (!shape.counted) return 'none';
  // Counted only if it is (or was) in the list at all; `holds` errs towards yes.
  const member = (facts: ItemFacts | null) => facts !== null && shape.cells.some((c) => c.holds(facts));
  if (!member(before) && !member(after)) return 'none';
  if (!before || !after) return 'counts';
  for (const fact of shape.membership) if (!sameFact(before[fact], after[fact])) return 'counts';
  return 'none';
}
