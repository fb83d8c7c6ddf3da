import type { IntakeOrdering, IntakeWorkItemBody, UpdateIntakeIssueBody } from '@kite/shared/contracts';
import {
  canChangeIntakeStatus,
  INTAKE_MESSAGES,
  INTAKE_STATUS,
  INTAKE_STATUS_NAMES,
  type IntakeStatus,
  intakeRights,
  isIntakeStatus,
  isOpenIntakeStatus,
  ROLE,
} from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';

/** The rules of the intake (api.md §10), free of the database. */

const { PENDING, SNOOZED, ACCEPTED, DUPLICATE } = INTAKE_STATUS;

/** Where an item stands in triage. */
export interface Triage {
  status: IntakeStatus;
  snoozed_till: Date | null;
  duplicate_to: string | null;
}

/** What the rules need to know of an item. */
export interface IntakeItemState extends Triage {
  issue_id: string;
  created_by: string | null;
}

const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
const forbidden = (message: string) => new AppError('forbidden', message);
export const intakeDisabled = () => new AppError('bad_request', INTAKE_MESSAGES.disabled, 'INTAKE_DISABLED');

/** The guest rule (api.md §0.5): a guest sees only their own submissions unless the project shows all. */
export function seesOnlyOwn(role: number, guestViewAllFeatures: boolean): boolean {
  return role <= ROLE.GUEST && !guestViewAllFeatures;
}

export const canSee = (item: Pick<IntakeItemState, 'created_by'>, userId: string, ownOnly: boolean) =>
  !ownOnly || item.created_by === userId;

const FINAL_WORDS: Partial<Record<IntakeStatus, string>> = {
  [-1]: 'declined',
  1: 'accepted',
  2: 'marked a duplicate',
};

/** The triage a PATCH asks for, before the transition table has had its say. */
function targetStatus(current: Triage, body: UpdateIntakeIssueBody): IntakeStatus {
  if (body.status !== undefined) return body.status;
  if (body.duplicate_to) return DUPLICATE;
  if (body.snoozed_till !== undefined) {
    // Clearing the snooze returns a snoozed item to pending (spec §4); a time snoozes it.
    if (body.snoozed_till !== null) return SNOOZED;
    return current.status === SNOOZED ? PENDING : current.status;
  }
  return current.status;
}

/**
 * Where a PATCH moves an item in triage, or null when it names no triage key. Refused: a change the
 * transition table does not allow (a decision is final), a snooze without a future end, a duplicate
 * without the work item it duplicates (or of itself), and an end or a duplicate on another status.
 * The duplicate's project is the service's to check.
 */
export function triageChange(
  current: IntakeItemState,
  body: UpdateIntakeIssueBody,
  now: Date,
): Triage | null {
  if (body.status === undefined && body.snoozed_till === undefined && body.duplicate_to === undefined) {
    return null;
  }
  const status = targetStatus(current, body);
  const fields: Record<string, string> = {};
  if (body.snoozed_till && status !== SNOOZED) fields.snoozed_till = INTAKE_MESSAGES.snoozeNotSnoozed;
  if (body.duplicate_to && status !== DUPLICATE) fields.duplicate_to = INTAKE_MESSAGES.duplicateNotDuplicate;
  if (Object.keys(fields).length > 0) throw invalid(fields);

  const next: Triage = {
    status,
    snoozed_till:
      status !== SNOOZED
        ? null
        : body.snoozed_till !== undefined
          ? body.snoozed_till === null
            ? null
            : new Date(body.snoozed_till)
          : current.snoozed_till,
    duplicate_to:
      status !== DUPLICATE
        ? null
        : body.duplicate_to !== undefined
          ? body.duplicate_to
          : current.duplicate_to,
  };
  // The table refuses the move, or a decided item (which may only stay as it is) would change.
  const reopens = !isOpenIntakeStatus(current.status) && !sameTriage(current, next);
  if (!canChangeIntakeStatus(current.status, status) || reopens) {
    const decided = FINAL_WORDS[current.status] ?? INTAKE_STATUS_NAMES[current.status];
    throw new AppError('bad_request', `Triage is final: this item was already ${decided}`);
  }
  if (status === SNOOZED) {
    if (!next.snoozed_till) throw invalid({ snoozed_till: INTAKE_MESSAGES.snoozeRequired });
    if (next.snoozed_till.getTime() <= now.getTime()) {
      throw invalid({ snoozed_till: INTAKE_MESSAGES.snoozeInPast });
    }
  }
  if (status === DUPLICATE) {
    if (!next.duplicate_to) throw invalid({ duplicate_to: INTAKE_MESSAGES.duplicateRequired });
    if (next.duplicate_to === current.issue_id)
      throw invalid({ duplicate_to: INTAKE_MESSAGES.duplicateSelf });
  }
  return next;
}

