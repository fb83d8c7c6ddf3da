import type { Label } from '@kite/shared/contracts';
import type { LabelRow } from '../../platform/db/schema.ts';

export function presentLabel(row: LabelRow): Label {
  return {
    id: row.id,
    project_id: row.project_id,
    workspace_id: row.workspace_id,
    name: row.name,
    description: row.description,
    color: row.color,
    parent: row.parent_id,
    sort_order: row.sort_order,
    external_source: row.external_source,
    external_id: row.external_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
