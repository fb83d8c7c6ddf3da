import type { Project } from '@kite/shared/contracts';
import type { ProjectRow } from '../../platform/db/schema.ts';

export interface ProjectViewerContext {
  memberRole: number | null;
  isFavorite: boolean;
  members: string[];
}

export function presentProject(row: ProjectRow, viewer: ProjectViewerContext): Project {
  return {
    id: row.id,
    workspace: row.workspace_id,
    name: row.name,
    description: row.description,
    description_html: row.description_html,
    identifier: row.identifier,
    network: row.network,
    project_lead: row.project_lead_id,
    default_assignee: row.default_assignee_id,
    emoji: row.emoji,
    icon_prop: row.icon_prop,
    logo_props: row.logo_props,
    cover_image: row.cover_image,
    cover_image_url: row.cover_image,
    cycle_view: row.cycle_view,
    module_view: row.module_view,
    issue_views_view: row.issue_views_view,
    page_view: row.page_view,
    intake_view: row.intake_view,
    inbox_view: row.intake_view,
    guest_view_all_features: row.guest_view_all_features,
    archive_in: row.archive_in,
    close_in: row.close_in,
    default_state: row.default_state_id,
    estimate: row.estimate_id,
    timezone: row.timezone,
    sort_order: row.sort_order,
    archived_at: row.archived_at?.toISOString() ?? null,
    anchor: row.anchor,
    is_member: viewer.memberRole !== null,
    is_favorite: viewer.isFavorite,
    member_role: viewer.memberRole,
    members: viewer.members,
    total_members: viewer.members.length,
    external_source: row.external_source,
    external_id: row.external_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
