import type { ProjectMember } from '@kite/shared/contracts';
import type { ProjectMemberRow } from '../../platform/db/schema.ts';

export function presentProjectMember(row: ProjectMemberRow): ProjectMember {
  return {
    id: row.id,
    member: row.member_id,
    role: row.role,
    project: row.project_id,
    workspace: row.workspace_id,
    is_active: row.is_active,
    view_props: row.view_props,
    default_props: row.default_props,
    preferences: row.preferences,
    sort_order: row.sort_order,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
