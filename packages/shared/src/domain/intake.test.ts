import { describe, expect, it } from 'vitest';
import {
  CLOSED_INTAKE_STATUSES,
  canChangeIntakeStatus,
  INTAKE_STATUS,
  INTAKE_STATUS_NAMES,
  INTAKE_STATUSES,
  INTAKE_TRANSITIONS,
  type IntakeStatus,
  isInTriage,
  isIntakeStatus,
  isOpenIntakeStatus,
  OPEN_INTAKE_STATUSES,
} from './intake.ts';

const { PENDING, DECLINED, SNOOZED, ACCEPTED, DUPLICATE } = INTAKE_STATUS;

describe('intake statuses', () => {
  it('carry the spec’s numbers', () => {
    expect(INTAKE_STATUS).toEqual({ PENDING: -2, DECLINED: -1, SNOOZED: 0, ACCEPTED: 1, DUPLICATE: 2 });
    expect(INTAKE_STATUS_NAMES).toEqual({
      [-2]: 'pending',
      [-1]: 'declined',
      0: 'snoozed',
      1: 'accepted',
      2: 'duplicate',
    });
  });

  it('split into the Open tab (pending, snoozed) and the Closed tab (accepted, declined, duplicate)', () => {
    expect([...OPEN_INTAKE_STATUSES].sort()).toEqual([PENDING, SNOOZED].sort());
    expect([...CLOSED_INTAKE_STATUSES].sort()).toEqual([ACCEPTED, DECLINED, DUPLICATE].sort());
    for (const status of INTAKE_STATUSES) {
      expect(isOpenIntakeStatus(status)).toBe(OPEN_INTAKE_STATUSES.includes(status));
    }
  });

  it('keep every item but an accepted one in triage', () => {
    expect(INTAKE_STATUSES.filter(isInTriage)).toEqual([PENDING, DECLINED, SNOOZED, DUPLICATE]);
  });

  it.each([
    [-2, true],
    [2, true],
    [3, false],
    [-3, false],
    ['1', false],
    [null, false],
    [0.5, false],
  ])('recognise %s as a status: %s', (value, expected) => {
    expect(isIntakeStatus(value)).toBe(expected);
  });
});

describe('the transition table', () => {
  // Every pair, written out: a change the table allows is marked 1.
  const expected: [IntakeStatus, Record<IntakeStatus, 0 | 1>][] = [
    [PENDING, { [-2]: 1, [-1]: 1, 0: 1, 1: 1, 2: 1 }],
    [SNOOZED, { [-2]: 1, [-1]: 1, 0: 1, 1: 1, 2: 1 }],
    [DECLINED, { [-2]: 0, [-1]: 1, 0: 0, 1: 0, 2: 0 }],
    [ACCEPTED, { [-2]: 0, [-1]: 0, 0: 0, 1: 1, 2: 0 }],
    [DUPLICATE, { [-2]: 0, [-1]: 0, 0: 0, 1: 0, 2: 1 }],
  ];

  it.each(expected)('from %s', (from, row) => {
    for (const to of INTAKE_STATUSES) {
      expect(canChangeIntakeStatus(from, to), `${from} → ${to}`).toBe(row[to] === 1);
    }
  });

  it('has a row for every status and names only statuses', () => {
    expect(Object.keys(INTAKE_TRANSITIONS).map(Number).sort()).toEqual([...INTAKE_STATUSES].sort());
    for (const targets of Object.values(INTAKE_TRANSITIONS)) {
      for (const to of targets) expect(isIntakeStatus(to)).toBe(true);
    }
  });

  it('lets every status stay as it is, and no closed item reopen', () => {
    for (const status of INTAKE_STATUSES) expect(canChangeIntakeStatus(status, status)).toBe(true);
    for (const closed of CLOSED_INTAKE_STATUSES) {
      for (const open of OPEN_INTAKE_STATUSES) expect(canChangeIntakeStatus(closed, open)).toBe(false);
    }
  });
});
