import type { State } from '@kite/shared/contracts';
import type { StateRow } from '../../platform/db/schema.ts';

export function presentState(row: StateRow): State {
  return {
    id: row.id,
    project_id: row.project_id,
    workspace_id: row.workspace_id,
    name: row.name,
    description: row.description,
    color: row.color,
    group: row.group,
    sequence: row.sequence,
    default: row.default,
    external_source: row.external_source,
    external_id: row.external_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
