import { ROLE } from '@kite/shared/domain';

/** A workspace admin who is a project member (any role) acts as project admin. */
export function effectiveProjectRole(workspaceRole: number, projectRole: number | null): number | null {
  if (projectRole === null) return null;
  return workspaceRole >= ROLE.ADMIN ? ROLE.ADMIN : projectRole;
}

/** A project role may not exceed the member's workspace role. */
export function projectRoleAllowed(workspaceRole: number, projectRole: number): boolean {
  return projectRole <= workspaceRole;
}
