import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { closePalette, openPalette, paletteState } from './registry.ts';

/** The palette itself is its own chunk, loaded on the first Ctrl/Cmd-K (or `/`). */
const CommandPalette = lazy(() => import('./CommandPalette.tsx'));

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Ctrl/Cmd-K opens the command palette anywhere in the workspace app; `/` (when not typing)
 * opens it to search work items. Only this listener is on the critical path.
 */
export const CommandPaletteHost = observer(function CommandPaletteHost({ slug }: { slug: string }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey) return;
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (paletteState.open) return;
        openPalette('all');
      } else if (event.key === '/' && !event.metaKey && !event.ctrlKey && !isTyping(event.target)) {
        if (paletteState.open) return;
        event.preventDefault();
        openPalette('search');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      closePalette();
    };
  }, []);

  if (!paletteState.open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette slug={slug} />
    </Suspense>
  );
});
