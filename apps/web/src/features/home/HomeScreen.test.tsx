import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { makeDashboard, makeWidgetIssue } from './dashboardFixtures.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const STATS = `${W}/dashboard/d1/`;

const FIGURES: Record<string, unknown> = {
  overview_stats: {
    assigned_issues_count: 12,
    pending_issues_count: 7,
    completed_issues_count: 5,
    created_issues_count: 3,
  },
  assigned_issues: { issues: [makeWidgetIssue('i1', { name: 'Fix the login' })], count: 1 },
  created_issues: { issues: [], count: 0 },
  issues_by_state_groups: [
    { state: 'backlog', count: 1 },
    { state: 'unstarted', count: 2 },
    { state: 'started', count: 4 },
    { state: 'completed', count: 5 },
    { state: 'cancelled', count: 0 },
  ],
  issues_by_priority: [
    { priority: 'urgent', count: 1 },
    { priority: 'high', count: 3 },
    { priority: 'medium', count: 0 },
    { priority: 'low', count: 2 },
    { priority: 'none', count: 1 },
  ],
  recent_activity: [],
  recent_projects: ['p1'],
  recent_collaborators: [{ user_id: 'user-m2', active_issue_count: 4 }],
};

function setup(projects = [makeProject()]) {
  fakeApi.reset();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, projects)
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada'), makeMember('m2', 15, 'Grace')])
    .on('GET', `${W}/dashboard/`, makeDashboard())
    .on('GET', STATS, (_body, path) => {
      const params = new URLSearchParams(path.split('?')[1]);
      return FIGURES[params.get('widget_key') ?? 'overview_stats'];
    });
}

