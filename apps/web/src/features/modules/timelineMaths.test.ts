import { describe, expect, it } from 'vitest';
import {
  addDays,
  barPlacement,
  daysBetween,
  localToday,
  moduleSpan,
  monthMarks,
  timelineRange,
  todayOffset,
  weekMarks,
} from './timelineMaths.ts';

const dated = (start_date: string | null, target_date: string | null) => ({ start_date, target_date });

describe('timeline days', () => {
  it('counts whole days across month ends, leap days and daylight-saving changes', () => {
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-10-20', '2026-10-10')).toBe(-10);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
  });

  it("takes today from the browser's own calendar, not UTC", () => {
    expect(localToday(new Date(2026, 10, 25, 23, 30))).toBe('2026-11-25');
    expect(localToday(new Date(2026, 0, 1, 0, 5))).toBe('2026-01-01');
  });
});

describe('moduleSpan', () => {
  it('spans both dates, makes one date a one-day span and has nothing without dates', () => {
    expect(moduleSpan(dated('2026-03-10', '2026-04-20'))).toEqual({ start: '2026-03-10', end: '2026-04-20' });
    expect(moduleSpan(dated('2026-03-10', null))).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(moduleSpan(dated(null, '2026-04-20'))).toEqual({ start: '2026-04-20', end: '2026-04-20' });
    expect(moduleSpan(dated(null, null))).toBeNull();
    expect(moduleSpan(dated('2026-05-01', '2026-04-01'))).toEqual({ start: '2026-04-01', end: '2026-05-01' });
  });
});

describe('timelineRange', () => {
  const modules = [dated('2026-03-10', '2026-04-20'), dated(null, null)];

  it('spans whole months with a month of room on each side at the month scale', () => {
    expect(timelineRange(modules, '2026-03-15', 'month')).toEqual({ from: '2026-02-01', days: 120 });
  });

  it('spans whole weeks from a Sunday, two weeks before and about four after, at the week scale', () => {
    const { from, days } = timelineRange(modules, '2026-03-15', 'week');
    expect(from).toBe('2026-02-22');
    expect(days).toBe(84);
    expect(addDays(from, days - 1)).toBe('2026-05-16');
  });

  it('keeps today on the axis when every module lies elsewhere, or none has dates', () => {
    expect(timelineRange([dated('2026-01-05', '2026-01-09')], '2026-06-10', 'month')).toEqual({
      from: '2025-12-01',
      days: daysBetween('2025-12-01', '2026-07-31') + 1,
    });
    expect(timelineRange([], '2026-06-10', 'month')).toEqual({ from: '2026-05-01', days: 31 + 30 + 31 });
  });

  it('grows by whole months or weeks until it is at least as wide as asked', () => {
    const month = timelineRange([], '2026-06-10', 'month', 200);
    expect(month.from).toBe('2026-05-01');
    expect(addDays(month.from, month.days - 1)).toBe('2026-11-30');
    const week = timelineRange([], '2026-06-10', 'week', 100);
    expect(week.days % 7).toBe(0);
    expect(week.days).toBe(105);
  });
});

describe('bar and line positions', () => {
  it('places a bar from the start of its first day to the end of its last', () => {
    expect(barPlacement(dated('2026-02-03', '2026-02-05'), '2026-02-01', 5)).toEqual({ left: 10, width: 15 });
    expect(barPlacement(dated(null, '2026-02-01'), '2026-02-01', 16)).toEqual({ left: 0, width: 16 });
    expect(barPlacement(dated(null, null), '2026-02-01', 16)).toBeNull();
  });

  it("draws today's line through the middle of today", () => {
    expect(todayOffset('2026-02-11', '2026-02-01', 16)).toBe(168);
    expect(todayOffset('2026-02-01', '2026-02-01', 5)).toBe(2.5);
  });
});

describe('axis marks', () => {
  it('marks each month, clipped to the axis', () => {
    expect(monthMarks('2026-01-15', 40, 5)).toEqual([
      { key: '2026-01', label: 'Jan 2026', left: 0, width: 85 },
      { key: '2026-02', label: 'Feb 2026', left: 85, width: 115 },
    ]);
  });

  it('marks each week from its Sunday, leaving a part week at the start unmarked', () => {
    expect(weekMarks('2026-03-04', 14, 10)).toEqual([
      { key: '2026-03-08', label: 'Mar 8', left: 40, width: 70 },
      { key: '2026-03-15', label: 'Mar 15', left: 110, width: 30 },
    ]);
    const weeks = weekMarks('2026-02-22', 84, 16);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ key: '2026-02-22', label: 'Feb 22', left: 0, width: 112 });
    expect(weeks.at(-1)?.key).toBe('2026-05-10');
  });
});
