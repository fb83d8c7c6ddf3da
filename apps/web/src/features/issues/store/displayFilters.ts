import type {
  DisplayFilters,
  DisplayProperties,
  Filters,
  IssueRow,
  UpdateIssueBody,
} from '@kite/shared/contracts';
import { sortOrderBetween } from '@kite/shared/domain';

/**
 * The display-filter rules of spec §4 and the helpers every layout shares, as pure functions:
 * defaults, normalisation, which changes need a refetch, group values of an issue, the
 * property change a drop between groups makes, sort orders for drops, filters → query.
 */

export type Layout = DisplayFilters['layout'];
export type GroupBy = NonNullable<DisplayFilters['group_by']>;
export type OrderBy = string;
export type FilterKey = keyof Filters;

/** Where a list lives: kanban defaults its group_by to priority in the profile, to state elsewhere. */
export type ListContextKind =
  | 'project'
  | 'cycle'
  | 'module'
  | 'view'
  | 'workspace'
  | 'profile'
  | 'archived'
  | 'draft';

export const LAYOUT_IDS: readonly Layout[] = ['list', 'kanban', 'spreadsheet', 'calendar', 'gantt_chart'];

/** What each layout can show: grouping, sub-grouping (swimlanes), manual drag between groups. */
export const LAYOUT_CAPABILITIES: Record<Layout, { groupBy: boolean; subGroupBy: boolean }> = {
  list: { groupBy: true, subGroupBy: false },
  kanban: { groupBy: true, subGroupBy: true },
  spreadsheet: { groupBy: false, subGroupBy: false },
  calendar: { groupBy: false, subGroupBy: false },
  gantt_chart: { groupBy: false, subGroupBy: false },
};

export const GROUP_BY_OPTIONS: readonly GroupBy[] = [
  'state',
  'state_detail.group',
  'priority',
  'labels',
  'assignees',
  'created_by',
  'cycle',
  'module',
  'target_date',
  'project',
];

export const GROUP_BY_LABELS: Record<GroupBy, string> = {
  state: 'States',
  'state_detail.group': 'State groups',
  priority: 'Priority',
  labels: 'Labels',
  assignees: 'Assignees',
  created_by: 'Created by',
  cycle: 'Cycles',
  module: 'Modules',
  target_date: 'Due date',
  project: 'Projects',
};

/** The contract's group_by keys (api.md §5.2) for the client names stored in user properties. */
export const GROUP_BY_PARAM: Record<GroupBy, string> = {
  state: 'state_id',
  'state_detail.group': 'state__group',
  priority: 'priority',
  labels: 'labels__id',
  assignees: 'assignees__id',
  created_by: 'created_by',
  cycle: 'cycle_id',
  module: 'issue_module__module_id',
  target_date: 'target_date',
  project: 'project_id',
};

/** Every order of spec §9, ascending then descending, with names for the Display menu. */
export const ORDER_BY_OPTIONS: readonly { value: OrderBy; label: string }[] = [
  { value: 'sort_order', label: 'Manual' },
  { value: '-created_at', label: 'Last created' },
  { value: 'created_at', label: 'First created' },
  { value: '-updated_at', label: 'Last updated' },
  { value: 'updated_at', label: 'First updated' },
  { value: 'start_date', label: 'Start date' },
  { value: '-start_date', label: 'Start date (latest first)' },
  { value: 'target_date', label: 'Due date' },
  { value: '-target_date', label: 'Due date (latest first)' },
  { value: '-priority', label: 'Priority (urgent first)' },
  { value: 'priority', label: 'Priority (none first)' },
  { value: 'state', label: 'State (A–Z)' },
  { value: '-state', label: 'State (Z–A)' },
  { value: 'assignee', label: 'Assignee (A–Z)' },
  { value: '-assignee', label: 'Assignee (Z–A)' },
  { value: 'label', label: 'Label (A–Z)' },
  { value: '-label', label: 'Label (Z–A)' },
  { value: 'module', label: 'Module (A–Z)' },
  { value: '-module', label: 'Module (Z–A)' },
  { value: 'cycle', label: 'Cycle (A–Z)' },
  { value: '-cycle', label: 'Cycle (Z–A)' },
  { value: 'estimate_point', label: 'Estimate (low first)' },
  { value: '-estimate_point', label: 'Estimate (high first)' },
  { value: '-link_count', label: 'Most links' },
  { value: 'link_count', label: 'Fewest links' },
  { value: '-attachment_count', label: 'Most attachments' },
  { value: 'attachment_count', label: 'Fewest attachments' },
  { value: '-sub_issues_count', label: 'Most sub-work items' },
  { value: 'sub_issues_count', label: 'Fewest sub-work items' },
];

