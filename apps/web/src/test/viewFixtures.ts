import type { View } from '@kite/shared/contracts';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
} from '../features/issues/store/displayFilters.ts';

/** A saved view as the server answers it: a public project view of p1 owned by the signed-in user. */
export function makeView(id: string, overrides: Partial<View> = {}): View {
  return {
    id,
    workspace: 'w1',
    project: 'p1',
    name: `View ${id}`,
    description: '',
    filters: { ...DEFAULT_FILTERS },
    display_filters: { ...DEFAULT_DISPLAY_FILTERS },
    display_properties: { ...DEFAULT_DISPLAY_PROPERTIES },
    access: 0,
    is_locked: false,
    is_favorite: false,
    owned_by: 'u1',
    sort_order: 65535,
    logo_props: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: 'u1',
    updated_by: 'u1',
    ...overrides,
  };
}
