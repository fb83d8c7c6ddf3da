/**
 * The calendar's date maths, as pure functions on ISO days (`YYYY-MM-DD`, local time): weeks
 * start on Sunday (spec §2); a month shows the full weeks around it; without weekends the
 * Saturday and Sunday columns are left out (the range asked of the server stays whole weeks).
 */

export * from './range.ts';

import {
  addDays,
  type CalendarLayout,
  type CalendarSettings,
  formatDay,
  isWeekend,
  parseDay,
  startOfMonth,
  visibleRange,
} from './range.ts';

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
