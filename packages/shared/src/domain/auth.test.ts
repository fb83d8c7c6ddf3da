import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_MESSAGES,
  isSafeNextPath,
  ORGANIZATION_SIZES,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../contracts/index.ts';
import { AUTH_ERROR_TEXT, authErrorText, isSafeRedirectPath, PASSWORD_LENGTH } from './auth.ts';
import { ORGANIZATION_SIZE_OPTIONS } from './organization.ts';

describe('zod-free copies stay equal to the contracts', () => {
  it('auth error messages', () => {
    expect(AUTH_ERROR_TEXT).toEqual(AUTH_ERROR_MESSAGES);
  });
  it('password bounds and organization sizes', () => {
    expect(PASSWORD_LENGTH).toEqual({ min: PASSWORD_MIN, max: PASSWORD_MAX });
    expect([...ORGANIZATION_SIZE_OPTIONS]).toEqual([...ORGANIZATION_SIZES]);
  });
  it.each(['/a', '/ws/settings?x=1', '//evil.com', '/\\evil.com', 'https://evil.com', '', 'a/b'])(
    'safe path %s agrees with the contract rule',
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(isSafeNextPath(path));
    },
  );
});

describe('authErrorText', () => {
  it('maps known names and refuses unknown or inherited ones', () => {
    expect(authErrorText('AUTHENTICATION_FAILED_SIGN_IN')).toBe('Invalid email or password');
    expect(authErrorText('NOPE')).toBeNull();
    expect(authErrorText('toString')).toBeNull();
    expect(authErrorText(undefined)).toBeNull();
  });
});