export const TYPE_OPTIONS: readonly { value: DisplayFilters['type']; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'backlog', label: 'Backlog' },
];

export const DISPLAY_PROPERTY_LABELS: Record<keyof DisplayProperties, string> = {
  key: 'ID',
  state: 'State',
  priority: 'Priority',
  assignee: 'Assignees',
  labels: 'Labels',
  start_date: 'Start date',
  due_date: 'Due date',
  estimate: 'Estimate',
  sub_issue_count: 'Sub-work item count',
  attachment_count: 'Attachment count',
  link: 'Links',
  created_on: 'Created on',
  updated_on: 'Updated on',
  modules: 'Modules',
  cycle: 'Cycle',
};

// The defaults of api.md §4.7, kept here so the web bundle does not pull in zod for them.
export const DEFAULT_DISPLAY_FILTERS: DisplayFilters = {
  layout: 'list',
  group_by: null,
  sub_group_by: null,
  order_by: 'sort_order',
  type: null,
  sub_issue: false,
  show_empty_groups: false,
  calendar: { show_weekends: false, layout: 'month' },
};
export const DEFAULT_DISPLAY_PROPERTIES = Object.fromEntries(
  Object.keys(DISPLAY_PROPERTY_LABELS).map((k) => [k, true]),
) as DisplayProperties;
export const FILTER_KEYS: readonly FilterKey[] = [
  'priority',
  'state',
  'state_group',
  'assignees',
  'mentions',
  'created_by',
  'labels',
  'cycle',
  'module',
  'start_date',
  'target_date',
  'project',
  'subscriber',
];
export const DEFAULT_FILTERS = Object.fromEntries(FILTER_KEYS.map((k) => [k, null])) as Filters;

/** Kanban cannot be ungrouped: state everywhere, priority in the profile. */
export function defaultKanbanGroupBy(context: ListContextKind): GroupBy {
  return context === 'profile' ? 'priority' : 'state';
}

/**
 * The stored display filters made consistent (spec §4): kanban always has a group_by; a
 * sub_group_by needs a group_by and never equals it.
 */
export function normalizeDisplayFilters(df: DisplayFilters, context: ListContextKind): DisplayFilters {
  const next = { ...df };
  if (next.layout === 'kanban' && !next.group_by) next.group_by = defaultKanbanGroupBy(context);
  if (!next.group_by) next.sub_group_by = null;
  if (next.sub_group_by && next.sub_group_by === next.group_by) next.sub_group_by = null;
  return next;
}

/**
 * Applies a Display-menu change under the spec's rules: clearing group_by clears sub_group_by;
 * in kanban an equal sub_group_by is cleared and group_by cannot become null.
 */
export function applyDisplayFilters(
  current: DisplayFilters,
  patch: Partial<DisplayFilters>,
  context: ListContextKind,
): DisplayFilters {
  const next: DisplayFilters = { ...current, ...patch };
  if ('group_by' in patch && patch.group_by === null) {
    next.sub_group_by = null;
    if (next.layout === 'kanban') next.group_by = defaultKanbanGroupBy(context);
  }
  if (next.layout === 'kanban' && next.sub_group_by && next.sub_group_by === next.group_by) {
    // The menu changed one of the two to the other's value: the sub-group gives way.
    next.sub_group_by = null;
  }
  return normalizeDisplayFilters(next, context);
}

/** The grouping a layout actually asks the server for. */
export function effectiveGrouping(df: DisplayFilters): {
  groupBy: GroupBy | null;
  subGroupBy: GroupBy | null;
} {
  const caps = LAYOUT_CAPABILITIES[df.layout];
  const groupBy = caps.groupBy ? df.group_by : null;
  const subGroupBy = caps.subGroupBy && groupBy ? df.sub_group_by : null;
  return { groupBy, subGroupBy: subGroupBy === groupBy ? null : subGroupBy };
}

/**
 * Whether going from `prev` to `next` changes what the server returns: order_by, sub_issue,
 * type and the effective grouping do; show_empty_groups, calendar and the layout alone do not.
 */
export function displayChangeNeedsRefetch(prev: DisplayFilters, next: DisplayFilters): boolean {
  if (prev.order_by !== next.order_by || prev.sub_issue !== next.sub_issue || prev.type !== next.type)
    return true;
  const a = effectiveGrouping(prev);
  const b = effectiveGrouping(next);
  return a.groupBy !== b.groupBy || a.subGroupBy !== b.subGroupBy;
}

/** Any change of the filters refetches; equal contents do not. */
export function filtersChanged(prev: Filters, next: Filters): boolean {
  return FILTER_KEYS.some((k) => (prev[k] ?? []).join(',') !== (next[k] ?? []).join(','));
}

