import type { IntakeIssue } from '@kite/shared/contracts';
import { type IntakeStatus, intakeRights, isOpenIntakeStatus } from '@kite/shared/domain';

/**
 * What the caller may do with an intake item: the shared `intakeRights`, the same definition the
 * server enforces, offered while the item is open (a closed item's work item is not edited from
 * the intake).
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
  const rights = intakeRights(item, { userId: userId ?? '', role });
  return {
    triage: open && rights.canTriage,
    editText: open && rights.canEditText,
    editProperties: open && rights.canEditProperties,
    remove: rights.canDelete,
  };
}
