import type { Project } from '@kite/shared/contracts';
import { ROLE, type Role } from '@kite/shared/domain';

/** The caller's effective project role: a workspace ADMIN who is a member acts as project ADMIN. */
export function effectiveProjectRole(
  project: Pick<Project, 'member_role' | 'is_member'>,
  workspaceRole: number | null | undefined,
): number | null {
  if (!project.is_member || project.member_role == null) return null;
  if (workspaceRole === ROLE.ADMIN) return ROLE.ADMIN;
  return project.member_role;
}

export type ProjectSettingsTab =
  | 'general'
  | 'members'
  | 'features'
  | 'states'
  | 'labels'
  | 'estimates'
  | 'automations'
  | 'integrations'
  | 'imports';

/** The spec's gates (§6): general, members, states, labels need MEMBER; features, estimates and automations need ADMIN. */
export const TAB_ROLES: Record<ProjectSettingsTab, Role> = {
  general: ROLE.MEMBER,
  members: ROLE.MEMBER,
  features: ROLE.ADMIN,
  states: ROLE.MEMBER,
  labels: ROLE.MEMBER,
  estimates: ROLE.ADMIN,
  automations: ROLE.ADMIN,
  // api.md §4.9: the GitHub repository sync is for project admins.
  integrations: ROLE.ADMIN,
  // api.md §4.11: CSV imports are for project members.
  imports: ROLE.MEMBER,
};

export function canSeeTab(tab: ProjectSettingsTab, role: number | null): boolean {
  return role != null && role >= TAB_ROLES[tab];
}
