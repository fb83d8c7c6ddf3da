import type { Cycle } from '@kite/shared/contracts';

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const YEAR_FORMAT = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 3 – Mar 17, 2026": a cycle's range as people read it; "No dates" for a draft. */
export function formatRange(cycle: Pick<Cycle, 'start_date' | 'end_date'>): string {
  if (!cycle.start_date || !cycle.end_date) return 'No dates';
  const start = new Date(`${cycle.start_date}T00:00:00Z`);
  const end = new Date(`${cycle.end_date}T00:00:00Z`);
  return `${DAY_FORMAT.format(start)} – ${YEAR_FORMAT.format(end)}`;
}

/** Days left until the end date (0 on the last day), or null without dates / once over. */
export function daysLeft(cycle: Pick<Cycle, 'end_date' | 'status'>, today: string): number | null {
  if (!cycle.end_date || cycle.status === 'completed') return null;
  return Math.round(
    (Date.parse(`${cycle.end_date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

export const STATUS_LABELS: Record<Cycle['status'], string> = {
  current: 'In progress',
  upcoming: 'Upcoming',
  completed: 'Completed',
  draft: 'Draft',
};

export const STATUS_CLASSES: Record<Cycle['status'], string> = {
  current: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  upcoming: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  completed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  draft: 'bg-surface-2 text-fg-muted',
};
