import type { UpdateIntakeIssueBody } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import { describe, expect, it } from 'vitest';
import {
  editRefusal,
  type IntakeItemState,
  intakeOrder,
  statusFilter,
  triageChange,
  workItemChanges,
} from './intake.policy.ts';

const NOW = new Date('2026-05-19T08:00:00.000Z');
const LATER = '2026-05-20T08:00:00.000Z';
const EARLIER = '2026-05-18T08:00:00.000Z';
const ISSUE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SUBMITTER = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const item = (status: IntakeItemState['status'], extra: Partial<IntakeItemState> = {}): IntakeItemState => ({
  status,
  snoozed_till: status === 0 ? new Date(LATER) : null,
  duplicate_to: status === 2 ? OTHER : null,
  issue_id: ISSUE,
  created_by: SUBMITTER,
  ...extra,
});

/** The triage a body leads to, or the refusal as `code: field or message`. */
function outcome(current: IntakeItemState, body: UpdateIntakeIssueBody) {
  try {
    const next = triageChange(current, body, NOW);
    return next && { ...next, snoozed_till: next.snoozed_till?.toISOString() ?? null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = error.extra?.fields as Record<string, string> | undefined;
    return `${error.errorCode}: ${fields ? Object.entries(fields)[0]!.join(' ') : error.message}`;
  }
}

describe('triageChange', () => {
  it.each<[string, IntakeItemState, UpdateIntakeIssueBody, unknown]>([
    ['no triage key', item(-2), { issue: { name: 'x' } }, null],
    ['accept', item(-2), { status: 1 }, { status: 1, snoozed_till: null, duplicate_to: null }],
    ['decline', item(0), { status: -1 }, { status: -1, snoozed_till: null, duplicate_to: null }],
    [
      'snooze',
      item(-2),
      { status: 0, snoozed_till: LATER },
      { status: 0, snoozed_till: LATER, duplicate_to: null },
    ],
    [
      'a time alone snoozes',
      item(-2),
      { snoozed_till: LATER },
      { status: 0, snoozed_till: LATER, duplicate_to: null },
    ],
    [
      'clearing the snooze',
      item(0),
      { snoozed_till: null },
      { status: -2, snoozed_till: null, duplicate_to: null },
    ],
    [
      'clearing no snooze',
      item(-2),
      { snoozed_till: null },
      { status: -2, snoozed_till: null, duplicate_to: null },
    ],
    [
      're-snooze keeps the end',
      item(0),
      { status: 0 },
      { status: 0, snoozed_till: LATER, duplicate_to: null },
    ],
    [
      'duplicate',
      item(-2),
      { status: 2, duplicate_to: OTHER },
      { status: 2, snoozed_till: null, duplicate_to: OTHER },
    ],
    [
      'a duplicate_to alone',
      item(0),
      { duplicate_to: OTHER },
      { status: 2, snoozed_till: null, duplicate_to: OTHER },
    ],
    ['a decision again', item(1), { status: 1 }, { status: 1, snoozed_till: null, duplicate_to: null }],
    [
      'the same duplicate again',
      item(2),
      { status: 2 },
      { status: 2, snoozed_till: null, duplicate_to: OTHER },
    ],
    [
      'a snooze in the past',
      item(-2),
      { status: 0, snoozed_till: EARLIER },
      'VALIDATION_ERROR: snoozed_till The snooze must end in the future',
    ],
    [
      'a snooze without an end',
      item(-2),
      { status: 0 },
      'VALIDATION_ERROR: snoozed_till A snooze needs the time it ends',
    ],
    [
      'an end on another status',
      item(-2),
      { status: -1, snoozed_till: LATER },
      'VALIDATION_ERROR: snoozed_till Only a snoozed item has a snooze end',
    ],
    [
      'a duplicate of nothing',
      item(-2),
      { status: 2 },
      'VALIDATION_ERROR: duplicate_to Name the work item this one duplicates',
    ],
    [
      'a duplicate of itself',
      item(-2),
      { status: 2, duplicate_to: ISSUE },
      'VALIDATION_ERROR: duplicate_to A work item cannot duplicate itself',
    ],
    [
      'an original on another status',
      item(-2),
      { status: 1, duplicate_to: OTHER },
      'VALIDATION_ERROR: duplicate_to Only a duplicate names the work item it duplicates',
    ],
    [
      'reopening a declined item',
      item(-1),
      { status: -2 },
      'BAD_REQUEST: Triage is final: this item was already declined',
    ],
    [
      'accepting a declined item',
      item(-1),
      { status: 1 },
      'BAD_REQUEST: Triage is final: this item was already declined',
    ],
    [
      'snoozing an accepted item',
      item(1),
      { snoozed_till: LATER },
      'BAD_REQUEST: Triage is final: this item was already accepted',
    ],
    [
      'another original for a duplicate',
      item(2),
      { duplicate_to: ISSUE.replace('a', 'd') },
      'BAD_REQUEST: Triage is final: this item was already marked a duplicate',
    ],
  ])('%s', (_what, current, body, expected) => {
    expect(outcome(current, body)).toEqual(expected);
  });
});

describe('who may change what', () => {
  const refusal = (role: number, body: UpdateIntakeIssueBody, current = item(-2), userId = SUBMITTER) =>
    editRefusal(current, userId, role, body)?.message ?? 'allowed';

  it('leaves triage to admins', () => {
    for (const body of [{ status: 1 as const }, { snoozed_till: LATER }, { duplicate_to: OTHER }]) {
      expect(refusal(20, body)).toBe('allowed');
      for (const role of [5, 10, 15])
        expect(refusal(role, body)).toBe('Only project admins can triage intake items');
    }
  });

  it('lets members edit the work item, and its submitter while it is pending', () => {
    expect(refusal(15, { issue: { name: 'x' } }, item(-1), OTHER)).toBe('allowed');
    expect(refusal(5, { issue: { name: 'x' } })).toBe('allowed');
    expect(refusal(10, { issue: { name: 'x' } }, item(-2), OTHER)).toBe(
      'Only members or its submitter can edit this intake item',
    );
    expect(refusal(5, { issue: { name: 'x' } }, item(0))).toBe(
      'A submission can be edited only while it is pending',
    );
  });

  it('keeps a submitter below member to the name and description', () => {
    const body = { name: 'n', description_html: '<p>d</p>', priority: 'urgent' as const, label_ids: [OTHER] };
    expect(workItemChanges(5, body)).toEqual({ name: 'n', description_html: '<p>d</p>' });
    expect(workItemChanges(15, body)).toEqual(body);
    expect(workItemChanges(5, { priority: 'high' })).toBeNull();
    expect(workItemChanges(20, undefined)).toBeNull();
  });
});

describe('list parameters', () => {
  it.each<[string | undefined, unknown]>([
    [undefined, [-2]],
    ['-2,0', [-2, 0]],
    ['1, -1 ,2', [1, -1, 2]],
    ['null', null],
    ['null,-1', [-1]],
    ['', null],
  ])('status=%s', (raw, expected) => {
    expect(statusFilter(raw)).toEqual(expected);
  });

  it.each(['3', 'pending', '-2.0', '1e0'])('refuses status=%s', (raw) => {
    expect(() => statusFilter(raw)).toThrow(/Invalid status/);
  });

  it.each<[string | undefined, unknown]>([
    [undefined, { column: 'created_at', descending: true }],
    ['issue__created_at', { column: 'created_at', descending: false }],
    ['-issue__updated_at', { column: 'updated_at', descending: true }],
    ['issue__sequence_id', { column: 'sequence_id', descending: false }],
    ['-sequence_id', { column: 'sequence_id', descending: true }],
  ])('order_by=%s', (raw, expected) => {
    expect(intakeOrder(raw)).toEqual(expected);
  });

  it('refuses another order', () => {
    expect(() => intakeOrder('priority')).toThrow(/Invalid order_by/);
  });
});