export function sameTriage(a: Triage, b: Triage): boolean {
  return (
    a.status === b.status &&
    a.duplicate_to === b.duplicate_to &&
    (a.snoozed_till?.getTime() ?? null) === (b.snoozed_till?.getTime() ?? null)
  );
}

/**
 * Why a PATCH is refused, if it is (403, after visibility): triage keys need a project admin; the
 * work item's own keys need a member, or its submitter while it is pending.
 */
export function editRefusal(
  item: IntakeItemState,
  userId: string,
  role: number,
  body: UpdateIntakeIssueBody,
) {
  const rights = intakeRights(item, { userId, role });
  const triaging =
    body.status !== undefined || body.snoozed_till !== undefined || body.duplicate_to !== undefined;
  if (triaging && !rights.canTriage) return forbidden('Only project admins can triage intake items');
  if (body.issue === undefined || rights.canEditProperties) return null;
  if (!rights.submitter) return forbidden('Only members or its submitter can edit this intake item');
  if (!rights.canEditText) return forbidden('A submission can be edited only while it is pending');
  return null;
}

/** What of the work item a PATCH changes: a submitter below member changes its name and description alone (as Plane). */
export function workItemChanges(
  role: number,
  issue: IntakeWorkItemBody | undefined,
): IntakeWorkItemBody | null {
  if (!issue) return null;
  const changes: IntakeWorkItemBody =
    role >= ROLE.MEMBER ? issue : { name: issue.name, description_html: issue.description_html };
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return Object.keys(sent).length > 0 ? sent : null;
}

/** Deleting an item: a project admin, or its submitter. */
export function deleteRefusal(item: IntakeItemState, userId: string, role: number) {
  return intakeRights(item, { userId, role }).canDelete
    ? null
    : forbidden('Only project admins or its submitter can delete this intake item');
}

/**
 * The statuses a list shows: `status` as a comma list (Plane's client sends `null` items, which
 * are ignored), pending alone when absent; an empty list (only `null`s) shows every status.
 */
export function statusFilter(raw: string | undefined): IntakeStatus[] | null {
  if (raw === undefined) return [PENDING];
  const items = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '' && v !== 'null');
  if (items.length === 0) return null;
  return items.map((item) => {
    const value = /^-?\d$/.test(item) ? Number(item) : Number.NaN;
    if (!isIntakeStatus(value)) {
      throw new AppError('bad_request', `Invalid status: ${item}`, 'INVALID_FILTER');
    }
    return value;
  });
}

export interface IntakeOrder {
  column: 'created_at' | 'updated_at' | 'sequence_id';
  descending: boolean;
}

const ORDER_COLUMNS: Record<string, IntakeOrder['column']> = {
  issue__created_at: 'created_at',
  issue__updated_at: 'updated_at',
  issue__sequence_id: 'sequence_id',
  created_at: 'created_at',
  updated_at: 'updated_at',
  sequence_id: 'sequence_id',
};

/** `order_by` of the inbox: created (newest first by default), updated or sequence id, `-` for descending. */
export function intakeOrder(raw: string | undefined): IntakeOrder {
  const requested: string = raw && raw.length > 0 ? raw : ('-issue__created_at' satisfies IntakeOrdering);
  const key = requested.replace(/^-/, '');
  // Own keys only: `valueOf` and the like are the object's prototype, not orderings.
  const column = Object.hasOwn(ORDER_COLUMNS, key) ? ORDER_COLUMNS[key] : undefined;
  if (!column) throw new AppError('bad_request', `Invalid order_by: ${requested}`, 'INVALID_ORDER_BY');
  return { column, descending: requested.startsWith('-') };
}

/** The activity sentence of a change of status. */
export const STATUS_SENTENCES: Record<IntakeStatus, string> = {
  [-2]: 'returned the work item to pending in intake',
  [-1]: 'declined the work item in intake',
  0: 'snoozed the work item in intake',
  1: 'accepted the work item from intake',
  2: 'marked the work item in intake as a duplicate',
};

export { ACCEPTED, PENDING };
