import type { Workspace } from '@kite/shared/contracts';
import type { WorkspaceRow } from '../../platform/db/schema.ts';

export function presentWorkspace(row: WorkspaceRow, totalMembers: number, role: number | null): Workspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    owner: row.owner_id,
    logo_url: row.logo_url,
    organization_size: row.organization_size,
    timezone: row.timezone,
    total_members: totalMembers,
    role,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
