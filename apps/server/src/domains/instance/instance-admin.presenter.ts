import type { AdminUser, AdminWorkspace, AuditEntry } from '@kite/shared/contracts';
import type { AdminUserRow, AdminWorkspaceRow } from './instance-admin.repo.ts';
import type { AuditEntryRow } from './instance-audit.repo.ts';

export function presentAdminUser(row: AdminUserRow, providers: string[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: row.display_name,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar_url: row.avatar,
    is_active: row.is_active,
    is_instance_admin: row.is_instance_admin,
    is_email_verified: row.is_email_verified,
    providers,
    last_login_medium: row.last_login_medium,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    date_joined: row.date_joined.toISOString(),
  };
}

export function presentAdminWorkspace(row: AdminWorkspaceRow): AdminWorkspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    owner: row.owner,
    total_members: row.total_members,
    total_projects: row.total_projects,
    created_at: row.created_at.toISOString(),
  };
}

export function presentAuditEntry({ entry, actor }: AuditEntryRow): AuditEntry {
  return {
    id: entry.id,
    actor,
    action: entry.action,
    target: entry.target,
    details: entry.details,
    created_at: entry.created_at.toISOString(),
  };
}
