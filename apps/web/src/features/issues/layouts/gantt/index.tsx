import clsx from 'clsx';
import { CalendarPlus, Crosshair } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type MouseEvent as ReactMouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../../ui/Button.tsx';
import type { IssueView } from '../../IssueView.ts';
import { StateDot } from '../../properties/PropertyMenus.tsx';
import { ALL_GROUP, isOverdue } from '../../store/displayFilters.ts';
import type { Issue } from '../../store/IssueStore.ts';
import { addDays, daysBetween, formatDay, parseDay } from '../calendar/dates.ts';
import { ErrorBar } from '../ErrorBar.tsx';
import type { LayoutProps } from '../registry.ts';
import { useBoardVirtualizer } from '../virtual.ts';
import {
  DAY_WIDTH,
  type DragMode,
  datePatch,
  draggedDates,
  type GanttScale,
  placement,
  timelineRange,
  treeOrder,
} from './timeline.ts';

const ROW = 36;
const HEADER = 48;
const LEFT = 320;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Row = { kind: 'issue'; id: string; depth: number } | { kind: 'more' };

/**
 * The gantt layout: work items down the left (sub-items under their parent), a day or week
 * timeline on the right with bars from start to due date. One scroll box holds both, so the
 * rows and the timeline always scroll together; the names stay put (sticky) when it scrolls
 * sideways.
 */
