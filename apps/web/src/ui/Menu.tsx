import type * as Dropdown from '@radix-ui/react-dropdown-menu';
import {
  type ComponentProps,
  type ComponentType,
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { prefetchRadix, requestRadix, useRadix } from './radixLoader.ts';
import {
  composeHandlers,
  composeRefs,
  type Handover,
  newHandover,
  ShellSlot,
  shellTriggerProps,
  useComposedRefs,
} from './shellTrigger.tsx';

/**
 * Menus (Radix's dropdown menu). Radix itself is a chunk loaded after the first paint
 * (radixLoader.ts); until it is there a menu renders its trigger only, with the trigger's ARIA
 * state, and opening it (pointer down, Enter, Space, ArrowDown, click) loads the chunk and opens
 * the menu once it is in: a keyboard opening focuses its first item, as Radix does. A controlled
 * `open` menu opens as soon as the chunk is in.
 */

/** How a menu asked to open before the chunk loaded, and the trigger's hand-over to Radix's. */
interface Shell {
  requestOpen(how: 'pointer' | 'keyboard'): void;
  cancel(): void;
  /** An opening is waiting for the chunk. */
  pending: boolean;
  /** That opening came from the keyboard: the first item takes the focus. */
  keyboardOpen: boolean;
  handover: Handover;
  /** The content's ref: focuses the first item for a keyboard opening made before the chunk loaded. */
  focusFirstItem(node: HTMLDivElement | null): void;
}

const MenuShell = createContext<Shell | null>(null);

export function Menu(props: Dropdown.DropdownMenuProps) {
  const radix = useRadix();
  const [wanted, setWanted] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const [shell] = useState<Shell>(() => {
    const self: Shell = {
      pending: false,
      keyboardOpen: false,
      handover: newHandover(),
      requestOpen(how) {
        const { open, onOpenChange } = latest.current;
        if (open || self.pending) return;
        self.pending = true;
        self.keyboardOpen = how === 'keyboard';
        if (open === undefined) setWanted(true);
        onOpenChange?.(true);
        requestRadix();
      },
      focusFirstItem(node) {
        if (!node || !self.keyboardOpen) return;
        self.keyboardOpen = false;
        node
          .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
          ?.focus({ preventScroll: true });
      },
      cancel() {
        if (!self.pending) return;
        self.pending = false;
        self.keyboardOpen = false;
        setWanted(false);
        latest.current.onOpenChange?.(false);
      },
    };
    return self;
  });
  const { open, defaultOpen } = props;
  useEffect(() => {
    if (radix) return;
    if (open || defaultOpen) requestRadix();
    else prefetchRadix();
  }, [radix, open, defaultOpen]);
  useEffect(() => {
    if (!radix || !shell.pending) return;
    shell.pending = false;
    // The menu waiting for the chunk has opened by now (its content mounts in the same task).
    const timer = setTimeout(() => {
      shell.keyboardOpen = false;
    });
    return () => clearTimeout(timer);
  }, [radix, shell]);
  return (
    <MenuShell.Provider value={shell}>
      {radix ? <radix.MenuRoot {...props} defaultOpen={defaultOpen || wanted} /> : props.children}
    </MenuShell.Provider>
  );
}

export function MenuTrigger({ asChild, children, ...props }: ComponentProps<typeof Dropdown.Trigger>) {
  const radix = useRadix();
  const shell = useContext(MenuShell);
  if (radix)
    return (
      <radix.MenuTrigger
        asChild={asChild}
        handover={shell?.handover ?? null}
        refocus={!shell?.pending}
        {...props}
      >
        {children}
      </radix.MenuTrigger>
    );
  const disabled = !!props.disabled;
  const handover = shell ? shellTriggerProps(shell.handover) : null;
  const shellProps = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    'data-disabled': disabled ? '' : undefined,
    ...props,
    ref: composeRefs(props.ref, handover?.ref),
    onPointerDown: composeHandlers(props.onPointerDown, (event: PointerEvent<HTMLButtonElement>) => {
      handover?.onPointerDown();
      if (disabled || event.button !== 0 || event.ctrlKey) return;
      // As Radix: the trigger does not take the focus, the menu will.
      event.preventDefault();
      shell?.requestOpen('pointer');
    }),
    onKeyDown: composeHandlers(props.onKeyDown, (event: KeyboardEvent<HTMLButtonElement>) => {
      if (disabled) return;
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault();
        shell?.requestOpen('keyboard');
      } else if (event.key === 'Escape') {
        shell?.cancel();
      }
    }),
    // A click with no pointer press before it (assistive technology, element.click()) opens it too.
    onClick: composeHandlers(props.onClick, () => {
      if (!disabled) shell?.requestOpen('pointer');
    }),
    onPointerEnter: composeHandlers(props.onPointerEnter, () => handover?.onPointerEnter()),
    onPointerLeave: composeHandlers(props.onPointerLeave, () => handover?.onPointerLeave()),
    onFocus: composeHandlers(props.onFocus, () => handover?.onFocus()),
    onBlur: composeHandlers(props.onBlur, () => handover?.onBlur()),
  };
  return asChild ? (
    <ShellSlot {...shellProps}>{children}</ShellSlot>
  ) : (
    <button {...shellProps}>{children}</button>
  );
}

export function MenuContent(props: ComponentProps<typeof Dropdown.Content>) {
  const radix = useRadix();
  const shell = useContext(MenuShell);
  // Opened from the keyboard before the chunk loaded: the first item takes the focus, as Radix
  // does when it sees the key itself (its focus scope leaves a focus already inside alone).
  const ref = useComposedRefs(props.ref, shell ? shell.focusFirstItem : undefined);
  if (!radix) return null;
  return <radix.MenuContent {...props} ref={ref} />;
}

type Parts = typeof import('./RadixParts.tsx');
type OpenMenuPart =
  | 'MenuItem'
  | 'MenuRadioGroup'
  | 'MenuRadioItem'
  | 'MenuLabel'
  | 'MenuSeparator'
  | 'MenuCheckboxItem'
  | 'MenuSub'
  | 'MenuSubTrigger'
  | 'MenuSubContent';

/** A part of an open menu: nothing before the chunk is in (no menu is open before it). */
function openMenuPart<K extends OpenMenuPart>(name: K): ComponentType<ComponentProps<Parts[K]>> {
  function Part(props: Record<string, unknown>) {
    const radix = useRadix();
    if (!radix) return null;
    const Loaded = radix[name] as ComponentType<Record<string, unknown>>;
    return <Loaded {...props} />;
  }
  Part.displayName = name;
  return Part as ComponentType<ComponentProps<Parts[K]>>;
}

export const MenuItem = openMenuPart('MenuItem');
export const MenuRadioGroup = openMenuPart('MenuRadioGroup');
export const MenuRadioItem = openMenuPart('MenuRadioItem');
export const MenuLabel = openMenuPart('MenuLabel');
export const MenuSeparator = openMenuPart('MenuSeparator');
/** A toggle in a menu (multi-select lists: assignees, labels, filters); stays open on select when asked. */
export const MenuCheckboxItem = openMenuPart('MenuCheckboxItem');
export const MenuSub = openMenuPart('MenuSub');
export const MenuSubTrigger = openMenuPart('MenuSubTrigger');
export const MenuSubContent = openMenuPart('MenuSubContent');
