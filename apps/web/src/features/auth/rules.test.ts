import { describe, expect, it } from 'vitest';
import { currentOnboardingStep } from '../onboarding/steps.ts';
import { authErrorFromQuery } from './authErrors.ts';
import { estimateStrength } from './passwordStrength.ts';

describe('estimateStrength', () => {
  it.each([
    ['', 0],
    ['short', 0],
    ['password123', 1],
    ['aaaaaaaaaaaa', 1],
    ['12345678901', 1],
    ['abcdefgh', 1],
    ['Abcdefgh12', 3],
    ['correct-Horse-battery-77', 4],
  ])('%s → level %i', (password, level) => {
    expect(estimateStrength(password).level).toBe(level);
  });
});

describe('authErrorFromQuery', () => {
  it('maps Plane error names, says something for unknown ones, nothing without a query', () => {
    expect(authErrorFromQuery('5021', 'PASSWORD_TOO_WEAK')).toBe('Password is too weak');
    expect(authErrorFromQuery('9999', 'SOMETHING_NEW')).toBe('Something went wrong. Please try again.');
    expect(authErrorFromQuery(undefined, undefined)).toBeNull();
  });
});

describe('currentOnboardingStep', () => {
  it.each([
    [{}, 'profile'],
    [{ profile_complete: true }, 'workspace'],
    [{ profile_complete: true, workspace_create: true }, 'invite'],
    [{ profile_complete: true, workspace_create: true, workspace_invite: true }, 'done'],
    [{ profile_complete: true, workspace_join: true }, 'done'],
    [{ workspace_create: true, workspace_invite: true }, 'profile'],
  ] as const)('%o → %s', (steps, expected) => {
    expect(currentOnboardingStep(steps)).toBe(expected);
  });
});
