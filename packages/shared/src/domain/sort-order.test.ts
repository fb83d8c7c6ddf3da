import { describe, expect, it } from 'vitest';
import { sanitizeIdentifier, suggestIdentifier } from './identifier.ts';
import {
  labelSortOrderBetween,
  nextLabelSortOrder,
  nextStateSequence,
  sortOrderBetween,
  stateSequenceBetween,
} from './sort-order.ts';

describe('state sequences (step 15000)', () => {
  it('puts a new state after the last one', () => {
    expect(nextStateSequence(null)).toBe(15000);
    expect(nextStateSequence(75000)).toBe(90000);
  });

  it.each([
    [15000, 30000, 22500],
    [null, 15000, 0],
    [75000, null, 90000],
    [null, null, 15000],
  ])('between %s and %s is %s', (before, after, expected) => {
    expect(stateSequenceBetween(before, after)).toBe(expected);
  });
});

describe('label sort order (65535 first, step 10000)', () => {
  it('gives the first label 65535 and later ones max + 10000', () => {
    expect(nextLabelSortOrder(null)).toBe(65535);
    expect(nextLabelSortOrder(65535)).toBe(75535);
  });

  it.each([
    [10000, 20000, 15000, 'midpoint of the neighbours'],
    [null, 20000, 10000, 'half of the next when first'],
    [20000, null, 30000, 'previous + 10000 when last'],
    [null, null, 65535, '65535 when alone'],
  ])('between %s and %s is %s (%s)', (previous, next, expected, _rule) => {
    expect(labelSortOrderBetween(previous, next)).toBe(expected);
  });
});

describe('manual item order (gap 10000 at the ends)', () => {
  it.each([
    [100, 200, 150],
    [null, 200, -9800],
    [200, null, 10200],
  ])('between %s and %s is %s', (previous, next, expected) => {
    expect(sortOrderBetween(previous, next)).toBe(expected);
  });
});

describe('project identifiers', () => {
  it.each([
    ['web-app 2', 'WEBAPP2'],
    ['  ñandú!! ', 'AND'],
    ['abc', 'ABC'],
    ['---', ''],
  ])('sanitises %j to %j', (raw, expected) => {
    expect(sanitizeIdentifier(raw)).toBe(expected);
  });

  it('suggests up to five characters from the name', () => {
    expect(suggestIdentifier('Mobile Application')).toBe('MOBIL');
  });
});
