import { todayIn } from '@kite/shared/domain';

/**
 * Burndown and scope of a cycle or a module per day, replayed from the work items' recorded
 * history, so a past day keeps the figure it had even when items change later. Pure: the
 * service reads the rows.
 */

/** What the replay follows of a work item: the fields its activity rows name. */
export interface TrackedValues {
  cycle: string | null;
  /** Module ids, sorted and joined by commas (as the activity rows record them); '' for none. */
  modules: string | null;
  state: string;
  estimate_point: string | null;
  archived_at: string | null;
  is_draft: string;
}
export type TrackedField = keyof TrackedValues;
export const TRACKED_FIELDS: TrackedField[] = [
  'cycle',
  'modules',
  'state',
  'estimate_point',
  'archived_at',
  'is_draft',
];

/** What the chart is of: a cycle's items, or a module's. */
export interface Membership {
  kind: 'cycle' | 'module';
  id: string;
}

/** Whether an item with these values is in the cycle or module. */
export function isMember(m: Membership, values: TrackedValues): boolean {
  if (m.kind === 'cycle') return values.cycle === m.id;
  return !!values.modules && values.modules.split(',').includes(m.id);
}

export interface HistoryItem {
  created_at: Date;
  /** The values the row has now; fields never changed keep them from creation. */
  current: TrackedValues;
  /** Its changes and its deletion, in the order they were written. */
  changes: {
    at: Date;
    field: TrackedField | 'deleted';
    old_value: string | null;
    new_value: string | null;
  }[];
}

export interface BurndownInput {
  of: Membership;
  /** Inclusive `YYYY-MM-DD` range of the days to chart. */
  from: string;
  to: string;
  timezone: string;
  items: HistoryItem[];
  groupOfState: Map<string, string>;
  /** Weight of an item: 1 per item, or its estimate point's value. */
  weight: (estimatePoint: string | null) => number;
}

const FINISHED = new Set(['completed', 'cancelled']);

/** Every date from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; ) {
    days.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + 86_400_000);
  }
  return days;
}

/** The values an item started with: each field's first recorded old value, else today's. */
function initialValues(item: HistoryItem): TrackedValues {
  const values = { ...item.current };
  const seen = new Set<string>();
  for (const change of item.changes) {
    if (change.field === 'deleted' || seen.has(change.field)) continue;
    seen.add(change.field);
    (values as Record<TrackedField, string | null>)[change.field] = change.old_value;
  }
  return values;
}

/** Remaining (unfinished) and scope (all) work in the cycle or module at the end of each day. */
export function burndown(input: BurndownInput): {
  remaining: Record<string, number>;
  scope: Record<string, number>;
} {
  const days = daysBetween(input.from, input.to);
  const remaining: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
  const scope: Record<string, number> = { ...remaining };
  const dayOf = (at: Date) => todayIn(input.timezone, at);
  for (const item of input.items) {
    const values = initialValues(item);
    let deleted = false;
    const born = dayOf(item.created_at);
    let next = 0;
    for (const day of days) {
      while (next < item.changes.length && dayOf(item.changes[next]!.at) <= day) {
        const change = item.changes[next++]!;
        if (change.field === 'deleted') deleted = true;
        else (values as Record<TrackedField, string | null>)[change.field] = change.new_value;
      }
      if (born > day || deleted || !isMember(input.of, values)) continue;
      if (values.archived_at || values.is_draft === 'true') continue;
      const weight = input.weight(values.estimate_point);
      scope[day]! += weight;
      if (!FINISHED.has(input.groupOfState.get(values.state) ?? '')) remaining[day]! += weight;
    }
  }
  return { remaining, scope };
}
