import type { Page, PageDetail } from '@kite/shared/contracts';
import type { PageListRow } from './pages.repo.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export function presentPage(row: PageListRow): Page {
  return {
    id: row.id,
    name: row.name,
    logo_props: row.logo_props,
    color: row.color,
    label_ids: row.label_ids,
    owned_by: row.owned_by,
    access: row.access,
    // Pages are not published on their own here, so they have no public anchor.
    anchor: null,
    is_favorite: row.is_favorite,
    is_locked: row.is_locked,
    archived_at: row.archived_at === null ? null : iso(row.archived_at),
    workspace: row.workspace_id,
    project_ids: [row.project_id],
    parent_id: row.parent_id,
    view_props: { full_width: false, ...row.view_props },
    sort_order: row.sort_order,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

export function presentPageDetail(row: PageListRow & { description_html?: string }): PageDetail {
  return { ...presentPage(row), description_html: row.description_html ?? '<p></p>' };
}
