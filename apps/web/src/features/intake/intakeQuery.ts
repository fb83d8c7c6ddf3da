import type { IntakeIssue, IntakeOrdering } from '@kite/shared/contracts';
import {
  CLOSED_INTAKE_STATUSES,
  DEFAULT_INTAKE_ORDER,
  INTAKE_PAGE_SIZE,
  type IntakeStatus,
  OPEN_INTAKE_STATUSES,
} from '@kite/shared/domain';
import { datePresetTerms, isoDate } from '../issues/store/displayFilters.ts';

/**
 * What the inbox shows (spec §2, §9): a tab, the filters within it and an order, as pure
 * functions — the list's request, and whether an item (after a change) still belongs to it.
 */

export type IntakeTab = 'open' | 'closed';
export const INTAKE_TABS: readonly IntakeTab[] = ['open', 'closed'];
export const isIntakeTab = (value: unknown): value is IntakeTab => value === 'open' || value === 'closed';

export const TAB_STATUSES: Record<IntakeTab, readonly IntakeStatus[]> = {
  open: OPEN_INTAKE_STATUSES,
  closed: CLOSED_INTAKE_STATUSES,
};

/** The created-date filter's choices (the past presets of the issue filters). */
export const CREATED_PRESETS = ['today', 'yesterday', 'last_7_days', 'last_30_days'] as const;
export type CreatedPreset = (typeof CREATED_PRESETS)[number];

export interface IntakeFilters {
  /** Statuses within the tab; none (or none of the tab's) means all of the tab's. */
  status: IntakeStatus[];
  priority: string[];
  /** User ids. */
  assignees: string[];
  /** Label ids. */
  labels: string[];
  created: CreatedPreset | null;
}

export const EMPTY_INTAKE_FILTERS: IntakeFilters = {
  status: [],
  priority: [],
  assignees: [],
  labels: [],
  created: null,
};

/** The orders the inbox offers (spec §9: created, the default, newest first; updated; sequence id). */
export const INTAKE_ORDER_CHOICES: readonly { value: IntakeOrdering; label: string }[] = [
  { value: '-issue__created_at', label: 'Newest created' },
  { value: 'issue__created_at', label: 'Oldest created' },
  { value: '-issue__updated_at', label: 'Recently updated' },
  { value: 'issue__updated_at', label: 'Least recently updated' },
  { value: '-issue__sequence_id', label: 'Highest ID' },
  { value: 'issue__sequence_id', label: 'Lowest ID' },
];

export const DEFAULT_ORDER = DEFAULT_INTAKE_ORDER as IntakeOrdering;

/** One list of the inbox: a project's tab under filters and an order. */
export interface IntakeQuery {
  projectId: string;
  tab: IntakeTab;
  filters: IntakeFilters;
  orderBy: IntakeOrdering;
}

/** The statuses a query lists: the filter's within the tab, or all of the tab's. */
export function statusesOf(query: Pick<IntakeQuery, 'tab' | 'filters'>): readonly IntakeStatus[] {
  const tab = TAB_STATUSES[query.tab];
  const picked = query.filters.status.filter((s) => tab.includes(s));
  return picked.length > 0 ? picked : tab;
}

/** How many filters are set (the button's count); statuses of the other tab do not count. */
export function activeFilterCount(query: Pick<IntakeQuery, 'tab' | 'filters'>): number {
  const { filters } = query;
  const statuses = filters.status.filter((s) => TAB_STATUSES[query.tab].includes(s)).length;
  return (
    statuses +
    filters.priority.length +
    filters.assignees.length +
    filters.labels.length +
    Number(filters.created !== null)
  );
}

/** The list's key in the store: the same query, the same list. */
export function queryKey(slug: string, query: IntakeQuery): string {
  const f = query.filters;
  return [
    slug,
    query.projectId,
    query.tab,
    query.orderBy,
    statusesOf(query).join(','),
    [...f.priority].sort().join(','),
    [...f.assignees].sort().join(','),
    [...f.labels].sort().join(','),
    f.created ?? '',
  ].join('|');
}

/** The query string of one page (api.md §10), the `cursor` page of `INTAKE_PAGE_SIZE` items. */
export function queryParams(query: IntakeQuery, page: number, today = new Date()): string {
  const params = new URLSearchParams({ status: statusesOf(query).join(',') });
  const { filters } = query;
  if (filters.priority.length) params.set('priority', filters.priority.join(','));
  if (filters.assignees.length) params.set('assignees', filters.assignees.join(','));
  if (filters.labels.length) params.set('labels', filters.labels.join(','));
  if (filters.created) params.set('created_at', datePresetTerms(filters.created, today).join(','));
  params.set('order_by', query.orderBy);
  params.set('per_page', String(INTAKE_PAGE_SIZE));
  params.set('cursor', `${INTAKE_PAGE_SIZE}:${page}:0`);
  return params.toString();
}

/** The first and last day (`YYYY-MM-DD`, local) of a created-date preset. */
function createdRange(preset: CreatedPreset, today: Date): [string, string] {
  const [from, to] = datePresetTerms(preset, today).map((term) => term.split(';')[0] ?? '');
  return [from ?? '', to ?? ''];
}

/**
 * Whether an item belongs to a query's list as it is now: after a local change (triage, an edit,
 * a submission) it leaves the lists it no longer matches and joins those it does.
 */
export function matchesQuery(item: IntakeIssue, query: IntakeQuery, today = new Date()): boolean {
  if (item.issue.project_id !== query.projectId) return false;
  if (!statusesOf(query).includes(item.status as IntakeStatus)) return false;
  const { filters } = query;
  const { issue } = item;
  if (filters.priority.length && !filters.priority.includes(issue.priority)) return false;
  if (filters.assignees.length && !issue.assignee_ids.some((id) => filters.assignees.includes(id)))
    return false;
  if (filters.labels.length && !issue.label_ids.some((id) => filters.labels.includes(id))) return false;
  if (filters.created) {
    const [from, to] = createdRange(filters.created, today);
    const day = isoDate(new Date(issue.created_at));
    if (day < from || day > to) return false;
  }
  return true;
}
