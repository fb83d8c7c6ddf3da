import { describe, expect, it } from 'vitest';
import { canGrantRole, keepsAnAdmin } from './members.policy.ts';

describe('canGrantRole', () => {
  it.each([
    // actor, granted role, refusal
    [20, 20, null],
    [20, 15, null],
    [20, 10, null],
    [20, 5, null],
    [15, 15, null],
    [15, 5, null],
    [15, 20, 'ROLE_TOO_HIGH'],
    [10, 15, 'ROLE_TOO_HIGH'],
    [10, 10, null],
    [5, 10, 'ROLE_TOO_HIGH'],
    [5, 5, null],
    [5, 20, 'ROLE_TOO_HIGH'],
  ] as const)('actor %i granting %i → %s', (actor, role, refusal) => {
    expect(canGrantRole(actor, role)).toBe(refusal);
  });
});

describe('keepsAnAdmin', () => {
  it.each([
    // target role, new role (null = removed or leaving), active admins, refusal
    [20, 15, 1, 'LAST_ADMIN'],
    [20, 10, 1, 'LAST_ADMIN'],
    [20, 5, 1, 'LAST_ADMIN'],
    [20, null, 1, 'LAST_ADMIN'],
    [20, 15, 0, 'LAST_ADMIN'],
    [20, null, 0, 'LAST_ADMIN'],
    [20, 20, 1, null], // staying admin is no demotion
    [20, 15, 2, null],
    [20, null, 2, null],
    [20, 5, 3, null],
    [15, 5, 1, null],
    [15, null, 1, null],
    [10, null, 1, null],
    [5, null, 1, null],
    [15, 20, 1, null], // promotions never lose an admin
    [5, null, 0, null],
  ] as const)('role %i → %s with %i admins → %s', (target, next, admins, refusal) => {
    expect(keepsAnAdmin(target, next, admins)).toBe(refusal);
  });
});
