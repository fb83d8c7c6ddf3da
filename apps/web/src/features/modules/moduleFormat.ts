import type { Module } from '@kite/shared/contracts';

export const MODULE_STATUS_LABELS: Record<Module['status'], string> = {
  backlog: 'Backlog',
  planned: 'Planned',
  'in-progress': 'In progress',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const MODULE_STATUS_CLASSES: Record<Module['status'], string> = {
  backlog: 'bg-surface-2 text-fg-muted',
  planned: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  'in-progress': 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  paused: 'bg-violet-500/15 text-violet-700 dark:text-violet-300',
  completed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  cancelled: 'bg-red-500/15 text-red-700 dark:text-red-300',
};

const DAY = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Jan 5, 2026 – Feb 1, 2026", one end, or "No dates". */
export function formatModuleDates(module: Pick<Module, 'start_date' | 'target_date'>): string {
  const show = (d: string) => DAY.format(new Date(`${d}T00:00:00Z`));
  if (module.start_date && module.target_date)
    return `${show(module.start_date)} – ${show(module.target_date)}`;
  if (module.target_date) return `Due ${show(module.target_date)}`;
  if (module.start_date) return `From ${show(module.start_date)}`;
  return 'No dates';
}
