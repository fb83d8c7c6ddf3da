/** Step between state sequences; a new state goes after the last one. */
export const STATE_SEQUENCE_STEP = 15000;
/** Step between labels and between items inserted at either end of a manual order. */
export const SORT_ORDER_STEP = 10000;
/** The sort order of the first label. */
export const FIRST_LABEL_SORT_ORDER = 65535;

/** Sequence of a new state: max in the project + 15000 (the first is 15000). */
export function nextStateSequence(maxSequence: number | null): number {
  return (maxSequence ?? 0) + STATE_SEQUENCE_STEP;
}

/** Sort order of a new label: max + 10000, or 65535 for the first one. */
export function nextLabelSortOrder(maxSortOrder: number | null): number {
  return maxSortOrder === null ? FIRST_LABEL_SORT_ORDER : maxSortOrder + SORT_ORDER_STEP;
}

/**
 * Sequence for a state dropped between `before` and `after` (either may be missing at the ends):
 * the midpoint of the neighbours, or ±15000 from the only neighbour.
 */
export function stateSequenceBetween(before: number | null, after: number | null): number {
  if (before !== null && after !== null) return (before + after) / 2;
  if (before !== null) return before + STATE_SEQUENCE_STEP;
  if (after !== null) return after - STATE_SEQUENCE_STEP;
  return STATE_SEQUENCE_STEP;
}

/**
 * The spec's label reposition rule: midpoint of the neighbours, half of the next when first,
 * previous + 10000 when last, 65535 when alone.
 */
export function labelSortOrderBetween(previous: number | null, next: number | null): number {
  if (previous !== null && next !== null) return (previous + next) / 2;
  if (next !== null) return next / 2;
  if (previous !== null) return previous + SORT_ORDER_STEP;
  return FIRST_LABEL_SORT_ORDER;
}

/** Manual ordering of items (issues, modules): midpoint between neighbours, ±10000 at the ends. */
export function sortOrderBetween(previous: number | null, next: number | null): number {
  if (previous !== null && next !== null) return (previous + next) / 2;
  if (previous !== null) return previous + SORT_ORDER_STEP;
  if (next !== null) return next - SORT_ORDER_STEP;
  return FIRST_LABEL_SORT_ORDER;
}
