import { observeElementRect, useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { startTransition, useEffect, useState } from 'react';

/** A size to assume while the scroll element has none (not laid out yet, or jsdom in tests). */
const FALLBACK_RECT = { width: 1024, height: 900 };

/**
 * useVirtualizer for the board's scroll containers: an element that reports no size renders
 * a screenful of rows instead of none.
 *
 * The first render assumes no size at all: the element's real size arrives in the same commit
 * (a layout effect, before paint) and the rows for it render then. Guessing a size instead
 * mounted rows the real one did not need, ~2 cards per kanban column, and dropped them.
 */
export function useBoardVirtualizer(
  options: Omit<
    VirtualizerOptions<HTMLDivElement, Element>,
    'observeElementRect' | 'scrollToFn' | 'observeElementOffset'
  >,
) {
  return useVirtualizer<HTMLDivElement, Element>({
    ...options,
    initialRect: { width: 0, height: 0 },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });
}

/**
 * Overscan (rows rendered off screen so that scrolling finds them ready) only after the first
 * paint: a board mounting seven columns at once shows the cards in view first, and adds the
 * others in a transition, which React renders between frames instead of before the first one.
 */
export function useOverscanAfterPaint(overscan: number): number {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted ? overscan : 0;
}
