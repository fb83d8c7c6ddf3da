import * as Dropdown from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { Check, ChevronRight } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

export const Menu = Dropdown.Root;
export const MenuTrigger = Dropdown.Trigger;

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

interface MenuItemProps extends ComponentProps<typeof Dropdown.Item> {
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

interface MenuRadioItemProps extends ComponentProps<typeof Dropdown.RadioItem> {
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

interface MenuCheckboxItemProps extends ComponentProps<typeof Dropdown.CheckboxItem> {
  children: ReactNode;
}

/** A toggle in a menu (multi-select lists: assignees, labels, filters); stays open on select when asked. */
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
