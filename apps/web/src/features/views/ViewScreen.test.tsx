import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeLabel, makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { envelope, makeIssue, makeState } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { makeView } from '../../test/viewFixtures.ts';
import { DEFAULT_FILTERS } from '../issues/store/displayFilters.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const P = `${W}/projects/p1`;
const GONE_LABEL = '00000000-0000-4000-8000-00000000dead';

function setup(view = makeView('v1')) {
  fakeApi.reset();
  const project = makeProject();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${P}/states/`, [makeState('s1', 'backlog', { name: 'Backlog' })])
    .on('GET', `${P}/issue-labels/`, [makeLabel('l1', 'Bug', 1)])
    .on('GET', `${P}/estimates/`, [])
    .on('GET', `${P}/members/`, [])
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', `${P}/views/`, [view])
    .on('GET', `${P}/views/v1/`, view)
    .on(
      'GET',
      `${P}/views/v1/issues/`,
      envelope([makeIssue('i1', { name: 'Crash on start', priority: 'high' })]),
    )
    .on('GET', `${P}/issues/`, envelope([makeIssue('i2', { name: 'Slow search', priority: 'low' })]))
    .on('PATCH', `${P}/views/v1/`, (body) => ({ ...view, ...(body as object) }));
}

const saved = (overrides = {}) =>
  makeView('v1', { name: 'Hot bugs', filters: { ...DEFAULT_FILTERS, priority: ['high'] }, ...overrides });
const bar = () => screen.getByRole('region', { name: 'Saved view' });

describe('a saved view’s page', () => {
  beforeEach(() => setup(saved()));

  it('shows the view’s items from its own list; a filter changed shows unsaved changes, Update saves them', async () => {
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/views/v1');
    expect(await screen.findByText('Crash on start', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Views\s*\/\s*Hot bugs/ })).toBeTruthy();
    expect(within(bar()).queryByRole('status')).toBeNull();

    // Taking the filter off previews the wider list on the project's own list.
    await user.click(screen.getByRole('button', { name: 'Remove filter High' }));
    expect(await screen.findByText('Slow search')).toBeTruthy();
    expect(within(bar()).getByRole('status').textContent).toBe('Unsaved changes');
    await user.click(within(bar()).getByRole('button', { name: 'Update view' }));
    await waitFor(() => expect(within(bar()).queryByRole('status')).toBeNull());
    const body = fakeApi.callsTo('PATCH', `${P}/views/v1/`)[0]!.body as { filters: Record<string, unknown> };
    expect(body.filters.priority).toBeNull();
  });

  it('resets the page to the saved filters and display', async () => {
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/views/v1');
    await screen.findByText('Crash on start', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Spreadsheet layout' }));
    expect(await within(bar()).findByRole('status')).toBeTruthy();
    await user.click(within(bar()).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(within(bar()).queryByRole('status')).toBeNull());
    expect(screen.getByRole('button', { name: 'List layout' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no Update while locked (unlock first) but still Reset and Save as new view', async () => {
    setup(saved({ is_locked: true }));
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/views/v1');
    await screen.findByText('Crash on start', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Spreadsheet layout' }));
    expect(await within(bar()).findByText('Locked: unlock it to update the view.')).toBeTruthy();
    expect(within(bar()).queryByRole('button', { name: 'Update view' })).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Save as new view' })).toBeTruthy();
    await user.click(within(bar()).getByRole('button', { name: 'Locked' }));
    expect(await within(bar()).findByRole('button', { name: 'Update view' })).toBeTruthy();
    expect(fakeApi.callsTo('PATCH', `${P}/views/v1/`)[0]!.body).toEqual({ is_locked: false });
  });

  it('marks a deleted label of its filters as removed and still lists its items', async () => {
    setup(saved({ filters: { ...DEFAULT_FILTERS, labels: ['l1', GONE_LABEL] } }));
    renderApp('/acme/projects/p1/views/v1');
    expect(await screen.findByText('Crash on start', {}, { timeout: 15_000 })).toBeTruthy();
    const filters = screen.getByRole('region', { name: 'Applied filters' });
    await waitFor(() => expect(within(filters).getByText('Removed label').tagName).toBe('S'));
    expect(within(filters).getByText('Bug')).toBeTruthy();
  });
});
