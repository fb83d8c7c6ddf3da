import { describe, expect, it } from 'vitest';
import {
  expiryRefusal,
  isTokenActive,
  isTokenShaped,
  maskToken,
  shouldRecordUse,
} from './api-tokens.policy.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-05-19T08:15:00.000Z');

describe('api token rules', () => {
  it.each([
    [`plane_api_${'a1'.repeat(32)}`, true],
    [`plane_api_${'A1'.repeat(32)}`, false],
    [`plane_api_${'a'.repeat(63)}`, false],
    [`plane_api_${'a'.repeat(65)}`, false],
    [`plane_pat_${'a'.repeat(64)}`, false],
    ['', false],
  ])('shape of %s is %s', (key, expected) => {
    expect(isTokenShaped(key)).toBe(expected);
  });

  it.each([
    [null, true],
    ['2026-05-19T08:15:00.001Z', true],
    ['2026-05-19T08:15:00.000Z', false],
    ['2020-01-01T00:00:00.000Z', false],
  ])('a token expiring %s is active: %s', (expiry, expected) => {
    expect(isTokenActive(expiry === null ? null : at(expiry), now)).toBe(expected);
  });

  it.each([
    [null, true],
    ['2026-05-19T08:14:00.001Z', false],
    ['2026-05-19T08:14:00.000Z', true],
    ['2026-05-18T00:00:00.000Z', true],
  ])('last used %s: record this use %s', (lastUsed, expected) => {
    expect(shouldRecordUse(lastUsed === null ? null : at(lastUsed), now)).toBe(expected);
  });

  it('refuses expiries that are not ahead and masks all but the last 4 characters', () => {
    expect(expiryRefusal(undefined, now)).toBeUndefined();
    expect(expiryRefusal(null, now)).toBeUndefined();
    expect(expiryRefusal('2026-05-19T08:15:00.001Z', now)).toBeUndefined();
    expect(expiryRefusal('2026-05-19T08:15:00.000Z', now)).toBe('Expiry must be in the future');
    expect(maskToken('beef')).toBe('plane_api_****beef');
  });
});