describe('home screen', () => {
  beforeEach(() => setup());

  it('greets, and shows each widget’s figures, lists linking to their work items, and collaborators', async () => {
    renderApp('/acme');
    const overview = await screen.findByRole('region', { name: 'Overview' }, { timeout: 15_000 });
    expect(await within(overview).findByText('12')).toBeTruthy();
    expect(within(overview).getByText('Pending').nextSibling?.textContent).toBe('7');
    expect(screen.getByRole('heading', { name: /^Good (morning|afternoon|evening), / }).textContent).toMatch(
      /^Good (morning|afternoon|evening), /,
    );

    const assigned = screen.getByRole('region', { name: 'Assigned to you' });
    const link = await within(assigned).findByRole('link', { name: /MOB-7.*Fix the login/ });
    expect(link.getAttribute('href')).toBe('/acme/projects/p1/issues/i1');
    expect(
      within(assigned)
        .getByRole('tab', { name: /Upcoming/ })
        .getAttribute('aria-selected'),
    ).toBe('true');

    // Nothing created: the empty state leads to the user's projects.
    const created = screen.getByRole('region', { name: 'Created by you' });
    expect(await within(created).findByRole('link', { name: 'Mobile App' })).toBeTruthy();

    const people = screen.getByRole('region', { name: 'Collaborators' });
    expect(await within(people).findByText('4 open items')).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recent projects' });
    expect(await within(recent).findByText('Mobile App')).toBeTruthy();
    // The charts load in their own chunk.
    expect(
      await screen.findByRole('figure', { name: 'Assigned work items by state group' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('switching a tab asks for that tab and saves it', async () => {
    const user = userEvent.setup();
    fakeApi.on('PATCH', '/api/dashboard/d1/widgets/w-assigned_issues/', (body) => ({
      ...makeDashboard().widgets[1],
      widget_filters: (body as { filters: object }).filters,
    }));
    renderApp('/acme');
    const assigned = await screen.findByRole('region', { name: 'Assigned to you' }, { timeout: 15_000 });
    await user.click(await within(assigned).findByRole('tab', { name: /Overdue/ }));
    await waitFor(() =>
      expect(
        fakeApi
          .callsTo('GET', STATS)
          .some((c) => new URLSearchParams(c.path.split('?')[1]).get('issue_type') === 'overdue'),
      ).toBe(true),
    );
    expect(fakeApi.callsTo('PATCH', '/api/dashboard/d1/widgets/w-assigned_issues/')[0]!.body).toEqual({
      filters: { tab: 'overdue' },
    });
  });

  it('Customise hides a widget at once; a refusal brings it back with a toast', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const path = '/api/dashboard/d1/widgets/w-recent_collaborators/';
    fakeApi.on('PATCH', path, { ...makeDashboard().widgets[7], is_visible: false });
    renderApp('/acme');
    await screen.findByRole('region', { name: 'Collaborators' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const panel = await screen.findByRole('dialog', { name: 'Customise home' });
    await user.click(within(panel).getByRole('switch', { name: 'Collaborators' }));
    expect(screen.queryByRole('region', { name: 'Collaborators' })).toBeNull();
    expect(fakeApi.callsTo('PATCH', path)[0]!.body).toEqual({ is_visible: false });

    fakeApi.fail(
      'PATCH',
      '/api/dashboard/d1/widgets/w-recent_projects/',
      500,
      'Server is down',
      'INTERNAL_ERROR',
    );
    await user.click(within(panel).getByRole('switch', { name: 'Recent projects' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Server is down'));
    expect(within(panel).getByRole('switch', { name: 'Recent projects' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('region', { name: 'Recent projects' })).toBeTruthy();
  });

  it('Customise moves a widget up or down, saving only its new sort order', async () => {
    const user = userEvent.setup();
    const path = '/api/dashboard/d1/widgets/w-recent_collaborators/';
    fakeApi.on('PATCH', path, (body) => ({ ...makeDashboard().widgets[7], ...(body as object) }));
    renderApp('/acme');
    await screen.findByRole('region', { name: 'Collaborators' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const panel = await screen.findByRole('dialog', { name: 'Customise home' });
    const order = () =>
      within(panel)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-labelledby'));
    expect(order().at(-1)).toBe('customise-recent_collaborators');
    expect(within(panel).getByRole('button', { name: 'Move Collaborators down' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(panel).getByRole('button', { name: 'Move Collaborators up' }));
    expect(order().slice(-2)).toEqual(['customise-recent_collaborators', 'customise-recent_projects']);
    // Between the widgets now around it (fixtures: 6000 and 7000).
    expect(fakeApi.callsTo('PATCH', path)[0]!.body).toEqual({ sort_order: 6500 });
  });

  it('a list widget takes a custom due range once both dates are set and in order', async () => {
    const user = userEvent.setup();
    const path = '/api/dashboard/d1/widgets/w-assigned_issues/';
    fakeApi.on('PATCH', path, (body) => ({
      ...makeDashboard().widgets[1],
      widget_filters: (body as { filters: object }).filters,
    }));
    renderApp('/acme');
    const assigned = await screen.findByRole('region', { name: 'Assigned to you' }, { timeout: 15_000 });
    await user.selectOptions(
      within(assigned).getByRole('combobox', { name: 'Assigned to you: due' }),
      'custom',
    );
    expect(fakeApi.callsTo('PATCH', path)).toHaveLength(0);
    const apply = within(assigned).getByRole('button', { name: 'Apply' });
    await user.type(within(assigned).getByLabelText('Assigned to you: due from'), '2026-06-10');
    await user.type(within(assigned).getByLabelText('Assigned to you: due until'), '2026-06-01');
    expect(within(assigned).getByRole('alert').textContent).toBe('The start cannot be after the end');
    expect(apply).toHaveProperty('disabled', true);
    await user.clear(within(assigned).getByLabelText('Assigned to you: due until'));
    await user.type(within(assigned).getByLabelText('Assigned to you: due until'), '2026-06-30');
    await user.click(apply);
    await waitFor(() => expect(fakeApi.callsTo('PATCH', path)).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', path)[0]!.body).toEqual({
      filters: { duration: 'custom', custom_dates: ['2026-06-10', '2026-06-30'] },
    });
    await waitFor(() =>
      expect(
        fakeApi
          .callsTo('GET', STATS)
          .some(
            (c) =>
              new URLSearchParams(c.path.split('?')[1]).get('target_date') ===
              '2026-06-10;after,2026-06-30;before',
          ),
      ).toBe(true),
    );
  });

  it('without projects: leads to creating one', async () => {
    setup([]);
    const user = userEvent.setup();
    renderApp('/acme');
    const empty = await screen.findByRole('region', { name: 'No projects yet' }, { timeout: 15_000 });
    await user.click(within(empty).getByRole('button', { name: 'Create a project' }));
    expect(await screen.findByRole('dialog', { name: 'Create project' })).toBeTruthy();
  });
});
