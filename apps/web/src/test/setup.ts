import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadRadix } from '../ui/radixLoader.ts';
import { settleRouters } from './settleRouters.ts';

// jsdom has no matchMedia; the theme code asks for prefers-color-scheme.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Radix measures elements; jsdom lacks these.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
}
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
window.HTMLElement.prototype.hasPointerCapture ??= () => false;
window.HTMLElement.prototype.releasePointerCapture ??= () => undefined;
window.scrollTo = () => undefined;

// Menus and tooltips load Radix after the first paint in the app (ui/radixLoader.ts); tests render
// the Radix components from the start (ui/Menu.test.tsx covers the time before the chunk loads).
await loadRadix();

// Route screens are lazy chunks: the first render of one waits for its module to be transformed,
// which on a busy machine takes longer than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

afterEach(async () => {
  await settleRouters();
  cleanup();
  vi.useRealTimers();
});
