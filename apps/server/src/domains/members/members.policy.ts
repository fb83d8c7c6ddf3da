import { ROLE } from '@kite/shared/domain';

/** Pure membership rules (api.md §0.5); each returns the refusal, or null when allowed. */
export type MembershipRefusal = 'ROLE_TOO_HIGH' | 'LAST_ADMIN' | 'SELF';

export function canGrantRole(actorRole: number, role: number): MembershipRefusal | null {
  return role > actorRole ? 'ROLE_TOO_HIGH' : null;
}

/** Whether taking `targetRole` away (by demotion to `newRole`, removal or leaving) keeps an admin. */
export function keepsAnAdmin(
  targetRole: number,
  newRole: number | null,
  activeAdmins: number,
): MembershipRefusal | null {
  const losesAdmin = targetRole === ROLE.ADMIN && (newRole === null || newRole < ROLE.ADMIN);
  return losesAdmin && activeAdmins <= 1 ? 'LAST_ADMIN' : null;
}
