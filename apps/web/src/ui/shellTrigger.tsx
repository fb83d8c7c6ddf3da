import { cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback, useMemo } from 'react';
import { holdWhilePressed, radixParts, requestRadix } from './radixLoader.ts';

/**
 * Triggers rendered before the Radix chunk has loaded (radixLoader.ts): the trigger's own element
 * with Radix's props merged in the way Radix's Slot does, and a hand-over to the Radix trigger
 * that replaces it once the chunk is there (React mounts the Radix tree anew: focus and hover
 * carry over from the element it replaces).
 */

/** The caller's handler, then ours unless the caller prevented the default (Radix's composeEventHandlers). */
export function composeHandlers<E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(value);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }
  if (ref) ref.current = value;
  return undefined;
}

/** One callback for several refs (a callback ref's cleanup is kept, as React 19 does). */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => setRef(ref, node));
    return () => {
      refs.forEach((ref, i) => {
        const cleanup = cleanups[i];
        if (typeof cleanup === 'function') cleanup();
        else setRef(ref, null);
      });
    };
  };
}

/**
 * composeRefs kept across renders while the refs are the same: a new callback each render would
 * detach and attach the Radix element's refs every time (Radix keeps some in state: a render more).
 */
export function useComposedRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies
  return useMemo(() => composeRefs(...refs), refs);
}

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

/** Radix Slot's merge: both handlers run (the child's first), styles and classes combine, the child's other props win. */
function mergeProps(slotProps: Props, childProps: Props): Props {
  const override: Props = { ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        override[name] = (...args: unknown[]) => {
          const result = (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
          return result;
        };
      } else if (slotValue) {
        override[name] = slotValue;
      }
    } else if (name === 'style') {
      override[name] = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      override[name] = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  return { ...slotProps, ...override };
}

/** `asChild` without Radix: the single child element with the slot's props and ref merged in. */
export function ShellSlot({
  children,
  ref,
  ...slotProps
}: Props & { children?: ReactNode; ref?: Ref<HTMLElement> }) {
  if (!isValidElement<Props>(children)) return <>{children}</>;
  const childRef = children.props.ref as Ref<HTMLElement> | undefined;
  return cloneElement(children, {
    ...mergeProps(slotProps, children.props),
    ref: ref ? composeRefs(ref, childRef) : childRef,
  });
}

/** What a trigger rendered before the chunk loaded hands over to the Radix trigger replacing it. */
export interface Handover {
  /** It had the focus when it was replaced: by a pointer (click) or otherwise (keyboard). */
  focus: 'pointer' | 'keyboard' | null;
  /** The pointer was over it. */
  hovered: boolean;
  /** A pointer pressed it since it last lost the focus. */
  pointerDown: boolean;
}

export function newHandover(): Handover {
  return { focus: null, hovered: false, pointerDown: false };
}

export interface ShellTriggerProps {
  ref: RefCallback<HTMLElement>;
  onPointerEnter(): void;
  onPointerLeave(): void;
  onPointerDown(): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * Props for a trigger before the chunk loads: hovering or focusing it starts the load (a click
 * likely follows), and it notes what the Radix trigger should take over when it replaces it.
 */
export function shellTriggerProps(handover: Handover): ShellTriggerProps {
  return {
    ref: (node) => {
      if (!node) return;
      // Detached when the loaded chunk replaces it (still in the document then).
      return () => {
        if (radixParts() && node === document.activeElement)
          handover.focus = handover.pointerDown ? 'pointer' : 'keyboard';
      };
    },
    onPointerEnter: () => {
      handover.hovered = true;
      requestRadix();
    },
    onPointerLeave: () => {
      handover.hovered = false;
    },
    onPointerDown: () => {
      handover.pointerDown = true;
      holdWhilePressed();
      // A press closes a Radix tooltip until the pointer leaves: nothing to show on its behalf.
      handover.hovered = false;
    },
    onFocus: () => requestRadix(),
    onBlur: () => {
      handover.pointerDown = false;
    },
  };
}

/**
 * In the Radix trigger's first layout effect: takes over the focus the element it replaced had
 * (`suppressOpen` lets a tooltip stay closed for a focus a click gave), and for a tooltip the
 * hover (a pointer move, which is what opens a Radix tooltip).
 */
export function takeOver(
  handover: Handover | null,
  node: HTMLElement | null,
  {
    focus = true,
    hover = false,
    suppressOpen,
  }: { focus?: boolean; hover?: boolean; suppressOpen?: (on: boolean) => void } = {},
): void {
  if (!handover || !node) return;
  const { focus: how, hovered } = handover;
  handover.focus = null;
  handover.hovered = false;
  handover.pointerDown = false;
  if (how && focus && document.activeElement !== node) {
    suppressOpen?.(how === 'pointer');
    node.focus({ preventScroll: true });
    suppressOpen?.(false);
  }
  if (hover && hovered && typeof PointerEvent === 'function')
    node.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
}
