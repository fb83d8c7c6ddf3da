/**
 * The calendar's visible range, on ISO days (`YYYY-MM-DD`, local time), weeks from Sunday
 * (spec §2). Kept apart from dates.ts because IssueView asks it for the list request: only
 * this much joins the board's first chunks.
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

/** The list params (api.md §5.3 date terms) asking only for items due in the visible range. */
export function rangeParams(
  anchor: string,
  layout: CalendarLayout,
  /** The user's own due-date filter terms: date terms are AND-ed, so both apply. */
  filterTerms: readonly string[] | null = null,
): Record<string, string> {
  const { from, to } = visibleRange(anchor, layout);
  return { target_date: [...(filterTerms ?? []), `${from};after`, `${to};before`].join(',') };
}