/** Filters with at least one value, for the applied-filter chips. */
export function activeFilterEntries(filters: Filters): [FilterKey, string[]][] {
  return FILTER_KEYS.filter((k) => (filters[k]?.length ?? 0) > 0).map((k) => [k, filters[k] as string[]]);
}

/** Drag and drop between groups is allowed only in a grouped layout, and with manual order for positions. */
export function canDrag(df: DisplayFilters): boolean {
  return effectiveGrouping(df).groupBy !== null;
}

/** Priorities from most to least urgent (the contract's order). */
export const PRIORITY_ORDER = ['urgent', 'high', 'medium', 'low', 'none'] as const;

// ---- groups ----

export const NONE_GROUP = 'None';
/** The single group of an ungrouped list. */
export const ALL_GROUP = 'All';

/** The group keys an issue belongs to under `groupBy` (several for labels, assignees and modules). */
export function groupValuesOf(issue: IssueRow, groupBy: GroupBy | null): string[] {
  const many = (ids: string[]) => (ids.length > 0 ? ids : [NONE_GROUP]);
  switch (groupBy) {
    case null:
      return [ALL_GROUP];
    case 'state':
      return [issue.state_id];
    case 'state_detail.group':
      return [issue.state__group];
    case 'priority':
      return [issue.priority];
    case 'labels':
      return many(issue.label_ids);
    case 'assignees':
      return many(issue.assignee_ids);
    case 'module':
      return many(issue.module_ids);
    case 'created_by':
      return [issue.created_by ?? NONE_GROUP];
    case 'cycle':
      return [issue.cycle_id ?? NONE_GROUP];
    case 'target_date':
      return [issue.target_date ?? NONE_GROUP];
    case 'project':
      return [issue.project_id];
  }
}

/** Whether an issue can be dropped into another group of `groupBy` (the property is writable here). */
export function isDroppableGroupBy(groupBy: GroupBy | null): boolean {
  return (
    groupBy === 'state' ||
    groupBy === 'priority' ||
    groupBy === 'labels' ||
    groupBy === 'assignees' ||
    groupBy === 'target_date' ||
    groupBy === 'cycle' ||
    groupBy === 'module'
  );
}

/**
 * The property change that moves `issue` from group `from` to group `to` of `groupBy`, or null
 * when nothing changes or the property cannot be set by a drop. Multi-valued properties swap
 * `from` for `to` and keep the other values.
 */
export function groupChangePatch(
  issue: IssueRow,
  groupBy: GroupBy | null,
  from: string,
  to: string,
): UpdateIssueBody | null {
  if (from === to || !groupBy) return null;
  const swap = (ids: string[]) => {
    const rest = ids.filter((id) => id !== from && id !== to);
    return to === NONE_GROUP ? [] : [...rest, to];
  };
  switch (groupBy) {
    case 'state':
      return { state_id: to };
    case 'priority':
      return { priority: to as UpdateIssueBody['priority'] };
    case 'labels':
      return { label_ids: swap(issue.label_ids) };
    case 'assignees':
      return { assignee_ids: swap(issue.assignee_ids) };
    case 'target_date':
      return { target_date: to === NONE_GROUP ? null : to };
    case 'cycle':
      return { cycle_id: to === NONE_GROUP ? null : to };
    case 'module':
      return { module_ids: swap(issue.module_ids) };
    default:
      return null;
  }
}

// ---- manual order ----

/** The server's sort_order for the first issue of an empty state (issues.service.ts). */
export const FIRST_SORT_ORDER = 65535;

/**
 * The sort_order of an issue dropped at `index` among `neighbours` (the target group's sort
 * orders in display order, without the dragged issue): the midpoint between two neighbours,
 * first − 10000 at the top, last + 10000 at the bottom, 65535 in an empty group.
 */
export function sortOrderForDrop(neighbours: readonly number[], index: number): number {
  const at = Math.max(0, Math.min(index, neighbours.length));
  const previous = neighbours[at - 1] ?? null;
  const next = neighbours[at] ?? null;
  if (previous === null && next === null) return FIRST_SORT_ORDER;
  return sortOrderBetween(previous, next);
}

// ---- filters → query ----

export type DatePreset =
  | 'today'
  | 'yesterday'
  | 'last_7_days'
  | 'last_30_days'
  | '1_weeks'
  | '2_weeks'
  | '1_months'
  | '2_months';

export const DATE_PRESETS: readonly { value: DatePreset; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last_7_days', label: 'Last 7 days' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: '1_weeks', label: '1 week from now' },
  { value: '2_weeks', label: '2 weeks from now' },
  { value: '1_months', label: '1 month from now' },
  { value: '2_months', label: '2 months from now' },
];

