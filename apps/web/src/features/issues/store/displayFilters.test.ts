import { describe, expect, it } from 'vitest';
import { makeIssue } from '../../../test/issueFixtures.ts';
import {
  applyDisplayFilters,
  buildListQuery,
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_FILTERS,
  datePresetTerms,
  displayChangeNeedsRefetch,
  FIRST_SORT_ORDER,
  filtersChanged,
  groupChangePatch,
  groupValuesOf,
  isOverdue,
  normalizeDisplayFilters,
  presetOf,
  sortOrderForDrop,
} from './displayFilters.ts';

const list = { ...DEFAULT_DISPLAY_FILTERS, layout: 'list' as const };
const kanban = { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban' as const, group_by: 'state' as const };

describe('display-filter rules (spec §4)', () => {
  it('clearing group_by clears sub_group_by', () => {
    const next = applyDisplayFilters(
      { ...list, group_by: 'state', sub_group_by: 'priority' },
      { group_by: null },
      'project',
    );
    expect(next.group_by).toBeNull();
    expect(next.sub_group_by).toBeNull();
  });

  it('in kanban, an equal sub_group_by is cleared', () => {
    const next = applyDisplayFilters(
      { ...kanban, sub_group_by: 'priority' },
      { group_by: 'priority' },
      'project',
    );
    expect(next).toMatchObject({ group_by: 'priority', sub_group_by: null });
    const same = applyDisplayFilters(kanban, { sub_group_by: 'state' }, 'project');
    expect(same).toMatchObject({ group_by: 'state', sub_group_by: null });
  });

  it('kanban never has a null group_by: state in projects, priority in the profile', () => {
    expect(applyDisplayFilters(kanban, { group_by: null }, 'project').group_by).toBe('state');
    expect(applyDisplayFilters(kanban, { group_by: null }, 'profile').group_by).toBe('priority');
    expect(applyDisplayFilters(list, { layout: 'kanban' }, 'cycle').group_by).toBe('state');
    expect(normalizeDisplayFilters({ ...list, layout: 'kanban' }, 'profile').group_by).toBe('priority');
  });

  it('a list keeps an ungrouped display', () => {
    expect(applyDisplayFilters(list, { order_by: '-priority' }, 'project').group_by).toBeNull();
  });

  it('order_by, sub_issue, type and grouping refetch; show_empty_groups and the layout alone do not', () => {
    const grouped = { ...list, group_by: 'state' as const };
    expect(displayChangeNeedsRefetch(grouped, { ...grouped, order_by: '-created_at' })).toBe(true);
    expect(displayChangeNeedsRefetch(grouped, { ...grouped, sub_issue: true })).toBe(true);
    expect(displayChangeNeedsRefetch(grouped, { ...grouped, type: 'active' })).toBe(true);
    expect(displayChangeNeedsRefetch(grouped, { ...grouped, group_by: 'priority' })).toBe(true);
    expect(displayChangeNeedsRefetch(grouped, { ...grouped, show_empty_groups: true })).toBe(false);
    expect(displayChangeNeedsRefetch(grouped, { ...grouped, layout: 'kanban' })).toBe(false);
    // Kanban swimlanes are asked for; the list ignores sub_group_by.
    const lanes = { ...grouped, layout: 'kanban' as const, sub_group_by: 'priority' as const };
    expect(displayChangeNeedsRefetch(lanes, { ...lanes, layout: 'list' })).toBe(true);
  });

  it('filters refetch only when their values change', () => {
    expect(filtersChanged(DEFAULT_FILTERS, { ...DEFAULT_FILTERS, priority: [] })).toBe(false);
    expect(filtersChanged(DEFAULT_FILTERS, { ...DEFAULT_FILTERS, priority: ['high'] })).toBe(true);
  });
});

describe('sort_order for drops', () => {
  it('takes the midpoint between neighbours', () => {
    expect(sortOrderForDrop([1000, 2000, 3000], 1)).toBe(1500);
  });
  it('goes 10000 before the first at the top and 10000 after the last at the bottom', () => {
    expect(sortOrderForDrop([50000, 60000], 0)).toBe(40000);
    expect(sortOrderForDrop([50000, 60000], 2)).toBe(70000);
    expect(sortOrderForDrop([50000, 60000], 99)).toBe(70000);
  });
  it('uses the server default in an empty group', () => {
    expect(sortOrderForDrop([], 0)).toBe(FIRST_SORT_ORDER);
    expect(FIRST_SORT_ORDER).toBe(65535);
  });
});

describe('groups', () => {
  const issue = makeIssue('i1', { label_ids: ['l1', 'l2'], assignee_ids: [], priority: 'high' });
  it('puts multi-valued issues in each group, and in None when empty', () => {
    expect(groupValuesOf(issue, 'labels')).toEqual(['l1', 'l2']);
    expect(groupValuesOf(issue, 'assignees')).toEqual(['None']);
    expect(groupValuesOf(issue, null)).toEqual(['All']);
  });
  it('turns a move between groups into the property change', () => {
    expect(groupChangePatch(issue, 'state', 's1', 's2')).toEqual({ state_id: 's2' });
    expect(groupChangePatch(issue, 'priority', 'high', 'low')).toEqual({ priority: 'low' });
    expect(groupChangePatch(issue, 'labels', 'l1', 'l3')).toEqual({ label_ids: ['l2', 'l3'] });
    expect(groupChangePatch(issue, 'labels', 'l1', 'None')).toEqual({ label_ids: [] });
    expect(groupChangePatch(issue, 'assignees', 'None', 'u2')).toEqual({ assignee_ids: ['u2'] });
    expect(groupChangePatch(issue, 'state', 's1', 's1')).toBeNull();
    expect(groupChangePatch(issue, 'cycle', 'None', 'c1')).toEqual({ cycle_id: 'c1' });
    expect(groupChangePatch(issue, 'cycle', 'c1', 'None')).toEqual({ cycle_id: null });
    const inModules = makeIssue('i2', { module_ids: ['m1', 'm2'] });
    expect(groupChangePatch(inModules, 'module', 'm1', 'm3')).toEqual({ module_ids: ['m2', 'm3'] });
    expect(groupChangePatch(inModules, 'module', 'm2', 'None')).toEqual({ module_ids: [] });
    expect(groupChangePatch(issue, 'created_by', 'u1', 'u2')).toBeNull();
  });
});

describe('list query', () => {
  it('asks for the effective grouping with the server keys', () => {
    const q = new URLSearchParams(
      buildListQuery({
        filters: { ...DEFAULT_FILTERS, priority: ['high', 'urgent'] },
        displayFilters: { ...kanban, sub_group_by: 'labels' },
        perPage: 30,
      }),
    );
    expect(q.get('group_by')).toBe('state_id');
    expect(q.get('sub_group_by')).toBe('labels__id');
    expect(q.get('priority')).toBe('high,urgent');
    expect(q.get('cursor')).toBe('30:0:0');
    expect(q.get('order_by')).toBe('sort_order');
    expect(q.get('sub_issue')).toBe('false');
  });

  it('loads more of one group with its filter; the user filter on a multi-valued key moves to the JSON tree', () => {
    const q = new URLSearchParams(
      buildListQuery({
        filters: { ...DEFAULT_FILTERS, labels: ['l1'], state: ['s1', 's2'] },
        displayFilters: { ...list, group_by: 'labels' },
        perPage: 30,
        cursor: '30:1:0',
        constraint: [
          { groupBy: 'labels', value: 'l2' },
          { groupBy: 'state', value: 's2' },
        ],
        grouped: false,
      }),
    );
    expect(q.get('group_by')).toBeNull();
    expect(q.get('labels')).toBe('l2');
    expect(q.get('state')).toBe('s2');
    expect(JSON.parse(q.get('filters')!)).toEqual({ label_id__in: ['l1'] });
    expect(q.get('cursor')).toBe('30:1:0');
  });
});

describe('dates', () => {
  const today = new Date(2026, 4, 19);
  it('turns presets into date terms and back', () => {
    expect(datePresetTerms('today', today)).toEqual(['2026-05-19;after', '2026-05-19;before']);
    expect(datePresetTerms('last_7_days', today)).toEqual(['2026-05-12;after', '2026-05-19;before']);
    expect(datePresetTerms('2_weeks', today)).toEqual(['2026-05-19;after', '2_weeks;before;fromnow']);
    expect(presetOf(['2026-05-18;after', '2026-05-18;before'], today)).toBe('yesterday');
    expect(presetOf(['2026-01-01;after'], today)).toBeNull();
  });
  it('marks overdue when due on or before today and not completed or cancelled', () => {
    expect(isOverdue({ target_date: '2026-05-19', state__group: 'started' }, '2026-05-19')).toBe(true);
    expect(isOverdue({ target_date: '2026-05-20', state__group: 'started' }, '2026-05-19')).toBe(false);
    expect(isOverdue({ target_date: '2026-05-01', state__group: 'completed' }, '2026-05-19')).toBe(false);
    expect(isOverdue({ target_date: '2026-05-01', state__group: 'cancelled' }, '2026-05-19')).toBe(false);
    expect(isOverdue({ target_date: null, state__group: 'started' }, '2026-05-19')).toBe(false);
  });
});
