import { ROLE } from './roles.ts';

/** The statuses a cycle can have (api.md §6), computed from its dates on every read. */
export const CYCLE_STATUSES = ['current', 'upcoming', 'completed', 'draft'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** The `cycle_view` filter of the cycle list: a status, every cycle, or every one not completed. */
export const CYCLE_VIEWS = ['all', 'incomplete', ...CYCLE_STATUSES] as const;
export type CycleView = (typeof CYCLE_VIEWS)[number];

/** The first sort order of a project's cycles and modules; each new one goes before the rest. */
export const FIRST_PLANNING_SORT_ORDER = 65535;
export const PLANNING_SORT_STEP = 10000;

/** Sort order of a new cycle or module: min − 10000, or 65535 for the first (api.md §17). */
export function nextPlanningSortOrder(minSortOrder: number | null): number {
  return minSortOrder === null ? FIRST_PLANNING_SORT_ORDER : minSortOrder - PLANNING_SORT_STEP;
}

/**
 * The one rule for a cycle's status (dates are `YYYY-MM-DD`, compared as text): draft without
 * both dates, completed once the end date has passed, upcoming while the start is in the future,
 * else current. `today` is the date in the project's timezone.
 */
export function cycleStatus(
  cycle: { start_date: string | null; end_date: string | null },
  today: string,
): CycleStatus {
  if (!cycle.start_date || !cycle.end_date) return 'draft';
  if (cycle.end_date < today) return 'completed';
  if (cycle.start_date > today) return 'upcoming';
  return 'current';
}

/** Today's date (`YYYY-MM-DD`) in an IANA timezone; an unknown zone counts as UTC. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  try {
    // en-CA formats dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Whether two inclusive date ranges share a day. */
export function rangesOverlap(
  a: { start_date: string; end_date: string },
  b: { start_date: string; end_date: string },
): boolean {
  return a.start_date <= b.end_date && b.start_date <= a.end_date;
}

/** What the rules read of a cycle. */
export interface CycleFacts {
  owned_by_id: string | null;
}

/** Who is asking, in the cycle's project. */
export interface CycleCaller {
  userId: string;
  /** Effective project role (0 when not a member). */
  role: number;
}

/**
 * The rules of cycles (api.md §6), the one definition the server enforces and the web shows:
 * editing, archiving and restoring need role ≥ member; deleting needs the cycle's owner
 * (`owned_by_id`) or a project admin. The cycle's state (archived, completed) refuses edits on its
 * own terms (400); these are the rights alone.
 */
export function cycleRights(cycle: CycleFacts, caller: CycleCaller) {
  const owner = cycle.owned_by_id !== null && cycle.owned_by_id === caller.userId;
  const member = caller.role >= ROLE.MEMBER;
  return {
    owner,
    canEdit: member,
    canArchive: member,
    canDelete: owner || caller.role >= ROLE.ADMIN,
  };
}
export type CycleRights = ReturnType<typeof cycleRights>;
