import type { Module } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { Crosshair } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { progressPercent } from '../planning/PlanningTotals.tsx';
import { ModuleStatusPill } from './ModuleParts.tsx';
import { formatModuleDates, MODULE_STATUS_CLASSES } from './moduleFormat.ts';
import {
  barPlacement,
  DAY_WIDTH,
  localToday,
  moduleSpan,
  monthMarks,
  type TimelineScale,
  timelineRange,
  todayOffset,
  weekMarks,
} from './timelineMaths.ts';

const ROW = 40;
/** Bars narrower than this show their name after the bar instead of inside it. */
const LABEL_INSIDE = 140;
const SCALES: { scale: TimelineScale; label: string }[] = [
  { scale: 'month', label: 'Months' },
  { scale: 'week', label: 'Weeks' },
];

/**
 * The timeline layout: a month or week axis with one bar per dated module (a one-day bar when it
 * has one date), today's line, and the modules without dates listed below. Bars open the module.
 */
export const ModulesTimeline = observer(function ModulesTimeline({
  slug,
  modules,
}: {
  slug: string;
  modules: Module[];
}) {
  const [scale, setScale] = useState<TimelineScale>('month');
  const [viewWidth, setViewWidth] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const noDatesId = useId();
  const today = localToday();
  const dayWidth = DAY_WIDTH[scale];
  const dated = modules
    .map((module) => ({ module, span: moduleSpan(module) }))
    .filter((d): d is { module: Module; span: NonNullable<typeof d.span> } => !!d.span)
    .sort((a, b) => a.span.start.localeCompare(b.span.start) || a.module.name.localeCompare(b.module.name))
    .map((d) => d.module);
  const undated = modules.filter((m) => !moduleSpan(m));
  const { from, days } = timelineRange(dated, today, scale, Math.ceil(viewWidth / dayWidth));
  const width = days * dayWidth;
  const todayX = todayOffset(today, from, dayWidth);
  const months = monthMarks(from, days, dayWidth);
  const weeks = scale === 'week' ? weekMarks(from, days, dayWidth) : [];
  const header = scale === 'week' ? 48 : 32;

  // The axis fills the visible width, whatever the window's size.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setViewWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setViewWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const scrollToToday = () => {
    const el = scrollRef.current;
    // Today a third of the way in: the modules under way show on both sides of it.
    if (el) el.scrollLeft = Math.max(0, todayX - el.clientWidth / 3);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening and on a change of scale only
  useLayoutEffect(scrollToToday, [scale]);

  return (
    <section aria-label="Modules timeline" className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-lg border border-border">
        <div className="flex items-center gap-2 border-b border-border bg-surface px-3 py-2">
          <span className="text-xs text-fg-muted">
            {dated.length} of {modules.length} module{modules.length === 1 ? '' : 's'} with dates
          </span>
          <div className="ml-auto flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={scrollToToday}>
              <Crosshair className="size-3.5" aria-hidden /> Today
            </Button>
            <fieldset className="flex rounded-md border border-border bg-canvas p-0.5">
              <legend className="sr-only">Timeline scale</legend>
              {SCALES.map((s) => (
                <button
                  key={s.scale}
                  type="button"
                  aria-pressed={scale === s.scale}
                  onClick={() => setScale(s.scale)}
                  className={clsx(
                    'rounded px-2 py-0.5 text-xs',
                    scale === s.scale ? 'bg-surface-2 font-medium text-fg' : 'text-fg-muted hover:text-fg',
                  )}
                >
                  {s.label}
                </button>
              ))}
            </fieldset>
          </div>
        </div>
        <div ref={scrollRef} className="overflow-x-auto" data-testid="modules-timeline-scroll">
          <div className="relative" style={{ width }}>
            <div className="relative border-b border-border bg-canvas" style={{ height: header }}>
              {months.map((m) => (
                <div
                  key={m.key}
                  className="absolute top-0 flex h-8 items-center border-l border-border text-xs font-medium text-fg"
                  style={{ left: m.left, width: m.width }}
                >
                  <span className="sticky left-0 px-2 whitespace-nowrap">{m.label}</span>
                </div>
              ))}
              {weeks.map((w) => (
                <div
                  key={w.key}
                  className="absolute bottom-0 flex h-4 items-start border-l border-border px-1.5 text-[11px] leading-none text-fg-muted"
                  style={{ left: w.left, width: w.width }}
                >
                  {w.label}
                </div>
              ))}
            </div>
            {(scale === 'week' ? weeks : months).map((mark) => (
              <div
                key={mark.key}
                aria-hidden
                className="pointer-events-none absolute bottom-0 border-l border-border/60"
                style={{ left: mark.left, top: header }}
              />
            ))}
            <div
              aria-hidden
              className="pointer-events-none absolute bottom-0 w-px bg-primary"
              style={{ left: todayX, top: 0 }}
            >
              <span className="absolute top-0 -left-1 size-2 rounded-full bg-primary" />
            </div>
            {dated.length === 0 ? (
              <p
                className="sticky left-0 px-4 py-6 text-sm text-fg-muted"
                style={{ width: viewWidth || undefined }}
              >
                No module has dates yet. Give one a start or target date to see it here.
              </p>
            ) : (
              <ul className="relative py-1">
                {dated.map((module) => (
                  <TimelineRow key={module.id} slug={slug} module={module} from={from} dayWidth={dayWidth} />
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
      {undated.length > 0 && (
        <section aria-labelledby={noDatesId} className="rounded-lg border border-border">
          <h2
            id={noDatesId}
            className="border-b border-border bg-surface px-4 py-2 text-xs font-medium text-fg-muted"
          >
            No dates <span className="font-normal text-fg-subtle">{undated.length}</span>
          </h2>
          <ul className="divide-y divide-border">
            {undated.map((module) => (
              <li key={module.id} className="flex items-center gap-3 px-4 py-2">
                <ModuleLink
                  slug={slug}
                  module={module}
                  className="min-w-0 flex-1 truncate text-sm text-fg hover:underline"
                >
                  {module.name}
                </ModuleLink>
                <span className="text-xs text-fg-muted tabular-nums">{progressPercent(module)}%</span>
                <ModuleStatusPill status={module.status} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
});

function ModuleLink({
  slug,
  module,
  ...rest
}: {
  slug: string;
  module: Module;
  className?: string;
  style?: CSSProperties;
  title?: string;
  'aria-label'?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/$workspaceSlug/projects/$projectId/modules/$moduleId"
      params={{ workspaceSlug: slug, projectId: module.project_id, moduleId: module.id }}
      {...rest}
    />
  );
}

/** One dated module: its bar, filled as far as its items are done, with its name and progress. */
const TimelineRow = observer(function TimelineRow({
  slug,
  module,
  from,
  dayWidth,
}: {
  slug: string;
  module: Module;
  from: string;
  dayWidth: number;
}) {
  const place = barPlacement(module, from, dayWidth);
  if (!place) return null;
  const percent = progressPercent(module);
  const inside = place.width >= LABEL_INSIDE;
  const label = (
    <>
      <span className="truncate font-medium text-fg">{module.name}</span>
      <span className="ml-auto shrink-0 tabular-nums">{percent}%</span>
    </>
  );
  const description = `${module.name}: ${percent}% done, ${formatModuleDates(module)}`;
  return (
    <li className="relative" style={{ height: ROW }}>
      <ModuleLink
        slug={slug}
        module={module}
        aria-label={description}
        title={description}
        className="group absolute top-1.5 flex h-7 items-center rounded-md outline-none focus-visible:ring-2 focus-visible:ring-focus"
        style={{ left: place.left }}
      >
        <span
          className={clsx(
            'relative flex h-full items-center overflow-hidden rounded-md border border-current/25 text-xs group-hover:border-current/60',
            inside && 'px-2',
            MODULE_STATUS_CLASSES[module.status],
          )}
          style={{ width: Math.max(place.width, 6) }}
        >
          <span
            aria-hidden
            className="absolute inset-y-0 left-0 bg-current opacity-15"
            style={{ width: `${percent}%` }}
          />
          {inside && <span className="relative flex min-w-0 flex-1 items-center gap-2">{label}</span>}
        </span>
        {!inside && (
          <span className="ml-2 flex items-center gap-2 text-xs whitespace-nowrap text-fg-muted">
            {label}
          </span>
        )}
      </ModuleLink>
    </li>
  );
});
