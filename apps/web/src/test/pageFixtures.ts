import type { Page, PageDetail } from '@kite/shared/contracts';

/** A page as the server answers it: a public page of p1 owned by the signed-in user (u1). */
export function makePage(id: string, overrides: Partial<PageDetail> = {}): PageDetail {
  return {
    id,
    name: `Page ${id}`,
    description_html: '<p></p>',
    logo_props: {},
    color: '',
    label_ids: [],
    owned_by: 'u1',
    access: 0,
    anchor: null,
    is_favorite: false,
    is_locked: false,
    archived_at: null,
    workspace: 'w1',
    project_ids: ['p1'],
    parent_id: null,
    view_props: { full_width: false },
    sort_order: 65535,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: 'u1',
    updated_by: 'u1',
    ...overrides,
  };
}

/** The list form (no description). */
export function listPage(id: string, overrides: Partial<Page> = {}): Page {
  const { description_html: _omit, ...page } = makePage(id, overrides);
  return page;
}
