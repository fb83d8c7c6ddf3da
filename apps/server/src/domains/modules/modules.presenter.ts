import type { Module, ModuleLink } from '@kite/shared/contracts';
import type { ModuleStatus } from '@kite/shared/domain';
import type { ModuleLinkRow } from '../../platform/db/schema.ts';
import type { ModuleListRow } from './modules.repo.ts';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function presentModuleLink(row: ModuleLinkRow): ModuleLink {
  return {
    id: row.id,
    module_id: row.module_id,
    title: row.title,
    url: row.url,
    metadata: row.metadata,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  };
}

export function presentModule(row: ModuleListRow, links: ModuleLinkRow[]): Module {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    description_html: row.description_html,
    status: row.status as ModuleStatus,
    lead_id: row.lead_id,
    member_ids: row.member_ids,
    start_date: row.start_date,
    target_date: row.target_date,
    sort_order: row.sort_order,
    view_props: row.view_props,
    logo_props: row.logo_props,
    archived_at: iso(row.archived_at),
    is_favorite: row.is_favorite,
    link_module: links.map(presentModuleLink),
    total_issues: row.total_issues,
    completed_issues: row.completed_issues,
    cancelled_issues: row.cancelled_issues,
    started_issues: row.started_issues,
    unstarted_issues: row.unstarted_issues,
    backlog_issues: row.backlog_issues,
    total_estimate_points: row.total_estimate_points,
    completed_estimate_points: row.completed_estimate_points,
    external_source: row.external_source,
    external_id: row.external_id,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
