import { type AnalyticsAxis, type AnalyticsKey, PRIORITIES } from '@kite/shared/contracts';
import { ROLE, STATE_GROUP_COLORS, STATE_GROUPS, type StateGroup } from '@kite/shared/domain';
import type { ListContext } from '../issues/issue-query.ts';
import type { KeyRow } from './analytics.repo.ts';

/** The list context of one project's analytics: the guest rule of the issue lists. */
export function projectContext(
  project: { id: string; guest_view_all_features: boolean },
  role: number | null,
  userId: string,
): ListContext {
  const ownOnly = (role ?? 0) <= ROLE.GUEST && !project.guest_view_all_features;
  return { projectIds: [project.id], ownOnlyProjectIds: ownOnly ? [project.id] : [], userId, states: [] };
}

/** Axes whose keys are ids named by a row of the workspace. */
export function isIdAxis(axis: AnalyticsAxis): boolean {
  return !['state__group', 'priority'].includes(axis) && !axis.includes('_at__');
}

const PRIORITY_COLORS: Record<string, string> = {
  urgent: '#ef4444',
  high: '#f97316',
  medium: '#eab308',
  low: '#3b82f6',
  none: '#9ca3af',
};
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dateName(axis: AnalyticsAxis, key: string): string {
  if (axis.endsWith('__month')) {
    const [year, month] = key.split('-');
    return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
  }
  return `Week of ${key}`;
}

/**
 * The keys present on an axis, named and in display order: state groups and priorities in their
 * fixed order, states by group then sequence, dates chronologically, other ids by name; the
 * "None" key (no value) last. An id with no row left (a removed label) is named "Unknown".
 */
export function orderedKeys(axis: AnalyticsAxis, present: (string | null)[], rows: KeyRow[]): AnalyticsKey[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keys = present.filter((k): k is string => k !== null);
  let named: (AnalyticsKey & { rank: number | string })[];
  if (axis === 'state__group') {
    named = keys.map((k) => ({
      key: k,
      name: capitalised(k),
      color: STATE_GROUP_COLORS[k as StateGroup] ?? null,
      rank: (STATE_GROUPS as readonly string[]).indexOf(k),
    }));
  } else if (axis === 'priority') {
    named = keys.map((k) => ({
      key: k,
      name: capitalised(k),
      color: PRIORITY_COLORS[k] ?? null,
      rank: (PRIORITIES as readonly string[]).indexOf(k),
    }));
  } else if (!isIdAxis(axis)) {
    named = keys.map((k) => ({ key: k, name: dateName(axis, k), color: null, rank: k }));
  } else {
    named = keys.map((k) => {
      const row = byId.get(k);
      const name = row?.name ?? 'Unknown';
      return {
        key: k,
        name,
        color: row?.color ?? null,
        rank: axis === 'state_id' ? (row?.rank ?? 0) : name.toLowerCase(),
      };
    });
  }
  named.sort((a, b) =>
    a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : (a.key ?? '').localeCompare(b.key ?? ''),
  );
  const result: AnalyticsKey[] = named.map(({ key, name, color }) => ({ key, name, color }));
  if (present.includes(null)) result.push({ key: null, name: 'None', color: null });
  return result;
}

/** `YYYY-MM-DD` of the Monday (UTC) of the week `date` falls in. */
export function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

/** The Mondays of the last `count` weeks, this one included, oldest first. */
export function lastWeeks(count: number, now: Date): string[] {
  const thisWeek = new Date(`${mondayOf(now)}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, i) =>
    new Date(thisWeek - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}
