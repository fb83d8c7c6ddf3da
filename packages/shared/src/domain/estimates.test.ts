import { describe, expect, it } from 'vitest';
import { estimatePointProblems, estimateValueProblem } from './estimates.ts';

const points = (...values: string[]) => values.map((value, key) => ({ key, value }));

describe('estimate point values', () => {
  it.each([
    ['points', '5', null],
    ['points', '0', null],
    ['points', '1.5', 'Points must be a whole number'],
    ['points', 'XL', 'Points must be a whole number'],
    ['time', '30', null],
    ['time', '-5', 'Time must be a whole number of minutes'],
    ['categories', 'Large', null],
  ])('%s %j → %s', (type, value, expected) => {
    expect(estimateValueProblem(type, value)).toBe(expected);
  });
});

describe('estimate point sets', () => {
  it('accepts distinct keys and values', () => {
    expect(estimatePointProblems('points', points('1', '2', '3'))).toEqual([]);
    expect(estimatePointProblems('categories', points('S', 'M', 'L'))).toEqual([]);
  });

  it('reports repeated keys and values on the later point', () => {
    expect(
      estimatePointProblems('categories', [
        { key: 1, value: 'Small' },
        { key: 1, value: 'Big' },
        { key: 2, value: 'small' },
      ]),
    ).toEqual([
      { index: 1, field: 'key', message: 'Duplicate key' },
      { index: 2, field: 'value', message: 'Duplicate value' },
    ]);
  });

  it('compares numbers by value and reports values that do not fit the type', () => {
    expect(estimatePointProblems('points', points('5', '05'))).toEqual([
      { index: 1, field: 'value', message: 'Duplicate value' },
    ]);
    expect(estimatePointProblems('time', points('15', 'an hour'))).toEqual([
      { index: 1, field: 'value', message: 'Time must be a whole number of minutes' },
    ]);
  });
});
