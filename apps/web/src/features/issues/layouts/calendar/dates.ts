/**
 * The calendar's date maths, as pure functions on ISO days (`YYYY-MM-DD`, local time): weeks
 * start on Sunday (spec §2); a month shows the full weeks around it; without weekends the
 * Saturday and Sunday columns are left out (the range asked of the server stays whole weeks).
 */

export type CalendarLayout = 'month' | 'week';

export interface CalendarSettings {
  show_weekends: boolean;
  layout: CalendarLayout;
}

/** A local date from an ISO day (noon, so daylight-saving shifts never change the day). */
export function parseDay(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12);
}

export function formatDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setDate(date.getDate() + days);
  return formatDay(date);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDay(b).getTime() - parseDay(a).getTime()) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return parseDay(day).getDay();
}

export function isWeekend(day: string): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** The Sunday that starts the week of `day`. */
export function startOfWeek(day: string): string {
  return addDays(day, -weekday(day));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function endOfMonth(day: string): string {
  const date = parseDay(startOfMonth(day));
  date.setMonth(date.getMonth() + 1, 0);
  return formatDay(date);
}

/** The first and last day the calendar shows around `anchor` (whole Sunday–Saturday weeks). */
export function visibleRange(anchor: string, layout: CalendarLayout): { from: string; to: string } {
  if (layout === 'week') {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 6) };
  }
  const from = startOfWeek(startOfMonth(anchor));
  const last = endOfMonth(anchor);
  return { from, to: addDays(last, 6 - weekday(last)) };
}

/** The weeks shown, each seven days from Sunday, weekends dropped unless `showWeekends`. */
export function calendarWeeks(anchor: string, settings: CalendarSettings): string[][] {
  const { from, to } = visibleRange(anchor, settings.layout);
  const weeks: string[][] = [];
  for (let start = from; start <= to; start = addDays(start, 7)) {
    const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
    weeks.push(settings.show_weekends ? days : days.filter((d) => !isWeekend(d)));
  }
  return weeks;
}

/** The weekday names of the columns, in order. */
export function weekdayNames(showWeekends: boolean): string[] {
  const all = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return showWeekends ? all : all.slice(1, 6);
}

/** The list params (api.md §5.3 date terms) asking only for items due in the visible range. */
export function rangeParams(anchor: string, layout: CalendarLayout): Record<string, string> {
  const { from, to } = visibleRange(anchor, layout);
  return { target_date: `${from};after,${to};before` };
}

/** The anchor one period before (-1) or after (+1). */
export function shiftAnchor(anchor: string, layout: CalendarLayout, step: -1 | 1): string {
  if (layout === 'week') return addDays(anchor, 7 * step);
  const date = parseDay(startOfMonth(anchor));
  date.setMonth(date.getMonth() + step);
  return formatDay(date);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026", or the week's span ("Nov 22 – 28, 2026"). */
export function periodTitle(anchor: string, layout: CalendarLayout): string {
  const date = parseDay(anchor);
  if (layout === 'month') return `${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}`;
  const { from, to } = visibleRange(anchor, 'week');
  const a = parseDay(from);
  const b = parseDay(to);
  const short = (d: Date) => MONTH_NAMES[d.getMonth()]!.slice(0, 3);
  if (a.getMonth() === b.getMonth()) return `${short(a)} ${a.getDate()} – ${b.getDate()}, ${b.getFullYear()}`;
  return `${short(a)} ${a.getDate()} – ${short(b)} ${b.getDate()}, ${b.getFullYear()}`;
}
