import * as Dropdown from '@radix-ui/react-dropdown-menu';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import clsx from 'clsx';
import { Check, ChevronRight } from 'lucide-react';
import {
  type ComponentProps,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type Handover, takeOver, useComposedRefs } from './shellTrigger.tsx';

/**
 * The Radix menus and tooltips, a chunk loaded after the first paint (radixLoader.ts). Menu.tsx
 * and Tooltip.tsx are the public components; they render these once the chunk is there.
 */

export const MenuRoot = Dropdown.Root;

/** Radix's trigger, taking over from the one Menu.tsx showed before the chunk loaded (`refocus`: its focus too). */
export function MenuTrigger({
  handover,
  refocus,
  ref,
  ...props
}: ComponentProps<typeof Dropdown.Trigger> & { handover: Handover | null; refocus: boolean }) {
  const node = useRef<HTMLButtonElement | null>(null);
  const refs = useComposedRefs(ref, node);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it replaces the trigger shown before the chunk loaded
  useLayoutEffect(() => takeOver(handover, node.current, { focus: refocus }), []);
  return <Dropdown.Trigger ref={refs} {...props} />;
}

export function MenuContent({
  className,
  children,
  align = 'start',
  sideOffset = 6,
  ...rest
}: ComponentProps<typeof Dropdown.Content>) {
  return (
    <Dropdown.Portal>
      <Dropdown.Content
        align={align}
        sideOffset={sideOffset}
        className={clsx(
          'z-50 min-w-52 overflow-hidden rounded-lg border border-border bg-canvas p-1 text-sm text-fg shadow-xl',
          className,
        )}
        {...rest}
      >
        {children}
      </Dropdown.Content>
    </Dropdown.Portal>
  );
}

const itemClasses = clsx(
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none',
  'data-[highlighted]:bg-surface-2 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
);

export interface MenuItemProps extends ComponentProps<typeof Dropdown.Item> {
  icon?: ReactNode;
  tone?: 'default' | 'danger';
}

export function MenuItem({ icon, tone = 'default', className, children, ...rest }: MenuItemProps) {
  return (
    <Dropdown.Item className={clsx(itemClasses, tone === 'danger' && 'text-danger', className)} {...rest}>
      {icon && (
        <span className="flex size-4 shrink-0 items-center justify-center text-fg-muted" aria-hidden>
          {icon}
        </span>
      )}
      {children}
    </Dropdown.Item>
  );
}

export interface MenuRadioItemProps extends ComponentProps<typeof Dropdown.RadioItem> {
  children: ReactNode;
}

export const MenuRadioGroup = Dropdown.RadioGroup;

export function MenuRadioItem({ className, children, ...rest }: MenuRadioItemProps) {
  return (
    <Dropdown.RadioItem className={clsx(itemClasses, className)} {...rest}>
      {children}
      <Dropdown.ItemIndicator className="ml-auto text-link">
        <Check className="size-4" aria-hidden />
      </Dropdown.ItemIndicator>
    </Dropdown.RadioItem>
  );
}

export function MenuLabel({ className, ...rest }: ComponentProps<typeof Dropdown.Label>) {
  return (
    <Dropdown.Label
      className={clsx('px-2 pt-1.5 pb-1 text-xs font-medium text-fg-subtle', className)}
      {...rest}
    />
  );
}

export function MenuSeparator() {
  return <Dropdown.Separator className="-mx-1 my-1 h-px bg-border" />;
}

export interface MenuCheckboxItemProps extends ComponentProps<typeof Dropdown.CheckboxItem> {
  children: ReactNode;
}

export function MenuCheckboxItem({ className, children, ...rest }: MenuCheckboxItemProps) {
  return (
    <Dropdown.CheckboxItem className={clsx(itemClasses, className)} {...rest}>
      <span
        aria-hidden
        className="flex size-4 shrink-0 items-center justify-center rounded border border-border-strong data-[state=checked]:border-primary data-[state=checked]:bg-primary"
        data-state={rest.checked ? 'checked' : 'unchecked'}
      >
        <Dropdown.ItemIndicator className="text-primary-fg">
          <Check className="size-3" aria-hidden />
        </Dropdown.ItemIndicator>
      </span>
      {children}
    </Dropdown.CheckboxItem>
  );
}

