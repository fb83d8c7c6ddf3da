import { ROLE } from './roles.ts';

/**
 * The intake (inbox) of a project (spec §4, api.md §10): what comes in waits in triage until an
 * admin accepts, declines, snoozes or marks it a duplicate. These are the rules both sides read.
 */

export const INTAKE_STATUS = {
  PENDING: -2,
  DECLINED: -1,
  SNOOZED: 0,
  ACCEPTED: 1,
  DUPLICATE: 2,
} as const;
export type IntakeStatus = (typeof INTAKE_STATUS)[keyof typeof INTAKE_STATUS];

export const INTAKE_STATUSES: readonly IntakeStatus[] = [-2, -1, 0, 1, 2];

/** Names for people and activity rows, by status. */
export const INTAKE_STATUS_NAMES: Record<IntakeStatus, string> = {
  [-2]: 'pending',
  [-1]: 'declined',
  0: 'snoozed',
  1: 'accepted',
  2: 'duplicate',
};

/** The inbox's two tabs (spec §2): Open holds what still needs a decision, Closed what got one. */
export const OPEN_INTAKE_STATUSES: readonly IntakeStatus[] = [INTAKE_STATUS.PENDING, INTAKE_STATUS.SNOOZED];
export const CLOSED_INTAKE_STATUSES: readonly IntakeStatus[] = [
  INTAKE_STATUS.ACCEPTED,
  INTAKE_STATUS.DECLINED,
  INTAKE_STATUS.DUPLICATE,
];

/**
 * Which status an item in each status may take next (staying where it is included). An open item
 * may go anywhere — a snoozed one back to pending when its snooze is cleared or ends; a decision
 * is final, as in Plane's inbox, which offers no way back from the Closed tab.
 */
export const INTAKE_TRANSITIONS: Record<IntakeStatus, readonly IntakeStatus[]> = {
  [-2]: [-2, -1, 0, 1, 2],
  0: [-2, -1, 0, 1, 2],
  [-1]: [-1],
  1: [1],
  2: [2],
};

export function isIntakeStatus(value: unknown): value is IntakeStatus {
  return typeof value === 'number' && (INTAKE_STATUSES as readonly number[]).includes(value);
}

export function canChangeIntakeStatus(from: IntakeStatus, to: IntakeStatus): boolean {
  return INTAKE_TRANSITIONS[from].includes(to);
}

export const isOpenIntakeStatus = (status: IntakeStatus): boolean => OPEN_INTAKE_STATUSES.includes(status);

/** Only an accepted item has left triage: every other status keeps it out of the project's lists. */
export const isInTriage = (status: IntakeStatus): boolean => status !== INTAKE_STATUS.ACCEPTED;

/** What the rules read of an intake item. */
export interface IntakeFacts {
  created_by: string | null;
  status: number;
}

/** Who is asking, in the item's project. */
export interface IntakeCaller {
  userId: string;
  /** Effective project role (0 when not a member). */
  role: number;
}

/**
 * The rights on an intake item (api.md §10), the one definition the server enforces and the web
 * shows: triage (accept, decline, snooze, duplicate) needs a project admin; the work item's name
 * and description need a member, or its submitter while it is pending; its other properties need
 * a member; deleting needs a project admin or its submitter. Which triage moves a status allows is
 * `canChangeIntakeStatus`'s.
 */
export function intakeRights(item: IntakeFacts, caller: IntakeCaller) {
  const submitter = item.created_by !== null && item.created_by === caller.userId;
  const member = caller.role >= ROLE.MEMBER;
  const admin = caller.role >= ROLE.ADMIN;
  return {
    submitter,
    canTriage: admin,
    canEditText: member || (submitter && item.status === INTAKE_STATUS.PENDING),
    canEditProperties: member,
    canDelete: admin || submitter,
  };
}
export type IntakeRights = ReturnType<typeof intakeRights>;

/** Inbox page size and its default order (spec §9). */
export const INTAKE_PAGE_SIZE = 10;
export const DEFAULT_INTAKE_ORDER = '-issue__created_at';
/** Where an item came from; the app submits `IN_APP`. */
export const INTAKE_SOURCE_IN_APP = 'IN_APP';

/** The spec's inbox error texts (spec §8), shown when a list cannot load. */
export const INTAKE_ERRORS = {
  init: 'Error fetching the inbox issues please try again later.',
  pagination: 'Error fetching the paginated inbox issues please try again later.',
} as const;

/** What the server answers when a change is refused (the web shows the same words). */
export const INTAKE_MESSAGES = {
  disabled: 'Intake is not enabled for this project',
  notFound: 'Intake item not found',
  duplicateRequired: 'Name the work item this one duplicates',
  duplicateElsewhere: 'Must be a work item of this project',
  duplicateSelf: 'A work item cannot duplicate itself',
  duplicateNotDuplicate: 'Only a duplicate names the work item it duplicates',
  snoozeRequired: 'A snooze needs the time it ends',
  snoozeInPast: 'The snooze must end in the future',
  snoozeNotSnoozed: 'Only a snoozed item has a snooze end',
} as const;

/** Snooze presets of the inbox (spec §9), in days; the seventh choice is a custom date and time. */
export const SNOOZE_PRESET_DAYS = [1, 3, 5, 7, 14] as const;