const GanttLayout = observer(function GanttLayout({ view }: LayoutProps) {
  const [scale, setScale] = useState<GanttScale>('day');
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = view.list;
  const today = formatDay(new Date());
  const issues = (list?.issueIds(ALL_GROUP) ?? []).map((id) => view.issue(id)).filter((i): i is Issue => !!i);
  const ordered = view.displayFilters.sub_issue
    ? treeOrder(issues)
    : issues.map((item) => ({ item, depth: 0 }));
  const rows: Row[] = ordered.map(({ item, depth }) => ({ kind: 'issue', id: item.id, depth }));
  if (list?.hasMore(ALL_GROUP)) rows.push({ kind: 'more' });
  const { from, days } = timelineRange(issues, today);
  const dayWidth = DAY_WIDTH[scale];
  const width = days * dayWidth;

  const virtualizer = useBoardVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    getItemKey: (i) => {
      const row = rows[i];
      return row?.kind === 'issue' ? row.id : 'more';
    },
    overscan: 10,
    scrollPaddingStart: HEADER,
  });

  const scrollToToday = () => {
    const el = scrollRef.current;
    // Today a third of the way into the visible timeline: recent bars show to its left.
    if (el) el.scrollLeft = Math.max(0, daysBetween(from, today) * dayWidth - (el.clientWidth - LEFT) / 3);
  };
  // Open on today, and keep today in view when the scale changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount and on a scale change
  useLayoutEffect(scrollToToday, [scale]);

  // Infinite load: the "more" row coming into view fetches the next page.
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  useEffect(() => {
    if (rows[lastIndex]?.kind === 'more') view.loadMore(ALL_GROUP);
  }, [lastIndex, rows, view]);

  const todayLeft = daysBetween(from, today) * dayWidth;
  return (
    <div className="flex h-full flex-col" data-testid="gantt-layout">
      <div className="flex items-center gap-2 border-b border-border px-4 py-2">
        <span className="text-xs text-fg-muted">
          {list?.totalCount ?? 0} work item{list?.totalCount === 1 ? '' : 's'}
        </span>
        <div className="ml-auto flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={scrollToToday}>
            <Crosshair className="size-3.5" aria-hidden /> Today
          </Button>
          <fieldset className="flex rounded-md border border-border p-0.5" aria-label="Timeline scale">
            {(['day', 'week'] as GanttScale[]).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={scale === s}
                onClick={() => setScale(s)}
                className={clsx(
                  'rounded px-2 py-0.5 text-xs capitalize',
                  scale === s ? 'bg-surface-2 font-medium text-fg' : 'text-fg-muted hover:text-fg',
                )}
              >
                {s}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      <ErrorBar view={view} what="The work items" />
      <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-auto" data-testid="gantt-scroll">
        <div
          className="relative"
          style={{ width: LEFT + width, height: HEADER + virtualizer.getTotalSize() }}
        >
          <TimelineHeader from={from} days={days} dayWidth={dayWidth} scale={scale} today={today} />
          <div
            aria-hidden
            className="pointer-events-none absolute z-[5] w-px bg-primary"
            style={{ left: LEFT + todayLeft + dayWidth / 2, top: HEADER, bottom: 0 }}
          />
          {virtualItems.map((v) => {
            const row = rows[v.index];
            if (!row) return null;
            return (
              <div
                key={v.key}
                className="absolute left-0 flex"
                style={{ top: HEADER + v.start, height: v.size, width: LEFT + width }}
              >
                {row.kind === 'issue' ? (
                  <GanttRow
                    view={view}
                    id={row.id}
                    depth={row.depth}
                    from={from}
                    dayWidth={dayWidth}
                    width={width}
                    today={today}
                  />
                ) : (
                  <div
                    className="sticky left-0 flex items-center border-b border-border bg-canvas px-4 text-xs text-fg-muted"
                    style={{ width: LEFT }}
                  >
                    Loading more…
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});

function TimelineHeader({
  from,
  days,
  dayWidth,
  scale,
  today,
}: {
  from: string;
  days: number;
  dayWidth: number;
  scale: GanttScale;
  today: string;
}) {
  const months: { key: string; label: string; left: number; width: number }[] = [];
  const ticks: {
    key: string;
    label: string;
    left: number;
    width: number;
    weekend: boolean;
    today: boolean;
  }[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    const date = parseDay(day);
    const monthKey = day.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.key === monthKey) last.width += dayWidth;
    else
      months.push({
        key: monthKey,
        label: `${MONTHS[date.getMonth()]} ${date.getFullYear()}`,
        left: i * dayWidth,
        width: dayWidth,
      });
    if (scale === 'day')
      ticks.push({
        key: day,
        label: String(date.getDate()),
        left: i * dayWidth,
        width: dayWidth,
        weekend: date.getDay() === 0 || date.getDay() === 6,
        today: day === today,
      });
    else if (date.getDay() === 0)
      ticks.push({
        key: day,
        label: `${MONTHS[date.getMonth()]} ${date.getDate()}`,
        left: i * dayWidth,
        width: 7 * dayWidth,
        weekend: false,
        today: false,
      });
  }
  return (
    <div className="sticky top-0 z-20 flex border-b border-border bg-canvas" style={{ height: HEADER }}>
      <div
        className="sticky left-0 z-10 flex items-end border-r border-border bg-canvas px-4 pb-1.5 text-xs font-medium text-fg-subtle"
        style={{ width: LEFT, minWidth: LEFT }}
      >
        Work items
      </div>
      <div className="relative" style={{ width: days * dayWidth }}>
        {months.map((m) => (
          <div
            key={m.key}
            className="absolute top-0 h-6 border-l border-border pt-1 text-xs font-medium text-fg"
            style={{ left: m.left, width: m.width }}
          >
            {/* The month's name stays in view while any of its days are (under the sticky names column). */}
            <span className="sticky inline-block px-1.5 whitespace-nowrap" style={{ left: LEFT }}>
              {m.label}
            </span>
          </div>
        ))}
        {ticks.map((t) => (
          <div
            key={t.key}
            className={clsx(
              'absolute bottom-0 flex h-6 items-center border-l border-border text-[11px]',
              scale === 'day' ? 'justify-center' : 'px-1.5',
              t.weekend ? 'text-fg-subtle' : 'text-fg-muted',
              t.today && 'font-semibold text-primary',
            )}
            style={{ left: t.left, width: t.width }}
          >
            {t.label}
          </div>
        ))}
      </div>
    </div>
  );
}

const GanttRow = observer(function GanttRow({
  view,
  id,
  depth,
  from,
  dayWidth,
  width,
  today,
}: {
  view: IssueView;
  id: string;
  depth: number;
  from: string;
  dayWidth: number;
  width: number;
  today: string;
}) {
  const issue = view.issue(id);
  if (!issue) return null;
  const key = view.issueKey(issue);
  const state = view.stateOf(issue.state_id);
  const undated = !issue.start_date && !issue.target_date;
  return (
    <>
      <div
        className="sticky left-0 z-10 flex items-center gap-2 border-r border-b border-border bg-canvas pr-2 text-sm"
        style={{ width: LEFT, minWidth: LEFT, paddingLeft: 16 + depth * 18 }}
      >
        <button
          type="button"
          data-issue-id={id}
          data-testid="gantt-row"
          aria-label={`${key} ${issue.name}`}
          onClick={() => view.openPeek(id)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded text-left outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-focus"
        >
          {depth > 0 && (
            <span aria-hidden className="text-fg-subtle">
              ↳
            </span>
          )}
          <StateDot color={state?.color} />
          {view.displayProperties.key && (
            <span className="shrink-0 font-mono text-xs text-fg-subtle">{key}</span>
          )}
          <span className="truncate text-fg">{issue.name}</span>
        </button>
        {undated && view.canEdit && !issue.tempId && (
          <button
            type="button"
            className="flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-xs text-fg-subtle hover:bg-surface-2 hover:text-fg"
            aria-label={`Add dates to ${key}`}
            onClick={() => void view.updateIssue(id, { start_date: today, target_date: addDays(today, 4) })}
          >
            <CalendarPlus className="size-3.5" aria-hidden /> Add dates
          </button>
        )}
      </div>
      <div
        className="relative border-b border-border"
        style={{
          width,
          minWidth: width,
          backgroundImage: `repeating-linear-gradient(to right, transparent 0 ${dayWidth * (dayWidth < 20 ? 7 : 1) - 1}px, color-mix(in srgb, var(--color-border) 55%, transparent) ${dayWidth * (dayWidth < 20 ? 7 : 1) - 1}px ${dayWidth * (dayWidth < 20 ? 7 : 1)}px)`,
        }}
      >
        <GanttBar
          view={view}
          issue={issue}
          from={from}
          dayWidth={dayWidth}
          today={today}
          color={state?.color}
        />
      </div>
    </>
  );
});

/** A bar (both dates) or a diamond (one date) that drags to move, and resizes by its ends. */
const GanttBar = observer(function GanttBar({
  view,
  issue,
  from,
  dayWidth,
  today,
  color,
}: {
  view: IssueView;
  issue: Issue;
  from: string;
  dayWidth: number;
  today: string;
  color?: string;
}) {
  const [drag, setDrag] = useState<{ mode: DragMode; delta: number } | null>(null);
  const shown = drag ? (draggedDates(issue, drag.mode, drag.delta) ?? issue) : issue;
  const place = placement(shown, from, dayWidth);
  if (!place) return null;
  const editable = view.canEdit && !issue.tempId;
  const key = view.issueKey(issue);
  const overdue = isOverdue(issue, today);

  const begin = (mode: DragMode) => (e: ReactMouseEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    let delta = 0;
    let moved = false;
    setDrag({ mode, delta: 0 });
    const onMove = (ev: MouseEvent) => {
      if (Math.abs(ev.clientX - startX) > 3) moved = true;
      const next = Math.round((ev.clientX - startX) / dayWidth);
      if (next !== delta) {
        delta = next;
        setDrag({ mode, delta });
      }
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      setDrag(null);
      if (!moved) {
        if (mode === 'move') view.openPeek(issue.id);
        return;
      }
      const next = draggedDates(issue, mode, delta);
      if (!next) return;
      const patch = datePatch(issue, next);
      if (Object.keys(patch).length > 0) void view.updateIssue(issue.id, patch);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };

  const title = `${key} ${issue.name}: ${issue.start_date ?? '—'} → ${issue.target_date ?? '—'}`;
  if (place.kind === 'point')
    return (
      <button
        type="button"
        data-testid="gantt-point"
        data-issue-id={issue.id}
        aria-label={`${key} ${issue.name}, ${issue.start_date ? `starts ${issue.start_date}` : `due ${issue.target_date}`}`}
        title={title}
        onMouseDown={editable ? begin('move') : undefined}
        onClick={(e) => {
          if (!editable || e.detail === 0) view.openPeek(issue.id);
        }}
        className={clsx(
          'absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rotate-45 rounded-[3px] border-2 border-canvas shadow',
          editable && 'cursor-grab',
        )}
        style={{ left: place.left, backgroundColor: overdue ? 'var(--color-danger)' : (color ?? '#9ca3af') }}
      />
    );
  return (
    <div
      data-testid="gantt-bar"
      data-issue-id={issue.id}
      data-overdue={overdue || undefined}
      className={clsx(
        'group absolute top-1/2 flex h-6 -translate-y-1/2 items-center overflow-hidden rounded-md border text-xs shadow-xs',
        overdue ? 'border-danger/60' : 'border-black/10 dark:border-white/15',
        drag && 'ring-2 ring-primary/50',
      )}
      style={{
        left: place.left + 1,
        width: Math.max(place.width - 2, 6),
        backgroundColor: `color-mix(in srgb, ${color ?? '#9ca3af'} 30%, var(--color-canvas))`,
      }}
      title={title}
    >
      {editable && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse handle; the dates are also editable in the peek
        <span
          data-testid="gantt-bar-start"
          onMouseDown={begin('start')}
          className="absolute inset-y-0 left-0 z-10 w-2 cursor-ew-resize bg-black/10 opacity-0 group-hover:opacity-100 dark:bg-white/20"
        />
      )}
      <button
        type="button"
        aria-label={`${key} ${issue.name}, ${issue.start_date} to ${issue.target_date}`}
        onMouseDown={editable ? begin('move') : undefined}
        onClick={(e) => {
          // A mouse click is handled by the drag (no move = open); keys and read-only users land here.
          if (!editable || e.detail === 0) view.openPeek(issue.id);
        }}
        className={clsx(
          'h-full min-w-0 flex-1 truncate px-2 text-left text-fg outline-none focus-visible:ring-2 focus-visible:ring-focus',
          editable && 'cursor-grab active:cursor-grabbing',
        )}
      >
        {issue.name}
      </button>
      {editable && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse handle; the dates are also editable in the peek
        <span
          data-testid="gantt-bar-end"
          onMouseDown={begin('end')}
          className="absolute inset-y-0 right-0 z-10 w-2 cursor-ew-resize bg-black/10 opacity-0 group-hover:opacity-100 dark:bg-white/20"
        />
      )}
    </div>
  );
});

export default GanttLayout;
