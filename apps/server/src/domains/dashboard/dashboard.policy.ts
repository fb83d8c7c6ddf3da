import { PRIORITIES, WIDGET_KEYS, type WidgetFilters } from '@kite/shared/contracts';
import { ROLE, STATE_GROUPS } from '@kite/shared/domain';
import type { ListContext } from '../issues/issue-query.ts';
import { effectiveProjectRole } from '../projects/projects.policy.ts';

/**
 * The list context of everything a member may see on their home dashboard: the projects they are
 * in; where they are a guest and the project keeps guests to their own work items
 * (`guest_view_all_features` off), only the work items they created.
 */
export function visibleContext(
  userId: string,
  workspaceRole: number,
  memberships: { project_id: string; role: number; guest_view_all_features: boolean }[],
): ListContext {
  const ownOnly = memberships.filter(
    (m) => (effectiveProjectRole(workspaceRole, m.role) ?? 0) <= ROLE.GUEST && !m.guest_view_all_features,
  );
  return {
    projectIds: memberships.map((m) => m.project_id),
    ownOnlyProjectIds: ownOnly.map((m) => m.project_id),
    userId,
    states: [],
  };
}

/** A dashboard is its owner's alone: anyone else (and an owner who left its workspace) finds nothing. */
export function canUseDashboard(dashboard: { owned_by: string }, userId: string, isMember: boolean): boolean {
  return dashboard.owned_by === userId && isMember;
}

/** The widgets a new home dashboard starts with: all of them, visible, in the contract's order. */
export function defaultWidgets(): { key: string; sort_order: number; widget_filters: WidgetFilters }[] {
  return WIDGET_KEYS.map((key, index) => ({
    key,
    sort_order: (index + 1) * 1000,
    widget_filters:
      key === 'assigned_issues' || key === 'created_issues' ? { duration: 'none', tab: 'upcoming' } : {},
  }));
}

/** Every state group in order, with its count (0 where none). */
export function stateGroupCounts(counts: Map<string, number>) {
  return STATE_GROUPS.map((state) => ({ state, count: counts.get(state) ?? 0 }));
}

/** Every priority, urgent → none, with its count. */
export function priorityCounts(counts: Map<string, number>) {
  return PRIORITIES.map((priority) => ({ priority, count: counts.get(priority) ?? 0 }));
}
