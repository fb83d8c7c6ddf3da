import clsx from 'clsx';
import { GanttChart, LayoutGrid, List } from 'lucide-react';
import type { ModulesLayout } from './modulesLayout.ts';

const LAYOUTS: { layout: ModulesLayout; label: string; Icon: typeof List }[] = [
  { layout: 'list', label: 'List layout', Icon: List },
  { layout: 'gallery', label: 'Gallery layout', Icon: LayoutGrid },
  { layout: 'timeline', label: 'Timeline layout', Icon: GanttChart },
];

/** Three icon buttons choosing how the modules are shown; the pressed one is the current layout. */
export function ModulesLayoutSwitcher({
  value,
  onChange,
}: {
  value: ModulesLayout;
  onChange: (layout: ModulesLayout) => void;
}) {
  return (
    <fieldset className="flex items-center rounded-md border border-border p-0.5">
      <legend className="sr-only">Modules layout</legend>
      {LAYOUTS.map(({ layout, label, Icon }) => {
        const active = value === layout;
        return (
          <button
            key={layout}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={active}
            onClick={() => onChange(layout)}
            className={clsx(
              'inline-flex size-7 items-center justify-center rounded transition-colors',
              'focus-visible:outline-2 focus-visible:outline-focus',
              active ? 'bg-surface-2 text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            <Icon className="size-3.5" aria-hidden />
          </button>
        );
      })}
    </fieldset>
  );
}
