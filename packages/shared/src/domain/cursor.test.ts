import { describe, expect, it } from 'vitest';
import { formatCursor, parseCursor } from './cursor.ts';

describe('page cursors', () => {
  it.each([
    ['50:0:0', { perPage: 50, page: 0, isPrev: false }],
    ['10:3:1', { perPage: 10, page: 3, isPrev: true }],
    ['1000:400:0', { perPage: 1000, page: 400, isPrev: false }],
  ])('parses %s', (raw, expected) => {
    expect(parseCursor(raw)).toEqual(expected);
  });

  it.each(['', 'x', '50:0', '50:0:2', '50:-1:1', 'a:0:0', '50:0:0:0', ' 50:0:0'])('refuses %j', (raw) => {
    expect(parseCursor(raw)).toBeNull();
  });

  it('formats what it parses, including the previous page of page 0', () => {
    expect(formatCursor(50, 1, false)).toBe('50:1:0');
    expect(formatCursor(50, -1, true)).toBe('50:-1:1');
    expect(parseCursor(formatCursor(25, 7, true))).toEqual({ perPage: 25, page: 7, isPrev: true });
  });
});
