import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { closePalette, openPalette, paletteState } from './registry.ts';

/** The palette itself is its own chunk, loaded on the first Ctrl/Cmd-K (or `/`). */
const CommandPalette = lazy(() => import('./CommandPalette.tsx'));

/** Whether `/` belongs to where the focus is (a field, an open menu or dialog). */
function ownsSlash(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return !!target.closest('[role="menu"], [role="dialog"]:not([aria-modal="false"]), [role="listbox"]');
}

/**
 * Ctrl/Cmd-K opens the command palette anywhere in the workspace app; `/` (when not typing)
 * opens it to search work items. Only this listener is on the critical path.
 */
export const CommandPaletteHost = observer(function CommandPaletteHost({ slug }: { slug: string }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      if ((event.metaKey || event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (paletteState.open) return;
        openPalette('all');
      } else if (event.key === '/' && !event.metaKey && !event.ctrlKey && !ownsSlash(event.target)) {
        // (Shift may be needed to type `/` on some keyboard layouts.)
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
