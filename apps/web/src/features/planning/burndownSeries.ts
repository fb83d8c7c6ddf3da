import type { PlanningAnalytics } from '@kite/shared/contracts';

export interface BurndownPoint {
  day: string;
  /** Work left at the end of the day (absent for days still to come). */
  remaining?: number;
  /** Work in the cycle or module that day (absent for days still to come). */
  scope?: number;
  /** The straight line from the first scope down to zero on the last day. */
  ideal: number;
}

/** Every day from the start to the end, with the recorded figures up to today and the ideal line throughout. */
export function burndownSeries(
  range: { start: string; end: string },
  analytics: Pick<PlanningAnalytics, 'completion_chart' | 'scope_chart'>,
): BurndownPoint[] {
  const days: string[] = [];
  for (
    let at = Date.parse(`${range.start}T00:00:00Z`);
    at <= Date.parse(`${range.end}T00:00:00Z`);
    at += 86_400_000
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  // The first day with work in it: a module filled after its start date would otherwise get an
  // ideal line flat at zero.
  const start =
    days.map((day) => analytics.scope_chart[day]).find((scope) => scope !== undefined && scope > 0) ?? 0;
  const steps = Math.max(days.length - 1, 1);
  return days.map((day, i) => ({
    day,
    remaining: analytics.completion_chart[day],
    scope: analytics.scope_chart[day],
    ideal: Math.round(start * (1 - i / steps) * 100) / 100,
  }));
}
