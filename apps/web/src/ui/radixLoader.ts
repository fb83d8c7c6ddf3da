import { useSyncExternalStore } from 'react';

/**
 * The Radix menus and tooltips (./RadixParts.tsx) are a chunk of their own, loaded after the first
 * paint: with their popper, floating-ui, focus scope, dismissable layer and scroll lock they are
 * ~32 KB gzip the board does not need to show itself (quality.md U3). Menu.tsx and Tooltip.tsx
 * render plain triggers until the chunk is there, and start loading it on the first interaction.
 */
type Parts = typeof import('./RadixParts.tsx');

let loaded: Parts | null = null;
/** The chunk as the components see it: published once loaded and no pointer is pressing a trigger. */
let parts: Parts | null = null;
let pending: Promise<Parts> | null = null;
let pressed = false;
const listeners = new Set<() => void>();

/** The loaded chunk, or null before. */
export function radixParts(): Parts | null {
  return parts;
}

function publish(): void {
  if (!loaded || pressed || parts) return;
  parts = loaded;
  for (const listener of [...listeners]) listener();
}

/**
 * A pointer pressed a trigger shown before the chunk loaded: the Radix tree replaces it only after
 * the release and its click (a click whose press and release hit different elements goes to
 * their common ancestor: a row's click handler, say, which the trigger keeps it from).
 */
export function holdWhilePressed(): void {
  if (pressed || parts) return;
  pressed = true;
  const release = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
    setTimeout(() => {
      pressed = false;
      publish();
    });
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Loads the chunk (one load at a time; a failed load is tried again on the next call). */
export function loadRadix(): Promise<Parts> {
  if (!pending) {
    pending = import('./RadixParts.tsx').then((module) => {
      loaded = module;
      publish();
      return module;
    });
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** Starts loading the chunk now (an interaction is waiting for it); a failure is retried by the next one. */
export function requestRadix(): void {
  if (!loaded) loadRadix().catch((error: unknown) => console.warn('Loading menus failed', error));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chunk once loaded (the component renders again then), null before. */
export function useRadix(): Parts | null {
  return useSyncExternalStore(subscribe, radixParts, radixParts);
}

const INTERACTIVE_MARK = 'board:interactive';
/** A page without a board (no mark) loads the chunk this long after its first menu or tooltip mounted. */
const NO_BOARD_AFTER_MS = 3000;
let scheduled = false;

/**
 * Loads the chunk once the page is up, off its critical path: right after the board's
 * `board:interactive` mark (the keyboard's first `p` on a card then finds it loaded), or on a page
 * without a board when the browser is idle a few seconds after the first menu or tooltip mounted.
 * Called by every menu and tooltip rendered before the chunk is there; runs once.
 */
export function prefetchRadix(): void {
  if (scheduled || loaded) return;
  scheduled = true;
  const afterPaint = () => requestAnimationFrame(() => setTimeout(requestRadix, 0));
  if (performance.getEntriesByName(INTERACTIVE_MARK).length > 0) {
    afterPaint();
    return;
  }
  let done = false;
  const start = (load: () => void) => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    load();
  };
  const observer =
    typeof PerformanceObserver === 'undefined'
      ? null
      : new PerformanceObserver((list) => {
          if (list.getEntriesByName(INTERACTIVE_MARK).length > 0) start(afterPaint);
        });
  observer?.observe({ type: 'mark' });
  const timer = setTimeout(
    () =>
      start(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(requestRadix, { timeout: 1000 });
        else requestRadix();
      }),
    NO_BOARD_AFTER_MS,
  );
}
