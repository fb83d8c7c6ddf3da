import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import {
  draggable,
  dropTargetForElements,
  monitorForElements,
} from '@atlaskit/pragmatic-drag-and-drop/element/adapter';

/**
 * The drag-and-drop library behind dnd.ts, in its own chunk: it is not needed for the board's
 * first paint, so it loads right after.
 */

export interface CellRef {
  group: string;
  sub: string | null;
}
export type Edge = 'top' | 'bottom';
export interface DragData extends CellRef {
  kind: 'issue';
  issueId: string;
}
export interface CardTargetData extends CellRef {
  kind: 'issue-target';
  issueId: string;
  edge: Edge;
}
export interface CellTargetData extends CellRef {
  kind: 'cell';
}

type Data = Record<string | symbol, unknown>;
const isDrag = (d: Data): boolean => d.kind === 'issue';

function edgeOf(element: Element, clientY: number): Edge {
  const rect = element.getBoundingClientRect();
  return clientY < rect.top + rect.height / 2 ? 'top' : 'bottom';
}

/** A draggable card that is also a drop target above or below it. Returns the cleanup. */
export function registerCard(
  element: HTMLElement,
  data: DragData,
  on: { dragging: (v: boolean) => void; edge: (e: Edge | null) => void },
): () => void {
  return combine(
    draggable({
      element,
      getInitialData: (): Data => ({ ...data }),
      onDragStart: () => on.dragging(true),
      onDrop: () => on.dragging(false),
    }),
    dropTargetForElements({
      element,
      canDrop: ({ source }) => isDrag(source.data) && source.data.issueId !== data.issueId,
      getData: ({ input }): Data =>
        ({
          kind: 'issue-target',
          issueId: data.issueId,
          group: data.group,
          sub: data.sub,
          edge: edgeOf(element, input.clientY),
        }) satisfies CardTargetData,
      onDrag: ({ self }) => on.edge((self.data as unknown as CardTargetData).edge),
      onDragLeave: () => on.edge(null),
      onDrop: () => on.edge(null),
    }),
  );
}

/** A group column / cell that takes drops (at its end when not over a card). */
export function registerCell(element: HTMLElement, cell: CellRef, over: (v: boolean) => void): () => void {
  return dropTargetForElements({
    element,
    canDrop: ({ source }) => isDrag(source.data),
    getData: (): Data => ({ kind: 'cell', group: cell.group, sub: cell.sub }) satisfies CellTargetData,
    onDragEnter: () => over(true),
    onDragLeave: () => over(false),
    onDrop: () => over(false),
  });
}

/** Every drop of an issue: what was dragged and the innermost target. */
export function monitorDrops(
  onDrop: (source: DragData, target: CardTargetData | CellTargetData) => void,
): () => void {
  return monitorForElements({
    canMonitor: ({ source }) => isDrag(source.data),
    onDrop: ({ source, location }) => {
      const [inner] = location.current.dropTargets;
      if (!inner) return;
      onDrop(source.data as unknown as DragData, inner.data as unknown as CardTargetData | CellTargetData);
    },
  });
}
