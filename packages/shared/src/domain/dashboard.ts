/**
 * A home widget's duration filter as `target_date` date terms (api.md §5.3), for a given local day.
 * Weeks start on Monday. `none` (or a custom range without both dates) filters nothing.
 */
export function durationTerms(
  duration: string | undefined,
  today: Date,
  customDates?: readonly [string, string] | readonly string[],
): string | undefined {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const range = (from: Date, to: Date) => `${day(from)};after,${day(to)};before`;
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (duration) {
    case 'today':
      return range(today, today);
    case 'this_week': {
      const offset = (today.getDay() + 6) % 7;
      const start = new Date(y, m, today.getDate() - offset);
      return range(start, new Date(y, m, start.getDate() + 6));
    }
    case 'this_month':
      return range(new Date(y, m, 1), new Date(y, m + 1, 0));
    case 'this_year':
      return range(new Date(y, 0, 1), new Date(y, 11, 31));
    case 'custom': {
      const [from, to] = customDates ?? [];
      return from && to ? `${from};after,${to};before` : undefined;
    }
    default:
      return undefined;
  }
}
