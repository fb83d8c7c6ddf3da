import { describe, expect, it } from 'vitest';
import { describeExpiry, describeLastUsed, expiryFor, localDate } from './apiTokenDates.ts';

const now = new Date(2026, 0, 31, 10, 0, 0); // 31 Jan 2026, 10:00 local

describe('token expiry presets', () => {
  it.each([
    ['never', null],
    ['1w', new Date(2026, 1, 7, 10, 0, 0).toISOString()],
    // The 31st of a shorter month is its last day.
    ['1m', new Date(2026, 1, 28, 10, 0, 0).toISOString()],
    ['3m', new Date(2026, 3, 30, 10, 0, 0).toISOString()],
    ['1y', new Date(2027, 0, 31, 10, 0, 0).toISOString()],
  ] as const)('%s expires at %s', (preset, expected) => {
    expect(expiryFor(preset, now)).toBe(expected);
  });

  it('ends a custom date at the end of that local day, and refuses today, the past and nonsense', () => {
    expect(expiryFor('custom', now, '2026-02-10')).toBe(new Date(2026, 1, 10, 23, 59, 59, 999).toISOString());
    expect(expiryFor('custom', now, '2026-01-31')).toBe(new Date(2026, 0, 31, 23, 59, 59, 999).toISOString());
    expect(expiryFor('custom', now, '2026-01-30')).toBeUndefined();
    expect(expiryFor('custom', now, '')).toBeUndefined();
    expect(expiryFor('custom', now, '10/02/2026')).toBeUndefined();
    expect(localDate(now)).toBe('2026-01-31');
  });
});

describe('token descriptions', () => {
  it('says when a token expires, or that it has', () => {
    expect(describeExpiry({ expired_at: null }, now)).toBe('Never expires');
    expect(describeExpiry({ expired_at: new Date(2026, 5, 3).toISOString() }, now)).toMatch(
      /^Expires .*2026/,
    );
    expect(describeExpiry({ expired_at: new Date(2025, 11, 1).toISOString() }, now)).toMatch(
      /^Expired .*2025/,
    );
  });

  it.each([
    [null, 'Never used'],
    [new Date(now.getTime() - 20_000).toISOString(), 'Just now'],
    [new Date(now.getTime() - 60_000).toISOString(), '1 minute ago'],
    [new Date(now.getTime() - 5 * 60_000).toISOString(), '5 minutes ago'],
    [new Date(now.getTime() - 3 * 3_600_000).toISOString(), '3 hours ago'],
    [new Date(now.getTime() - 2 * 86_400_000).toISOString(), '2 days ago'],
  ])('last used %s reads %s', (lastUsed, expected) => {
    expect(describeLastUsed(lastUsed, now)).toBe(expected);
  });

  it('shows the date of a use more than a month old', () => {
    expect(describeLastUsed(new Date(2025, 9, 1).toISOString(), now)).toMatch(/2025/);
  });
});
