import { useEffect } from 'react';
import { registerCommands, takeBoardAction } from '../command-palette/registry.ts';
import type { IssueView, PlanningFeature, PropertyMenu } from './IssueView.ts';

/** One thing the board can do, by keyboard here and by a command palette later. */
export interface IssueAction {
  id: string;
  title: string;
  /** Keys (KeyboardEvent.key) that run it on the board. */
  keys: readonly string[];
  /** Whether it applies now (e.g. needs a focused issue or the member role). */
  enabled: (view: IssueView) => boolean;
  run: (view: IssueView) => void;
}

const focused = (view: IssueView) => !!view.focusedId && !!view.issue(view.focusedId);
/** The focused item's properties can be changed by the viewer (its project's role). */
const editable = (view: IssueView) => {
  const issue = view.focusedId ? view.issue(view.focusedId) : undefined;
  return !!issue && view.canEditIssue(issue);
};
/** …and its project uses cycles / modules. */
const plannable = (feature: PlanningFeature) => (view: IssueView) => {
  const issue = view.focusedId ? view.issue(view.focusedId) : undefined;
  return editable(view) && !!issue && view.planningOn(feature, issue.project_id);
};
const openMenu = (menu: PropertyMenu) => (view: IssueView) => {
  if (view.focusedId) view.setOpenMenu(view.focusedId, menu);
};

/** The board's actions, in one place (the command palette reads this list). */
export const ISSUE_ACTIONS: readonly IssueAction[] = [
  {
    id: 'issue.create',
    title: 'Create work item',
    keys: ['c'],
    enabled: (view) => view.canEdit,
    run: (view) => view.openCreate(),
  },
  {
    id: 'issue.focus-next',
    title: 'Next work item',
    keys: ['j', 'ArrowDown'],
    enabled: () => true,
    run: (view) => view.moveFocus(1),
  },
  {
    id: 'issue.focus-previous',
    title: 'Previous work item',
    keys: ['k', 'ArrowUp'],
    enabled: () => true,
    run: (view) => view.moveFocus(-1),
  },
  {
    id: 'issue.open',
    title: 'Open work item',
    keys: ['Enter'],
    enabled: focused,
    run: (view) => view.focusedId && view.openPeek(view.focusedId),
  },
  {
    id: 'issue.state',
    title: 'Change state',
    keys: ['s'],
    enabled: editable,
    run: openMenu('state'),
  },
  {
    id: 'issue.priority',
    title: 'Change priority',
    keys: ['p'],
    enabled: editable,
    run: openMenu('priority'),
  },
  {
    id: 'issue.assignees',
    title: 'Change assignees',
    keys: ['a'],
    enabled: editable,
    run: openMenu('assignees'),
  },
  {
    id: 'issue.labels',
    title: 'Change labels',
    keys: ['l'],
    enabled: editable,
    run: openMenu('labels'),
  },
  {
    id: 'issue.cycle',
    title: 'Add to cycle',
    keys: ['C'],
    enabled: plannable('cycle_view'),
    run: openMenu('cycle'),
  },
  {
    id: 'issue.modules',
    title: 'Add to modules',
    keys: ['M'],
    enabled: plannable('module_view'),
    run: openMenu('modules'),
  },
  {
    id: 'issue.select',
    title: 'Select work item',
    keys: ['x'],
    // The list and the spreadsheet show the selection and its bulk bar.
    enabled: (view) => focused(view) && view.canSelect && ['list', 'spreadsheet'].includes(view.layout),
    run: (view) => view.focusedId && view.toggleSelected(view.focusedId),
  },
  {
    id: 'issue.clear-selection',
    title: 'Clear the selection',
    keys: ['Escape'],
    enabled: (view) => view.hasSelection,
    run: (view) => view.clearSelection(),
  },
];

function ignored(event: KeyboardEvent): boolean {
  if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  // Open menus and dialogs handle their own keys.
  return !!target.closest('[role="menu"], [role="dialog"], [role="listbox"]');
}

/**
 * Runs the board's actions from the keyboard while the screen is mounted, and offers the ones
 * that apply to the command palette (which may have asked for one before navigating here).
 */
export function useIssueShortcuts(view: IssueView): void {
  useEffect(() => {
    const unregister = registerCommands('board', () =>
      ISSUE_ACTIONS.filter((action) => action.enabled(view)).map((action) => ({
        id: action.id,
        title: action.title,
        group: 'Actions',
        keys: action.keys,
        run: () => action.run(view),
      })),
    );
    const requested = ISSUE_ACTIONS.find((action) => action.id === takeBoardAction());
    if (requested?.enabled(view)) requested.run(view);
    return unregister;
  }, [view]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      // Enter on a button (a property, "load more") belongs to that button.
      if (event.key === 'Enter' && event.target instanceof HTMLButtonElement) return;
      if (view.openMenu || view.createOpen) return;
      const action = ISSUE_ACTIONS.find((a) => a.keys.includes(event.key));
      if (!action?.enabled(view)) return;
      event.preventDefault();
      action.run(view);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [view]);
}
