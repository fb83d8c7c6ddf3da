import { type DashboardWithWidgets, WIDGET_KEYS, type Widget } from '@kite/shared/contracts';

/** A home dashboard with every widget visible (ids `w-<key>`), or as `overrides` says. */
export function makeDashboard(
  overrides: Partial<Record<string, Partial<Widget>>> = {},
): DashboardWithWidgets {
  return {
    dashboard: {
      id: 'd1',
      name: 'Home',
      description_html: '<p></p>',
      identifier: null,
      type: 'home',
      is_default: true,
      owned_by: 'u1',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      created_by: 'u1',
      updated_by: 'u1',
    },
    widgets: WIDGET_KEYS.map((key, i) => ({
      id: `w-${key}`,
      key,
      is_visible: true,
      sort_order: (i + 1) * 1000,
      widget_filters: {},
      ...overrides[key],
    })),
  };
}

export function makeWidgetIssue(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Work item ${id}`,
    sequence_id: 7,
    state_id: 's1',
    state__group: 'started',
    priority: 'high',
    sort_order: 65535,
    estimate_point: null,
    start_date: null,
    target_date: '2026-02-01',
    completed_at: null,
    archived_at: null,
    project_id: 'p1',
    parent_id: null,
    cycle_id: null,
    module_ids: [],
    label_ids: [],
    assignee_ids: ['u1'],
    sub_issues_count: 0,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: 'u1',
    updated_by: 'u1',
    project__identifier: 'MOB',
    ...overrides,
  };
}
