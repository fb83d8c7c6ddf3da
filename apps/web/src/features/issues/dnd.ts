import { type RefObject, useEffect, useState } from 'react';
import { onDemand } from '../../lib/onDemand.ts';
import type { CellRef, Edge } from './dndAdapter.ts';
import type { IssueView } from './IssueView.ts';

export type { CellRef } from './dndAdapter.ts';

type Adapter = typeof import('./dndAdapter.ts');
/** The drag-and-drop chunk, loaded once the board is interactive. */
const dndAdapter = onDemand<Adapter>(() => import('./dndAdapter.ts'));

/** Resolves once the current frame has painted and its animation-frame callbacks have run. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves after the board's `board:interactive` mark (IssuesScreen), so drag and drop stays off
 * the critical path; at once when the mark is already there (a later board), after 3 s at worst.
 */
function afterInteractive(): Promise<void> {
  if (
    performance.getEntriesByName('board:interactive').length > 0 ||
    typeof PerformanceObserver === 'undefined'
  )
    return afterPaint();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(afterPaint());
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('board:interactive').length > 0) done();
    });
    observer.observe({ type: 'mark' });
    const timer = setTimeout(done, 3000);
  });
}

/** Resolves when the browser has idle time (at most `timeout` ms later), or after paint without requestIdleCallback. */
function whenIdle(timeout: number): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return afterPaint();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout }));
}

/** Registrations waiting for idle time (one batch for all the cards mounted meanwhile). */
let pending: (() => void)[] = [];

/**
 * Runs `register` once the browser is idle and returns the cleanup (which also cancels a
 * registration still waiting). A board mounts ~100 cards at once, and a fast scroll through a
 * long column mounts a few every frame; their drag-and-drop set-up is not needed to see them,
 * so it waits for a frame with time to spare (a pointer has to reach a card before it drags).
 */
function registerWhenIdle(register: () => () => void): () => void {
  let unregister: (() => void) | null = null;
  let cancelled = false;
  if (pending.length === 0)
    void whenIdle(500).then(() => {
      const batch = pending;
      pending = [];
      for (const run of batch) run();
    });
  pending.push(() => {
    if (!cancelled) unregister = register();
  });
  return () => {
    cancelled = true;
    unregister?.();
  };
}

/** The adapter once loaded (null before; the hook re-renders when it arrives). */
function useAdapter(enabled: boolean): Adapter | null {
  const [loaded, setLoaded] = useState<Adapter | null>(dndAdapter.current);
  useEffect(() => {
    if (!enabled || loaded) return;
    let live = true;
    void afterInteractive()
      .then(dndAdapter.load)
      .then((m) => live && setLoaded(m));
    return () => {
      live = false;
    };
  }, [enabled, loaded]);
  return loaded;
}

/**
 * A draggable row or card that is also a drop target (above or below it). Returns whether it
 * is being dragged, the edge a dragged issue would land on (for the drop indicator) and the
 * `draggable` attribute for the element: set when the element is created, because the library
 * setting it later changes inherited styles (user-select) and restyles every card's subtree.
 */
export function useDraggableIssue(
  ref: RefObject<HTMLElement | null>,
  view: IssueView,
  issueId: string,
  cell: CellRef,
): { dragging: boolean; edge: Edge | null; draggable: true | undefined } {
  const [dragging, setDragging] = useState(false);
  const [edge, setEdge] = useState<Edge | null>(null);
  const enabled = view.canDrag && !issueId.startsWith('temp-');
  const dnd = useAdapter(enabled);
  const { group, sub } = cell;
  const { live } = view.stores;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || !dnd) return;
    // Live changes wait while the card is dragged, so the board does not move under the pointer.
    let release: (() => void) | undefined;
    const onDragging = (value: boolean) => {
      setDragging(value);
      release?.();
      release = value ? live.hold() : undefined;
    };
    const unregister = registerWhenIdle(() =>
      dnd.registerCard(
        element,
        { kind: 'issue', issueId, group, sub },
        { dragging: onDragging, edge: setEdge },
      ),
    );
    return () => {
      release?.();
      unregister();
    };
  }, [ref, enabled, dnd, issueId, group, sub, live]);
  return { dragging, edge, draggable: enabled || undefined };
}

/** A group column / cell that takes drops (at its end when not over a card). */
export function useDropCell(ref: RefObject<HTMLElement | null>, view: IssueView, cell: CellRef): boolean {
  const [over, setOver] = useState(false);
  const enabled = view.canDrag;
  const dnd = useAdapter(enabled);
  const { group, sub } = cell;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || !dnd) return;
    return registerWhenIdle(() => dnd.registerCell(element, { group, sub }, setOver));
  }, [ref, enabled, dnd, group, sub]);
  return over;
}

/** Listens to every drop on the board and turns it into a move (group property + sort_order). */
export function useBoardDrops(view: IssueView): void {
  const dnd = useAdapter(true);
  useEffect(() => {
    if (!dnd) return;
    return dnd.monitorDrops((source, target) => {
      const list = view.list;
      if (!list) return;
      const ids = list.issueIds(target.group, target.sub).filter((id) => id !== source.issueId);
      let index = ids.length;
      if (target.kind === 'issue-target') {
        const at = ids.indexOf(target.issueId);
        if (at !== -1) index = target.edge === 'top' ? at : at + 1;
      }
      void view.moveIssue(
        source.issueId,
        { group: target.group, sub: target.sub, index },
        { group: source.group, sub: source.sub },
      );
    });
  }, [dnd, view]);
}
