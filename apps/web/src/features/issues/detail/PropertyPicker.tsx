import * as Popover from '@radix-ui/react-popover';
import clsx from 'clsx';
import { Check, Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Extra text matched by the search box. */
  keywords?: string;
}

interface PropertyPickerProps {
  /** The accessible name of the trigger, e.g. "State". */
  label: string;
  options: PickerOption[];
  selected: readonly string[];
  /** Multi-select pickers stay open and toggle values. */
  multiple?: boolean;
  onSelect: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
  triggerClassName?: string;
  placeholder?: string;
  emptyText?: string;
}

/** A property's value as a button; it opens a searchable list (single or multiple choice). */
export function PropertyPicker({
  label,
  options,
  selected,
  multiple = false,
  onSelect,
  disabled,
  children,
  triggerClassName,
  placeholder = 'Search…',
  emptyText = 'No matches',
}: PropertyPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) => `${o.label} ${o.keywords ?? ''}`.toLowerCase().includes(q));
  }, [options, query]);

  const choose = (value: string) => {
    onSelect(value);
    if (!multiple) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(shown.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown[active];
      if (option) choose(option.value);
    }
  };

  if (disabled) {
    return (
      <div className={clsx('flex min-h-8 items-center gap-1.5 px-2 text-sm text-fg', triggerClassName)}>
        {children}
      </div>
    );
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setQuery('');
          setActive(0);
        }
      }}
    >
      <Popover.Trigger
        aria-label={label}
        className={clsx(
          'flex min-h-8 w-full min-w-0 items-center gap-1.5 rounded-md px-2 text-left text-sm text-fg hover:bg-surface-2',
          'data-[state=open]:bg-surface-2',
          triggerClassName,
        )}
      >
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}
          className="z-50 w-64 rounded-lg border border-border bg-canvas p-1 text-sm text-fg shadow-xl"
        >
          <div className="flex items-center gap-2 border-b border-border px-2 pb-1.5 pt-1">
            <Search className="size-3.5 text-fg-subtle" aria-hidden />
            <input
              autoFocus
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder={placeholder}
              aria-label={`Search ${label.toLowerCase()}`}
              aria-controls={listId}
              className="h-7 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-fg-subtle"
            />
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            aria-multiselectable={multiple || undefined}
            className="mt-1 max-h-64 overflow-y-auto"
          >
            {shown.length === 0 && <p className="px-2 py-2 text-xs text-fg-subtle">{emptyText}</p>}
            {shown.map((option, index) => {
              const isSelected = selected.includes(option.value);
              return (
                <div
                  key={option.value}
                  role="option"
                  tabIndex={-1}
                  aria-selected={isSelected}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option.value)}
                  onKeyDown={(e) => e.key === 'Enter' && choose(option.value)}
                  className={clsx(
                    'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 select-none',
                    index === active && 'bg-surface-2',
                  )}
                >
                  {option.icon && <span className="flex shrink-0 items-center">{option.icon}</span>}
                  <span className="min-w-0 flex-1 truncate">{option.label}</span>
                  {isSelected && <Check className="size-3.5 shrink-0 text-link" aria-hidden />}
                </div>
              );
            })}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
