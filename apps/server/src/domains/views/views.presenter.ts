import type { View } from '@kite/shared/contracts';
import { propertyObjects } from '../user-properties/user-properties.presenter.ts';
import type { ViewListRow } from './views.repo.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export function presentView(row: ViewListRow): View {
  return {
    id: row.id,
    workspace: row.workspace_id,
    project: row.project_id,
    name: row.name,
    description: row.description,
    // Over the defaults, like user properties: every key is present even in views stored before a key existed.
    ...propertyObjects(row),
    access: row.access,
    is_locked: row.is_locked,
    is_favorite: row.is_favorite,
    owned_by: row.owned_by,
    sort_order: row.sort_order,
    logo_props: row.logo_props,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
