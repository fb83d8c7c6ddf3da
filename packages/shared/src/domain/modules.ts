/** A module's statuses (api.md §7), in the order the product lists them. */
export const MODULE_STATUSES = [
  'backlog',
  'planned',
  'in-progress',
  'paused',
  'completed',
  'cancelled',
] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** A module may be archived only when its work is over. */
export const ARCHIVABLE_MODULE_STATUSES: readonly ModuleStatus[] = ['completed', 'cancelled'];

/** The module list's orderings (api.md §7). */
export const MODULE_ORDERINGS = [
  'name',
  '-name',
  'progress',
  '-progress',
  'issues_length',
  '-issues_length',
  'target_date',
  '-target_date',
  'created_at',
  '-created_at',
  'sort_order',
] as const;
export type ModuleOrdering = (typeof MODULE_ORDERINGS)[number];
