import clsx from 'clsx';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type DragEvent, useState } from 'react';
import { Button, IconButton } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { toastError } from '../../../../ui/toast.ts';
import type { IssueView } from '../../IssueView.ts';
import { StateDot } from '../../properties/PropertyMenus.tsx';
import { ALL_GROUP, isOverdue } from '../../store/displayFilters.ts';
import type { Issue } from '../../store/IssueStore.ts';
import { ErrorBar } from '../ErrorBar.tsx';
import type { LayoutProps } from '../registry.ts';
import {
  type CalendarLayout,
  type CalendarSettings,
  calendarWeeks,
  formatDay,
  periodTitle,
  shiftAnchor,
  weekdayNames,
} from './dates.ts';

/** Items a month cell shows before "+N more". */
const MONTH_CELL_ITEMS = 3;
const DRAG_TYPE = 'application/x-kite-calendar-issue';

/** The calendar fetches only its visible month or week (view.request adds the target_date range). */
export const ownsFetch = true;

function settingsOf(view: IssueView): CalendarSettings {
  const c = view.displayFilters.calendar;
  return { show_weekends: c?.show_weekends ?? false, layout: c?.layout ?? 'month' };
}

/** The calendar layout (spec §2): a month or a week from Sunday, items on their due date. */
const CalendarLayoutView = observer(function CalendarLayoutView({ view }: LayoutProps) {
  const settings = settingsOf(view);
  const anchor = view.calendarDate;
  const today = formatDay(new Date());
  const weeks = calendarWeeks(anchor, settings);
  const list = view.list;
  const byDay = new Map<string, Issue[]>();
  for (const id of list?.issueIds(ALL_GROUP) ?? []) {
    const issue = view.issue(id);
    if (!issue?.target_date) continue;
    const day = issue.target_date.slice(0, 10);
    const items = byDay.get(day);
    if (items) items.push(issue);
    else byDay.set(day, [issue]);
  }
  const shownDays = weeks.flat();
  const shownCount = shownDays.reduce((n, d) => n + (byDay.get(d)?.length ?? 0), 0);
  const month = anchor.slice(0, 7);

  const setSettings = (patch: Partial<CalendarSettings>) => {
    void view.setDisplayFilters({ calendar: { ...settings, ...patch } });
    if (patch.layout && patch.layout !== settings.layout) void view.fetch();
  };

  return (
    <div className="flex h-full flex-col" data-testid="calendar-layout">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        <IconButton
          size="sm"
          label={`Previous ${settings.layout}`}
          onClick={() => view.setCalendarDate(shiftAnchor(anchor, settings.layout, -1))}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </IconButton>
        <IconButton
          size="sm"
          label={`Next ${settings.layout}`}
          onClick={() => view.setCalendarDate(shiftAnchor(anchor, settings.layout, 1))}
        >
          <ChevronRight className="size-4" aria-hidden />
        </IconButton>
        <Button variant="secondary" size="sm" onClick={() => view.setCalendarDate(today)}>
          Today
        </Button>
        <h2 className="ml-1 text-sm font-semibold text-fg" aria-live="polite">
          {periodTitle(anchor, settings.layout)}
        </h2>
        {list?.loader === 'mutation' && <Spinner size="sm" label="Loading the period" />}
        {list?.loaded && !list.loader && shownCount === 0 && !list.error && (
          <span className="text-xs text-fg-subtle">No work items due in this {settings.layout}</span>
        )}
        {list?.hasMore(ALL_GROUP) && (
          <Button
            variant="ghost"
            size="sm"
            loading={list.cell(ALL_GROUP)?.loading}
            onClick={() => view.loadMore(ALL_GROUP)}
          >
            Showing {list.issueIds(ALL_GROUP).length} of {list.totalCount} — load more
          </Button>
        )}
        <div className="ml-auto flex items-center gap-3">
          <label className="flex cursor-pointer items-center gap-1.5 text-xs text-fg-muted">
            <input
              type="checkbox"
              className="accent-primary"
              checked={settings.show_weekends}
              onChange={(e) => setSettings({ show_weekends: e.target.checked })}
            />
            Show weekends
          </label>
          <fieldset className="flex rounded-md border border-border p-0.5" aria-label="Calendar layout">
            {(['month', 'week'] as CalendarLayout[]).map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={settings.layout === l}
                onClick={() => setSettings({ layout: l })}
                className={clsx(
                  'rounded px-2 py-0.5 text-xs capitalize',
                  settings.layout === l ? 'bg-surface-2 font-medium text-fg' : 'text-fg-muted hover:text-fg',
                )}
              >
                {l}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      <ErrorBar view={view} what="The work items of this period" />
      {/* biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows) */}
      <div className="flex min-h-0 flex-1 flex-col overflow-auto" role="grid" aria-label="Calendar">
        {/* biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows) */}
        <div
          role="row"
          className="sticky top-0 z-10 grid border-b border-border bg-canvas"
          style={{ gridTemplateColumns: `repeat(${weeks[0]?.length ?? 7}, minmax(0, 1fr))` }}
        >
          {weekdayNames(settings.show_weekends).map((name) => (
            // biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows)
            <div
              key={name}
              role="columnheader"
              className="px-2 py-1.5 text-xs font-medium text-fg-subtle uppercase"
            >
              {name}
            </div>
          ))}
        </div>
        {weeks.map((days) => (
          // biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows)
          <div
            key={days[0]}
            role="row"
            className={clsx(
              'grid border-b border-border',
              settings.layout === 'week' ? 'flex-1' : 'min-h-32 flex-1',
            )}
            style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
          >
            {days.map((day) => (
              <DayCell
                key={day}
                view={view}
                day={day}
                items={byDay.get(day) ?? []}
                today={today}
                outside={settings.layout === 'month' && day.slice(0, 7) !== month}
                limit={settings.layout === 'month' ? MONTH_CELL_ITEMS : Number.POSITIVE_INFINITY}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
});

const DAY_LABEL = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

const DayCell = observer(function DayCell({
  view,
  day,
  items,
  today,
  outside,
  limit,
}: {
  view: IssueView;
  day: string;
  items: Issue[];
  today: string;
  outside: boolean;
  limit: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const [adding, setAdding] = useState(false);
  const [over, setOver] = useState(false);
  const shown = expanded ? items : items.slice(0, limit);
  const more = items.length - shown.length;
  const [y, m, d] = day.split('-').map(Number);
  const label = DAY_LABEL.format(new Date(y!, m! - 1, d!));

  const onDrop = (e: DragEvent) => {
    setOver(false);
    const id = e.dataTransfer.getData(DRAG_TYPE);
    if (!id) return;
    e.preventDefault();
    const issue = view.issue(id);
    if (issue && issue.target_date?.slice(0, 10) !== day) void view.updateIssue(id, { target_date: day });
  };

  return (
    // biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows)
    <div
      role="gridcell"
      aria-label={label}
      data-day={day}
      className={clsx(
        'group relative flex min-w-0 flex-col gap-0.5 border-r border-border p-1 last:border-r-0',
        outside && 'bg-surface/60',
        over && 'bg-primary-soft',
      )}
      onDragOver={(e) => {
        if (!view.canEdit || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <div className="flex items-center justify-between px-1">
        <span
          className={clsx(
            'flex size-6 items-center justify-center rounded-full text-xs',
            day === today
              ? 'bg-primary font-semibold text-white'
              : outside
                ? 'text-fg-subtle'
                : 'text-fg-muted',
          )}
        >
          {Number(day.slice(8))}
        </span>
        {view.canEdit && !adding && (
          <button
            type="button"
            className="rounded p-0.5 text-fg-subtle opacity-0 group-hover:opacity-100 hover:bg-surface-2 hover:text-fg focus-visible:opacity-100"
            aria-label={`New work item on ${label}`}
            onClick={() => setAdding(true)}
          >
            <Plus className="size-3.5" aria-hidden />
          </button>
        )}
      </div>
      {shown.map((issue) => (
        <CalendarItem key={issue.id} view={view} issue={issue} today={today} />
      ))}
      {more > 0 && (
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-left text-xs font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
          onClick={() => setExpanded(true)}
          aria-label={`${more} more on ${label}`}
        >
          +{more} more
        </button>
      )}
      {expanded && items.length > limit && (
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-left text-xs text-fg-subtle hover:text-fg"
          onClick={() => setExpanded(false)}
        >
          Show less
        </button>
      )}
      {adding && <DayQuickAdd view={view} day={day} label={label} onClose={() => setAdding(false)} />}
    </div>
  );
});

const CalendarItem = observer(function CalendarItem({
  view,
  issue,
  today,
}: {
  view: IssueView;
  issue: Issue;
  today: string;
}) {
  const overdue = isOverdue(issue, today);
  const state = view.stateOf(issue.state_id);
  const key = view.issueKey(issue);
  const draggable = view.canEdit && !issue.tempId;
  return (
    <button
      type="button"
      draggable={draggable}
      data-issue-id={issue.id}
      data-testid="calendar-item"
      data-overdue={overdue || undefined}
      aria-label={`${key} ${issue.name}`}
      title={overdue ? `${issue.name} (overdue)` : issue.name}
      onClick={() => view.openPeek(issue.id)}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, issue.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      className={clsx(
        'flex w-full min-w-0 items-center gap-1.5 rounded border bg-canvas px-1.5 py-1 text-left text-xs shadow-xs',
        'hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none',
        overdue ? 'border-danger/50' : 'border-border',
        issue.tempId && 'opacity-60',
        draggable && 'cursor-grab active:cursor-grabbing',
      )}
    >
      <StateDot color={state?.color} className="size-2" />
      {view.displayProperties.key && (
        <span className="shrink-0 font-mono text-[10px] text-fg-subtle">{key}</span>
      )}
      <span className={clsx('min-w-0 flex-1 truncate', overdue ? 'text-danger' : 'text-fg')}>
        {issue.name}
      </span>
    </button>
  );
});

function DayQuickAdd({
  view,
  day,
  label,
  onClose,
}: {
  view: IssueView;
  day: string;
  label: string;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) return;
        setName('');
        view.stores.issueLists
          .quickAdd(view.listKey, view.slug, view.projectId, { name: trimmed, body: { target_date: day } })
          .catch((error) => toastError(error, 'The work item could not be created'));
      }}
    >
      <input
        autoFocus
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
        onBlur={() => {
          if (!name.trim()) onClose();
        }}
        maxLength={255}
        placeholder="Name, then Enter"
        aria-label={`Name of the new work item on ${label}`}
        className="h-7 w-full rounded border border-primary bg-canvas px-1.5 text-xs text-fg outline-none placeholder:text-fg-subtle"
      />
    </form>
  );
}

export default CalendarLayoutView;
