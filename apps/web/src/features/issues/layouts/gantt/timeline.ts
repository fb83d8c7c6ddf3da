import { addDays, daysBetween, formatDay, startOfWeek } from '../calendar/dates.ts';

/**
 * The gantt chart's maths as pure functions: the day range the timeline spans, where a bar
 * sits, and the dates a drag leaves behind.
 */

export type GanttScale = 'day' | 'week';

/** Pixels per day at each scale. */
export const DAY_WIDTH: Record<GanttScale, number> = { day: 36, week: 12 };

export interface Dated {
  start_date: string | null;
  target_date: string | null;
}

/** What a drag changes: the whole bar, or one of its ends. */
export type DragMode = 'move' | 'start' | 'end';

/**
 * The dates after dragging by `delta` days. Moving shifts both dates (or the one date of a
 * point); an end drag moves that end but never past the other one. Null when nothing changes.
 */
export function draggedDates(item: Dated, mode: DragMode, delta: number): Dated | null {
  if (delta === 0) return null;
  const start = item.start_date?.slice(0, 10) ?? null;
  const target = item.target_date?.slice(0, 10) ?? null;
  if (!start && !target) return null;
  if (mode === 'move')
    return {
      start_date: start ? addDays(start, delta) : null,
      target_date: target ? addDays(target, delta) : null,
    };
  if (!start || !target) return null;
  if (mode === 'start') {
    const next = addDays(start, delta);
    const clamped = next > target ? target : next;
    return clamped === start ? null : { start_date: clamped, target_date: target };
  }
  const next = addDays(target, delta);
  const clamped = next < start ? start : next;
  return clamped === target ? null : { start_date: start, target_date: clamped };
}

/** The only fields of `next` that differ from `item` (the PATCH body of a drag). */
export function datePatch(item: Dated, next: Dated): Partial<Dated> {
  const patch: Partial<Dated> = {};
  if ((item.start_date?.slice(0, 10) ?? null) !== next.start_date) patch.start_date = next.start_date;
  if ((item.target_date?.slice(0, 10) ?? null) !== next.target_date) patch.target_date = next.target_date;
  return patch;
}

/**
 * The days the timeline spans: from a Sunday at least two weeks before the earliest date (or
 * today) to ten weeks after the latest, so there is room to drag either way.
 */
export function timelineRange(
  items: readonly Dated[],
  today = formatDay(new Date()),
): { from: string; days: number } {
  let min = today;
  let max = today;
  for (const item of items) {
    for (const d of [item.start_date, item.target_date]) {
      if (!d) continue;
      const day = d.slice(0, 10);
      if (day < min) min = day;
      if (day > max) max = day;
    }
  }
  const from = startOfWeek(addDays(min, -14));
  const to = addDays(startOfWeek(addDays(max, 70)), 6);
  return { from, days: daysBetween(from, to) + 1 };
}

/** Where an item is drawn: a bar (both dates), a point (one date) or nothing. */
export function placement(
  item: Dated,
  from: string,
  dayWidth: number,
): { kind: 'bar'; left: number; width: number } | { kind: 'point'; left: number } | null {
  const start = item.start_date?.slice(0, 10);
  const target = item.target_date?.slice(0, 10);
  if (start && target) {
    const a = start <= target ? start : target;
    const b = start <= target ? target : start;
    return {
      kind: 'bar',
      left: daysBetween(from, a) * dayWidth,
      width: (daysBetween(a, b) + 1) * dayWidth,
    };
  }
  const only = start ?? target;
  if (!only) return null;
  return { kind: 'point', left: (daysBetween(from, only) + 0.5) * dayWidth };
}

/** Items with their sub-items right under them (when both are listed), with their depth. */
export function treeOrder<T extends { id: string; parent_id: string | null }>(
  items: readonly T[],
): { item: T; depth: number }[] {
  const ids = new Set(items.map((i) => i.id));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const item of items) {
    if (item.parent_id && ids.has(item.parent_id) && item.parent_id !== item.id) {
      const list = children.get(item.parent_id);
      if (list) list.push(item);
      else children.set(item.parent_id, [item]);
    } else roots.push(item);
  }
  const out: { item: T; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (item: T, depth: number) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    out.push({ item, depth });
    for (const child of children.get(item.id) ?? []) walk(child, depth + 1);
  };
  for (const root of roots) walk(root, 0);
  // Anything left is part of a parent cycle: list it flat rather than lose it.
  for (const item of items) if (!seen.has(item.id)) walk(item, 0);
  return out;
}
