import { describe, expect, it } from 'vitest';
import { authErrorText, isSafeNextPath } from './auth.ts';

describe('isSafeNextPath', () => {
  it.each([
    ['/a', true],
    ['/ws/settings?x=1', true],
    ['//evil.com', false],
    ['/\\evil.com', false],
    ['https://evil.com', false],
    ['', false],
    ['a/b', false],
  ])('%s → %s', (path, safe) => {
    expect(isSafeNextPath(path)).toBe(safe);
  });
});

describe('authErrorText', () => {
  it('maps known names and refuses unknown or inherited ones', () => {
    expect(authErrorText('AUTHENTICATION_FAILED_SIGN_IN')).toBe('Invalid email or password');
    expect(authErrorText('NOPE')).toBeNull();
    expect(authErrorText('toString')).toBeNull();
    expect(authErrorText(undefined)).toBeNull();
  });
});
