import { describe, expect, it } from 'vitest';
import { makeView } from '../../test/viewFixtures.ts';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
} from '../issues/store/displayFilters.ts';
import type { FilterSet } from '../issues/store/IssueFilterStore.ts';
import { hasUnsavedChanges, settingsBody, unsavedChanges } from './viewSettings.ts';

/** The page's settings as the filter store holds them after seeding. */
function page(overrides: Partial<FilterSet> = {}): FilterSet {
  return {
    filters: { ...DEFAULT_FILTERS },
    displayFilters: { ...DEFAULT_DISPLAY_FILTERS },
    displayProperties: { ...DEFAULT_DISPLAY_PROPERTIES },
    ...overrides,
  };
}

describe('unsaved changes of a view page', () => {
  it('sees none while the page shows what the view saved, whatever the order of values or empty lists', () => {
    const view = makeView('v1', {
      filters: { ...DEFAULT_FILTERS, priority: ['high', 'urgent'], labels: [] },
      display_filters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban', group_by: 'priority' },
    });
    const current = page({
      filters: { ...DEFAULT_FILTERS, priority: ['urgent', 'high'], labels: null },
      displayFilters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban', group_by: 'priority' },
    });
    expect(unsavedChanges(view, current, 'view')).toEqual({ filters: false, display: false });
  });

  it('compares the view’s display made consistent, as the page holds it (kanban grouped by state)', () => {
    const view = makeView('v1', { display_filters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban' } });
    const current = page({
      displayFilters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban', group_by: 'state' },
    });
    expect(hasUnsavedChanges(unsavedChanges(view, current, 'view'))).toBe(false);
  });

  it('tells filters from display: a filter added, a layout switched, a property hidden', () => {
    const view = makeView('v1');
    expect(
      unsavedChanges(view, page({ filters: { ...DEFAULT_FILTERS, priority: ['high'] } }), 'view'),
    ).toEqual({
      filters: true,
      display: false,
    });
    expect(
      unsavedChanges(
        view,
        page({ displayFilters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'spreadsheet' } }),
        'view',
      ),
    ).toEqual({ filters: false, display: true });
    const hidden = page({ displayProperties: { ...DEFAULT_DISPLAY_PROPERTIES, labels: false } });
    expect(hasUnsavedChanges(unsavedChanges(view, hidden, 'view'))).toBe(true);
  });
});

describe('the body that saves a page into a view', () => {
  it('sends every filter, the cleared ones as null, and the whole display', () => {
    const current = page({
      filters: { ...DEFAULT_FILTERS, priority: ['high'], labels: [] },
      displayFilters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'spreadsheet' },
    });
    const body = settingsBody(current);
    expect(body.filters).toEqual({ ...DEFAULT_FILTERS, priority: ['high'] });
    expect(Object.values(body.filters ?? {}).filter((v) => v === null)).toHaveLength(
      Object.keys(DEFAULT_FILTERS).length - 1,
    );
    expect(body.display_filters).toEqual({ ...DEFAULT_DISPLAY_FILTERS, layout: 'spreadsheet' });
    expect(body.display_properties).toEqual(DEFAULT_DISPLAY_PROPERTIES);
  });

  it('keeps a built-in view’s own filter where the page sets none', () => {
    const mine = settingsBody(page(), { assignees: ['u1'] });
    expect(mine.filters?.assignees).toEqual(['u1']);
    const chosen = settingsBody(page({ filters: { ...DEFAULT_FILTERS, assignees: ['u2'] } }), {
      assignees: ['u1'],
    });
    expect(chosen.filters?.assignees).toEqual(['u2']);
  });

  it('reads back as no unsaved change once the view holds it', () => {
    const current = page({ filters: { ...DEFAULT_FILTERS, state_group: ['started'] } });
    const saved = makeView('v1', settingsBody(current) as never);
    expect(hasUnsavedChanges(unsavedChanges(saved, current, 'view'))).toBe(false);
  });
});
