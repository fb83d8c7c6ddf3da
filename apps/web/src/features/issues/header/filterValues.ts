import { PRIORITY_LABELS } from '../../public-board/PriorityIcon.tsx';
import type { IssueView } from '../IssueView.ts';
import { DATE_PRESETS, type FilterKey, NONE_GROUP, presetOf } from '../store/displayFilters.ts';

export const FILTER_LABELS: Partial<Record<FilterKey, string>> = {
  state: 'State',
  priority: 'Priority',
  assignees: 'Assignees',
  labels: 'Labels',
  created_by: 'Created by',
  start_date: 'Start date',
  target_date: 'Due date',
  state_group: 'State group',
  cycle: 'Cycle',
  module: 'Module',
  project: 'Project',
  subscriber: 'Subscriber',
  mentions: 'Mentions',
};

const USER_KEYS: readonly FilterKey[] = ['assignees', 'created_by', 'subscriber', 'mentions'];

/** A filter value as a person reads it. */
export function filterValueLabel(view: IssueView, key: FilterKey, value: string): string {
  if (value === NONE_GROUP) return key === 'labels' ? 'No labels' : 'None';
  if (USER_KEYS.includes(key)) return view.userOf(value)?.display_name ?? 'Unknown member';
  switch (key) {
    case 'state':
      return view.stateOf(value)?.name ?? 'Unknown state';
    case 'state_group':
      return view.groupMeta('state_detail.group', value).label;
    case 'priority':
      return PRIORITY_LABELS[value] ?? value;
    case 'labels':
      return view.labelOf(value)?.name ?? 'Unknown label';
    case 'cycle':
      return view.stores.cycles.find(value)?.name ?? 'Unknown cycle';
    case 'module':
      return view.stores.modules.find(value)?.name ?? 'Unknown module';
    case 'project':
      return view.stores.projects.get(view.slug, value)?.name ?? 'Unknown project';
    default:
      return value;
  }
}

/**
 * What a chip says for a value naming a state, label or member that is gone (deleted, or removed
 * from the workspace) — a saved view keeps such ids — or null while it exists or the names are
 * still loading.
 */
export function removedFilterValue(view: IssueView, key: FilterKey, value: string): string | null {
  if (value === NONE_GROUP) return null;
  const { stores } = view;
  const across = view.crossProject;
  if (USER_KEYS.includes(key))
    return stores.members.isLoaded(view.slug) && !view.userOf(value) ? 'Removed member' : null;
  if (key === 'state') {
    const known = across
      ? stores.states.isWorkspaceLoaded(view.slug)
      : stores.states.isLoaded(view.projectId);
    return known && !view.stateOf(value) ? 'Removed state' : null;
  }
  if (key === 'labels') {
    const known = across
      ? stores.labels.isWorkspaceLoaded(view.slug)
      : stores.labels.isLoaded(view.projectId);
    return known && !view.labelOf(value) ? 'Removed label' : null;
  }
  return null;
}

/** Date terms as a chip label: the preset's name, or the terms themselves. */
export function dateFilterLabel(terms: string[]): string {
  const preset = presetOf(terms);
  return DATE_PRESETS.find((p) => p.value === preset)?.label ?? terms.join(', ');
}
