import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type CellRef, useDraggableIssue } from '../dnd.ts';
import type { IssueView } from '../IssueView.ts';

/**
 * One work item on a board (a kanban card or a list row): draggable, focused by the keyboard
 * walk (j/k), opening the peek on click or Enter. `itemProps` go on the item's element, which
 * is a `role="button"` div because it holds buttons of its own (the properties).
 */
export function useIssueItem(view: IssueView, id: string, cell: CellRef) {
  const ref = useRef<HTMLDivElement>(null);
  const issue = view.issue(id);
  const { dragging, edge, draggable } = useDraggableIssue(ref, view, id, cell);
  const focused = view.isFocused(id);
  useEffect(() => {
    if (focused && ref.current && document.activeElement !== ref.current && !view.openMenu)
      ref.current.focus({ preventScroll: true });
  }, [focused, view]);
  const key = issue ? view.issueKey(issue) : '';
  const itemProps = {
    ref,
    role: 'button',
    tabIndex: focused ? 0 : -1,
    draggable,
    'data-issue-id': id,
    'aria-label': issue ? `${key} ${issue.name}` : undefined,
    onClick: () => view.openPeek(id),
    onFocus: () => view.focus(id),
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) view.openPeek(id);
    },
  } as const;
  return { issue, key, focused, dragging, edge, itemProps };
}