export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/**
 * The date terms (api.md §5.3; AND-ed) of a preset, as stored in the filters: past presets are
 * day ranges ending today, "from now" presets are the span from today to N weeks/months ahead.
 */
export function datePresetTerms(preset: DatePreset, today = new Date()): string[] {
  const day = (d: Date) => isoDate(d);
  switch (preset) {
    case 'today':
      return [`${day(today)};after`, `${day(today)};before`];
    case 'yesterday': {
      const y = addDays(today, -1);
      return [`${day(y)};after`, `${day(y)};before`];
    }
    case 'last_7_days':
      return [`${day(addDays(today, -7))};after`, `${day(today)};before`];
    case 'last_30_days':
      return [`${day(addDays(today, -30))};after`, `${day(today)};before`];
    default:
      return [`${day(today)};after`, `${preset};before;fromnow`];
  }
}

/** The preset whose terms equal `terms` today, if any (for the menu's check marks and chips). */
export function presetOf(terms: readonly string[] | null, today = new Date()): DatePreset | null {
  if (!terms || terms.length === 0) return null;
  const joined = terms.join(',');
  return DATE_PRESETS.find((p) => datePresetTerms(p.value, today).join(',') === joined)?.value ?? null;
}

/** The JSON filter-tree key (api.md §5.3) of the multi-valued legacy params. */
const JSON_KEY_OF: Partial<Record<FilterKey, string>> = {
  labels: 'label_id',
  assignees: 'assignee_id',
  module: 'module_id',
};

/** The legacy filter param of a group (for "load more" of one group, api.md §5.2). */
export const GROUP_FILTER_PARAM: Record<GroupBy, FilterKey> = {
  state: 'state',
  'state_detail.group': 'state_group',
  priority: 'priority',
  labels: 'labels',
  assignees: 'assignees',
  created_by: 'created_by',
  cycle: 'cycle',
  module: 'module',
  target_date: 'target_date',
  project: 'project',
};

export interface ListQueryInput {
  filters: Filters;
  displayFilters: DisplayFilters;
  perPage: number;
  cursor?: string;
  /** Grouped request: the effective grouping. Ignored when `constraint` is given. */
  grouped?: boolean;
  /** Load more of one group (and sub-group): those values as filters, no grouping. */
  constraint?: { groupBy: GroupBy; value: string }[];
  /** Anything a layout adds (calendar ranges, `start_target_date` for gantt…). */
  extra?: Record<string, string>;
}

/**
 * The query string of a list request. A group's own filter replaces the user's filter on the
 * same key; for multi-valued keys the user's values move to the JSON filter tree so the list
 * stays the intersection of both.
 */
export function buildListQuery(input: ListQueryInput): string {
  const params = new URLSearchParams();
  const legacy = new Map<string, string[]>();
  for (const key of FILTER_KEYS) {
    const values = input.filters[key];
    if (values && values.length > 0) legacy.set(key, [...values]);
  }
  const tree: Record<string, string[]>[] = [];
  for (const { groupBy, value } of input.constraint ?? []) {
    const param = GROUP_FILTER_PARAM[groupBy];
    const own = legacy.get(param);
    const jsonKey = JSON_KEY_OF[param];
    if (own && jsonKey && !own.includes(NONE_GROUP)) tree.push({ [`${jsonKey}__in`]: own });
    legacy.set(param, [value]);
  }
  for (const [key, values] of legacy) params.set(key, values.join(','));
  if (tree.length > 0) params.set('filters', JSON.stringify(tree.length === 1 ? tree[0] : { and: tree }));
  const df = input.displayFilters;
  if (!input.constraint && input.grouped !== false) {
    const { groupBy, subGroupBy } = effectiveGrouping(df);
    if (groupBy) params.set('group_by', GROUP_BY_PARAM[groupBy]);
    if (subGroupBy) params.set('sub_group_by', GROUP_BY_PARAM[subGroupBy]);
  }
  params.set('order_by', df.order_by || 'sort_order');
  if (df.type) params.set('type', df.type);
  params.set('sub_issue', String(df.sub_issue));
  params.set('per_page', String(input.perPage));
  params.set('cursor', input.cursor ?? `${input.perPage}:0:0`);
  for (const [k, v] of Object.entries(input.extra ?? {})) params.set(k, v);
  return params.toString();
}

// ---- dates ----

/** Spec §5: a target date on or before today, in a state group that is not completed or cancelled. */
export function isOverdue(
  issue: Pick<IssueRow, 'target_date' | 'state__group'>,
  today = isoDate(new Date()),
): boolean {
  if (!issue.target_date) return false;
  if (issue.state__group === 'completed' || issue.state__group === 'cancelled') return false;
  return issue.target_date <= today;
}
