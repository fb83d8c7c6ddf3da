/**
 * The modules timeline's maths as pure functions on ISO days (`YYYY-MM-DD`): the days the axis
 * spans, where a module's bar sits, where today's line falls and the month and week marks.
 * Days are counted in UTC, so a daylight-saving change never makes a day 23 or 25 hours long.
 */

export type TimelineScale = 'month' | 'week';

/** Pixels per day at each scale: a month is about 150 px wide, a week 112 px. */
export const DAY_WIDTH: Record<TimelineScale, number> = { month: 5, week: 16 };

export interface DatedModule {
  start_date: string | null;
  target_date: string | null;
}

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toTime(day: string): number {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function fromTime(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before when negative). */
export function addDays(day: string, n: number): string {
  return fromTime(toTime(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toTime(b) - toTime(a)) / DAY_MS);
}

/** Today in the browser's time zone, as the day a module's dates are compared with. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month `n` months after `day`'s. */
function addMonths(day: string, n: number): string {
  const date = new Date(toTime(startOfMonth(day)));
  date.setUTCMonth(date.getUTCMonth() + n);
  return fromTime(date.getTime());
}

/** The Sunday on or before `day` (weeks start on Sunday). */
function startOfWeek(day: string): string {
  return addDays(day, -new Date(toTime(day)).getUTCDay());
}

/** The module's first and last day: both dates, or the one it has as a one-day bar; null without dates. */
export function moduleSpan(module: DatedModule): { start: string; end: string } | null {
  const start = module.start_date?.slice(0, 10) || null;
  const end = module.target_date?.slice(0, 10) || null;
  const first = start ?? end;
  const last = end ?? start;
  if (!first || !last) return null;
  return first <= last ? { start: first, end: last } : { start: last, end: first };
}

/**
 * The days the axis spans: whole months (month scale) or whole weeks (week scale) around every
 * module's dates and today, with a period of room on each side and at least `minDays` days.
 */
export function timelineRange(
  modules: readonly DatedModule[],
  today: string,
  scale: TimelineScale,
  minDays = 0,
): { from: string; days: number } {
  let min = today;
  let max = today;
  for (const module of modules) {
    const span = moduleSpan(module);
    if (!span) continue;
    if (span.start < min) min = span.start;
    if (span.end > max) max = span.end;
  }
  let from: string;
  let to: string;
  if (scale === 'month') {
    from = addMonths(min, -1);
    to = addDays(addMonths(max, 2), -1);
  } else {
    from = addDays(startOfWeek(min), -14);
    to = addDays(startOfWeek(max), 27);
  }
  // Grow on the right, a month or a week at a time, until the axis fills the view.
  while (daysBetween(from, to) + 1 < minDays)
    to = scale === 'month' ? addDays(addMonths(to, 2), -1) : addDays(to, 7);
  const days = daysBetween(from, to) + 1;
  return { from, days };
}

/** Where a module's bar is drawn (pixels from the axis start), or null when it has no dates. */
export function barPlacement(
  module: DatedModule,
  from: string,
  dayWidth: number,
): { left: number; width: number } | null {
  const span = moduleSpan(module);
  if (!span) return null;
  return {
    left: daysBetween(from, span.start) * dayWidth,
    width: (daysBetween(span.start, span.end) + 1) * dayWidth,
  };
}

/** The x of today's line: the middle of today's day. */
export function todayOffset(today: string, from: string, dayWidth: number): number {
  return daysBetween(from, today) * dayWidth + dayWidth / 2;
}

export interface AxisMark {
  key: string;
  label: string;
  left: number;
  width: number;
}

/** One mark per month the axis touches ("Nov 2026"), clipped to the axis. */
export function monthMarks(from: string, days: number, dayWidth: number): AxisMark[] {
  const end = addDays(from, days);
  const marks: AxisMark[] = [];
  for (let month = startOfMonth(from); month < end; month = addMonths(month, 1)) {
    const first = month < from ? from : month;
    const next = addMonths(month, 1);
    const last = next < end ? next : end;
    const date = new Date(toTime(month));
    marks.push({
      key: month.slice(0, 7),
      label: `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
      left: daysBetween(from, first) * dayWidth,
      width: daysBetween(first, last) * dayWidth,
    });
  }
  return marks;
}

/** One mark per week from each Sunday on the axis ("Nov 22"); a part week at the start is left blank. */
export function weekMarks(from: string, days: number, dayWidth: number): AxisMark[] {
  const end = addDays(from, days);
  const marks: AxisMark[] = [];
  let week = startOfWeek(from);
  if (week < from) week = addDays(week, 7);
  for (; week < end; week = addDays(week, 7)) {
    const date = new Date(toTime(week));
    const next = addDays(week, 7);
    marks.push({
      key: week,
      label: `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`,
      left: daysBetween(from, week) * dayWidth,
      width: daysBetween(week, next < end ? next : end) * dayWidth,
    });
  }
  return marks;
}
