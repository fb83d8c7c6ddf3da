import { describe, expect, it } from 'vitest';
import { burndownSeries } from './burndownSeries.ts';

describe('burndownSeries', () => {
  it('charts every day of the cycle: recorded figures up to today, the ideal line throughout', () => {
    const points = burndownSeries(
      { start: '2026-03-01', end: '2026-03-05' },
      {
        completion_chart: { '2026-03-01': 8, '2026-03-02': 6, '2026-03-03': 5 },
        scope_chart: { '2026-03-01': 8, '2026-03-02': 8, '2026-03-03': 9 },
      },
    );
    expect(points).toEqual([
      { day: '2026-03-01', remaining: 8, scope: 8, ideal: 8 },
      { day: '2026-03-02', remaining: 6, scope: 8, ideal: 6 },
      { day: '2026-03-03', remaining: 5, scope: 9, ideal: 4 },
      { day: '2026-03-04', remaining: undefined, scope: undefined, ideal: 2 },
      { day: '2026-03-05', remaining: undefined, scope: undefined, ideal: 0 },
    ]);
  });

  it('starts the ideal line from the first day with work in it', () => {
    const points = burndownSeries(
      { start: '2026-03-01', end: '2026-03-03' },
      {
        completion_chart: { '2026-03-01': 0, '2026-03-02': 3 },
        scope_chart: { '2026-03-01': 0, '2026-03-02': 3 },
      },
    );
    expect(points.map((p) => p.ideal)).toEqual([3, 1.5, 0]);
  });

  it('keeps a one-day cycle and an empty one drawable', () => {
    expect(
      burndownSeries({ start: '2026-03-01', end: '2026-03-01' }, { completion_chart: {}, scope_chart: {} }),
    ).toEqual([{ day: '2026-03-01', remaining: undefined, scope: undefined, ideal: 0 }]);
  });
});
