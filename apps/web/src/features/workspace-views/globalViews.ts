import { seg } from '../../lib/api.ts';
import type { ListScope } from '../issues/IssueView.ts';
import type { Layout } from '../issues/store/displayFilters.ts';
import { PROFILE_TAB_PARAM } from '../profile/profileTabs.ts';
import type { GlobalView } from './viewIds.ts';

export const GLOBAL_VIEW_LABELS: Record<GlobalView, string> = {
  'all-issues': 'All work items',
  assigned: 'Assigned',
  created: 'Created',
  subscribed: 'Subscribed',
};

/** The layouts a global view offers; spreadsheet is the built-in one (spec §2). */
export const GLOBAL_VIEW_LAYOUTS: readonly Layout[] = ['spreadsheet', 'list', 'kanban'];
export const GLOBAL_VIEW_DEFAULT_LAYOUT: Layout = 'spreadsheet';
/** A custom workspace view created from scratch starts as the built-in ones do: a spreadsheet. */
export const NEW_WORKSPACE_VIEW_SETTINGS = { display_filters: { layout: GLOBAL_VIEW_DEFAULT_LAYOUT } };

/** A view's list: `{ws}/issues/` across the caller's projects; its settings kept in this browser per view. */
export function globalViewScope(slug: string, view: GlobalView, userId: string): ListScope {
  // api.md §5.18: the built-in views send the caller as a profile tab does (`assignees=<me>`…).
  const param = view === 'all-issues' ? null : PROFILE_TAB_PARAM[view];
  return {
    settingsKey: `global-view:${slug}:${view}`,
    listKey: `${slug}:${view}`,
    path: `/api/workspaces/${seg(slug)}/issues/`,
    params: param ? { [param]: userId } : {},
  };
}
