import type { Module } from '@kite/shared/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/renderInRouter.tsx';
import { ModulesTimeline } from './ModulesTimeline.tsx';

function makeModule(id: string, name: string, overrides: Partial<Module> = {}): Module {
  return {
    id,
    workspace_id: 'w1',
    project_id: 'p1',
    name,
    description: '',
    description_html: '<p></p>',
    status: 'planned',
    lead_id: null,
    member_ids: [],
    start_date: null,
    target_date: null,
    sort_order: 0,
    view_props: {},
    logo_props: {},
    archived_at: null,
    is_favorite: false,
    link_module: [],
    total_issues: 4,
    completed_issues: 1,
    cancelled_issues: 0,
    started_issues: 0,
    unstarted_issues: 3,
    backlog_issues: 0,
    total_estimate_points: 0,
    completed_estimate_points: 0,
    external_source: null,
    external_id: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    created_by: null,
    updated_by: null,
    ...overrides,
  };
}

describe('ModulesTimeline', () => {
  it('draws a bar per dated module, in date order, and lists the undated ones under "No dates"', async () => {
    const modules = [
      makeModule('m1', 'Search', { start_date: '2026-03-01', target_date: '2026-03-31' }),
      makeModule('m2', 'Billing', { start_date: '2026-02-01', target_date: '2026-02-14' }),
      makeModule('m3', 'Onboarding'),
    ];
    renderInRouter(() => <ModulesTimeline slug="acme" modules={modules} />);
    const timeline = await screen.findByRole('region', { name: 'Modules timeline' });
    const bars = within(timeline)
      .getAllByRole('link')
      .filter((link) => link.closest('section') === timeline);
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Billing: 25% done, Feb 1, 2026 – Feb 14, 2026',
      'Search: 25% done, Mar 1, 2026 – Mar 31, 2026',
    ]);
    expect(bars[0]?.getAttribute('href')).toBe('/acme/projects/p1/modules/m2');
    const left = (link: HTMLElement | undefined) => Number.parseFloat(link?.style.left ?? 'NaN');
    // A month at 5 px a day: Search starts 28 days (140 px) after Billing.
    expect(left(bars[1]) - left(bars[0])).toBe(140);

    const undated = within(timeline).getByRole('region', { name: /No dates/ });
    expect(within(undated).getByRole('link', { name: 'Onboarding' }).getAttribute('href')).toBe(
      '/acme/projects/p1/modules/m3',
    );
  });
});
