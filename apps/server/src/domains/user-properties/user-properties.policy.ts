import {
  displayFiltersSchema,
  displayPropertiesSchema,
  filtersSchema,
  type UpdateUserPropertiesBody,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { z } from 'zod';
import type { PropertyObjects } from './user-properties.presenter.ts';

const SCHEMAS = {
  filters: filtersSchema,
  display_filters: displayFiltersSchema,
  display_properties: displayPropertiesSchema,
} satisfies Record<keyof PropertyObjects, z.ZodType>;

/**
 * Merges each sent object key by key into the current one (a sent key replaces that key), then
 * validates the merged result; unknown keys are dropped. The server's only display-filter rule:
 * `group_by` and `sub_group_by` may not be the same grouping.
 */
export function mergeProperties(
  current: PropertyObjects,
  body: UpdateUserPropertiesBody,
  bodyKeys: Partial<Record<keyof PropertyObjects, string>> = {},
): Partial<PropertyObjects> {
  const fields: Record<string, string> = {};
  const merged: Partial<PropertyObjects> = {};
  for (const key of Object.keys(SCHEMAS) as (keyof PropertyObjects)[]) {
    const sent = body[key];
    if (sent === undefined) continue;
    const result = SCHEMAS[key].safeParse({ ...current[key], ...sent });
    if (!result.success) {
      for (const issue of result.error.issues) {
        fields[[bodyKeys[key] ?? key, ...issue.path.map(String)].join('.')] ??= issue.message;
      }
      continue;
    }
    Object.assign(merged, { [key]: result.data });
  }
  const displayFilters = merged.display_filters;
  if (displayFilters?.group_by && displayFilters.group_by === displayFilters.sub_group_by) {
    fields['display_filters.sub_group_by'] = 'Cannot be the same as group_by';
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
  }
  return merged;
}
