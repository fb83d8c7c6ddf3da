export const ROLE = { GUEST: 5, VIEWER: 10, MEMBER: 15, ADMIN: 20 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLES: readonly Role[] = [ROLE.GUEST, ROLE.VIEWER, ROLE.MEMBER, ROLE.ADMIN];

export const ROLE_NAMES: Record<Role, string> = {
  5: 'Guest',
  10: 'Viewer',
  15: 'Member',
  20: 'Admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && (ROLES as readonly number[]).includes(value);
}

export function hasRole(actual: number | null | undefined, needed: Role): boolean {
  return actual != null && actual >= needed;
}
