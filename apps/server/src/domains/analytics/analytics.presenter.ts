import type { Analytics, AnalyticsKey, AnalyticsQuery } from '@kite/shared/contracts';
import type { DistributionRow } from './analytics.repo.ts';

/** The key a distribution is listed under for items without a value (Plane's). */
export const NONE_KEY = 'None';

/** Grouped figures → the wire chart: entries under their x value, in the x-axis's order. */
export function presentAnalytics(
  query: AnalyticsQuery,
  rows: DistributionRow[],
  total: number,
  xKeys: AnalyticsKey[],
  segmentKeys: AnalyticsKey[],
): Analytics {
  const segmentRank = new Map(segmentKeys.map((k, i) => [k.key, i]));
  const distribution: Analytics['distribution'] = {};
  for (const key of xKeys) distribution[key.key ?? NONE_KEY] = [];
  for (const row of rows) {
    const list = distribution[row.x ?? NONE_KEY] ?? [];
    list.push({ dimension: row.x, segment: row.seg, value: row.v });
    distribution[row.x ?? NONE_KEY] = list;
  }
  for (const list of Object.values(distribution))
    list.sort((a, b) => (segmentRank.get(a.segment) ?? 0) - (segmentRank.get(b.segment) ?? 0));
  return {
    x_axis: query.x_axis,
    y_axis: query.y_axis,
    segment: query.segment ?? null,
    total,
    distribution,
    extras: { x_axis: xKeys, segment: segmentKeys },
  };
}
