import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
  type DisplayFilters,
  type DisplayProperties,
  type Filters,
  type IssueDisplayProperties,
  type UserProperties,
} from '@kite/shared/contracts';
import type { UserPropertiesRow } from '../../platform/db/schema.ts';

export interface PropertyObjects {
  filters: Filters;
  display_filters: DisplayFilters;
  display_properties: DisplayProperties;
}

/** The stored objects over the defaults, so every key is always present (saved views store the same three). */
export function propertyObjects(
  row: Pick<UserPropertiesRow, 'filters' | 'display_filters' | 'display_properties'>,
): PropertyObjects {
  return {
    filters: { ...DEFAULT_FILTERS, ...row.filters },
    display_filters: { ...DEFAULT_DISPLAY_FILTERS, ...row.display_filters },
    display_properties: { ...DEFAULT_DISPLAY_PROPERTIES, ...row.display_properties },
  };
}

export function presentUserProperties(row: UserPropertiesRow): UserProperties {
  return {
    id: row.id,
    user: row.user_id,
    project: row.project_id,
    ...propertyObjects(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentIssueDisplayProperties(row: UserPropertiesRow): IssueDisplayProperties {
  return {
    id: row.id,
    user: row.user_id,
    project: row.project_id!,
    properties: propertyObjects(row).display_properties,
  };
}
