import type { Estimate, EstimatePoint } from '@kite/shared/contracts';
import type { EstimatePointRow, EstimateRow } from '../../platform/db/schema.ts';

export function presentEstimatePoint(row: EstimatePointRow): EstimatePoint {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    description: row.description,
    workspace: row.workspace_id,
    project: row.project_id,
    estimate: row.estimate_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/** `points` are the estimate's live points, already ordered by key. */
export function presentEstimate(row: EstimateRow, points: EstimatePointRow[]): Estimate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    last_used: row.last_used,
    workspace: row.workspace_id,
    project: row.project_id,
    points: points.map(presentEstimatePoint),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
