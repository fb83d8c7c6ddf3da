/** An estimate has 2 to 6 points (api.md §4.6, §17). */
export const ESTIMATE_MIN_POINTS = 2;
export const ESTIMATE_MAX_POINTS = 6;

export interface EstimatePointCandidate {
  key: number;
  value: string;
}

export interface EstimatePointProblem {
  /** Index of the point in the list that was checked. */
  index: number;
  field: 'key' | 'value';
  message: string;
}

/** Points and time (minutes) are whole numbers written in digits; categories are free text. */
export function estimateValueProblem(type: string, value: string): string | null {
  if (type === 'points' && !/^\d+$/.test(value)) return 'Points must be a whole number';
  if (type === 'time' && !/^\d+$/.test(value)) return 'Time must be a whole number of minutes';
  return null;
}

/** Numbers compare by value ("05" = "5"), categories without regard to case. */
function valueIdentity(type: string, value: string): string {
  return type === 'categories' ? value.trim().toLowerCase() : String(Number(value));
}

/**
 * Problems of an estimate's whole set of points: values that do not fit the type, repeated keys and
 * repeated values. A repeat is reported on the later point, so callers list the points they were
 * sent after the ones already stored.
 */
export function estimatePointProblems(
  type: string,
  points: readonly EstimatePointCandidate[],
): EstimatePointProblem[] {
  const problems: EstimatePointProblem[] = [];
  const keys = new Set<number>();
  const values = new Set<string>();
  points.forEach((point, index) => {
    if (keys.has(point.key)) problems.push({ index, field: 'key', message: 'Duplicate key' });
    keys.add(point.key);
    const valueProblem = estimateValueProblem(type, point.value);
    if (valueProblem) {
      problems.push({ index, field: 'value', message: valueProblem });
      return;
    }
    const identity = valueIdentity(type, point.value);
    if (values.has(identity)) problems.push({ index, field: 'value', message: 'Duplicate value' });
    values.add(identity);
  });
  return problems;
}