export const MenuSub = Dropdown.Sub;

export function MenuSubTrigger({ className, children, ...rest }: ComponentProps<typeof Dropdown.SubTrigger>) {
  return (
    <Dropdown.SubTrigger className={clsx(itemClasses, 'data-[state=open]:bg-surface-2', className)} {...rest}>
      {children}
      <ChevronRight className="ml-auto size-3.5 text-fg-subtle" aria-hidden />
    </Dropdown.SubTrigger>
  );
}

export function MenuSubContent({ className, ...rest }: ComponentProps<typeof Dropdown.SubContent>) {
  return (
    <Dropdown.Portal>
      <Dropdown.SubContent
        sideOffset={4}
        className={clsx(
          'z-50 max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] min-w-52 overflow-y-auto rounded-lg border border-border bg-canvas p-1 text-sm text-fg shadow-xl',
          className,
        )}
        {...rest}
      />
    </Dropdown.Portal>
  );
}

/**
 * Radix's provider skips the open delay while a tooltip is open and `skipDelayDuration` after it
 * closed (moving along a row of icons shows each at once). Each tooltip has a provider of its own
 * here (one around the app would mount the app again when the chunk loads), so this shared state
 * does that across them: while it is on, tooltips open without delay.
 */
const skip = {
  open: 0,
  on: false,
  timer: 0 as ReturnType<typeof setTimeout> | 0,
  listeners: new Set<() => void>(),
  set(on: boolean) {
    if (skip.on === on) return;
    skip.on = on;
    for (const listener of [...skip.listeners]) listener();
  },
  opened() {
    skip.open += 1;
    clearTimeout(skip.timer);
    skip.set(true);
  },
  closed(after: number) {
    skip.open = Math.max(0, skip.open - 1);
    if (skip.open > 0) return;
    clearTimeout(skip.timer);
    if (after <= 0) skip.set(false);
    else skip.timer = setTimeout(() => skip.set(false), after);
  },
  subscribe(listener: () => void) {
    skip.listeners.add(listener);
    return () => skip.listeners.delete(listener);
  },
  get: () => skip.on,
};

export interface TooltipSettings {
  delayDuration: number;
  skipDelayDuration: number;
  disableHoverableContent: boolean;
}

export function TooltipImpl({
  content,
  children,
  side,
  settings,
  handover,
}: {
  content: ReactNode;
  children: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  settings: TooltipSettings;
  handover: Handover | null;
}) {
  const skipping = useSyncExternalStore(skip.subscribe, skip.get, skip.get);
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  const suppressOpen = useRef(false);
  const node = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    if (next && suppressOpen.current) return;
    if (next !== isOpen.current) {
      isOpen.current = next;
      if (next) skip.opened();
      else skip.closed(settings.skipDelayDuration);
    }
    setOpen(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it replaces the trigger shown before the chunk loaded
  useLayoutEffect(
    () =>
      takeOver(handover, node.current, {
        hover: true,
        suppressOpen: (on) => {
          suppressOpen.current = on;
        },
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only
  useEffect(
    () => () => {
      if (isOpen.current) skip.closed(settings.skipDelayDuration);
    },
    [],
  );
  return (
    <RadixTooltip.Provider
      delayDuration={skipping ? 0 : settings.delayDuration}
      skipDelayDuration={settings.skipDelayDuration}
      disableHoverableContent={settings.disableHoverableContent}
    >
      <RadixTooltip.Root open={open} onOpenChange={change}>
        <RadixTooltip.Trigger asChild ref={node}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-50 rounded-md bg-fg px-2 py-1 text-xs font-medium text-canvas shadow-md"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
