import { SlidersHorizontal } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { onDemand } from '../../../lib/onDemand.ts';
import { buttonClasses } from '../../../ui/Button.tsx';
import type { IssueView } from '../IssueView.ts';

type DisplayPopoverComponent = ComponentType<{
  view: IssueView;
  onClose: () => void;
  trigger: () => HTMLElement | null;
}>;

const popover = onDemand<DisplayPopoverComponent>(() =>
  import('./DisplayPopover.tsx').then((m) => m.DisplayPopover),
);

/**
 * The Display menu's button. The popover (Radix and every option) is its own chunk, loaded on the
 * first opening: the board's first load does without it. Hovering or focusing the button starts
 * the load, so a click rarely waits.
 */
export function DisplayMenu({ view }: { view: IssueView }) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [Popover, setPopover] = useState<DisplayPopoverComponent | null>(() => popover.current);
  const load = () =>
    popover.load().then((component) => {
      setPopover(() => component);
      return component;
    });
  const toggle = () => {
    if (open) return setOpen(false);
    if (Popover) return setOpen(true);
    void load().then(
      () => setOpen(true),
      () => undefined,
    );
  };
  return (
    <button
      ref={button}
      type="button"
      className={`${buttonClasses('secondary', 'sm')} relative`}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={() => void load().catch(() => undefined)}
      onFocus={() => void load().catch(() => undefined)}
      // Events from the open popover bubble here through the React tree: only the button's own count.
      onClick={(e) => e.currentTarget.contains(e.target as Node) && toggle()}
    >
      <SlidersHorizontal className="size-3.5" aria-hidden /> Display
      {open && Popover && (
        <Popover view={view} onClose={() => setOpen(false)} trigger={() => button.current} />
      )}
    </button>
  );
}
