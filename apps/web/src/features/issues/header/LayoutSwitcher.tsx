import clsx from 'clsx';
import { CalendarDays, Columns3, GanttChart, List, Sheet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { IssueView } from '../IssueView.ts';
import { LAYOUT_LABELS } from '../layouts/registry.ts';
import { LAYOUT_IDS, type Layout } from '../store/displayFilters.ts';

const ICONS: Record<Layout, typeof List> = {
  list: List,
  kanban: Columns3,
  spreadsheet: Sheet,
  calendar: CalendarDays,
  gantt_chart: GanttChart,
};

/** One button per layout (or per one of `layouts`); the choice is saved with the display filters. */
export const LayoutSwitcher = observer(function LayoutSwitcher({
  view,
  layouts = LAYOUT_IDS,
}: {
  view: IssueView;
  layouts?: readonly Layout[];
}) {
  return (
    <fieldset className="flex rounded-md border border-border p-0.5">
      <legend className="sr-only">Layout</legend>
      {layouts.map((layout) => {
        const Icon = ICONS[layout];
        const active = view.layout === layout;
        return (
          <button
            key={layout}
            type="button"
            aria-pressed={active}
            aria-label={`${LAYOUT_LABELS[layout]} layout`}
            title={LAYOUT_LABELS[layout]}
            onClick={() => void view.setDisplayFilters({ layout })}
            className={clsx(
              'inline-flex size-7 items-center justify-center rounded',
              active ? 'bg-surface-2 text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            <Icon className="size-3.5" aria-hidden />
          </button>
        );
      })}
    </fieldset>
  );
});
