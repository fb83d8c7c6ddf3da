import type { IntakeIssue } from '@kite/shared/contracts';
import { INTAKE_STATUS, type IntakeStatus, isOpenIntakeStatus, ROLE } from '@kite/shared/domain';

/**
 * What the caller may do with an intake item: the server's rules (intake.policy.ts) as the UI
 * reads them, so it offers no button the server would refuse.
 */
export interface IntakeAbilities {
  /** Accept, decline, snooze, mark as duplicate: project admins, while the item is open. */
  triage: boolean;
  /** Name and description: members while it is open, or its submitter while it is pending. */
  editText: boolean;
  /** Priority, assignees and labels: members, while it is open. */
  editProperties: boolean;
  /** Project admins, or its submitter. */
  remove: boolean;
}

export function intakeAbilities(
  item: Pick<IntakeIssue, 'status' | 'created_by'>,
  role: number,
  userId: string | undefined,
): IntakeAbilities {
  const open = isOpenIntakeStatus(item.status as IntakeStatus);
  const mine = !!userId && item.created_by === userId;
  return {
    triage: open && role >= ROLE.ADMIN,
    editText: (open && role >= ROLE.MEMBER) || (mine && item.status === INTAKE_STATUS.PENDING),
    editProperties: open && role >= ROLE.MEMBER,
    remove: role >= ROLE.ADMIN || mine,
  };
}
