import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, makeUser, signedIntoAcme } from '../../test/fixtures.ts';
import {
  envelope,
  groupedEnvelope,
  makeIssue,
  makeIssueDetail,
  makeState,
} from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { makeView } from '../../test/viewFixtures.ts';
import { DEFAULT_DISPLAY_FILTERS, DEFAULT_FILTERS } from '../issues/store/displayFilters.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const ME = makeUser().id;

function setup() {
  fakeApi.reset();
  window.localStorage.clear();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [
      makeProject({ member_role: 20 }),
      makeProject({ id: 'p2', name: 'Website', identifier: 'WEB', member_role: 10 }),
    ])
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', `${W}/states/`, [
      makeState('s1', 'backlog', { name: 'Backlog' }),
      makeState('s2', 'started', { name: 'Doing' }),
      makeState('w1', 'backlog', { name: 'Ideas', project_id: 'p2' }),
    ])
    .on('GET', `${W}/labels/`, [])
    .on('GET', `${W}/issues/`, (_body, path) => {
      const q = new URLSearchParams(path.split('?')[1]);
      if (q.get('subscriber')) return envelope([]);
      const mine = makeIssue('i1', { name: 'Fix login', assignee_ids: [ME] });
      if (q.get('assignees')) return envelope([mine]);
      const other = makeIssue('i2', { name: 'New homepage', project_id: 'p2', sequence_id: 4 });
      if (q.get('group_by') === 'project_id')
        return groupedEnvelope({ p1: [mine], p2: [other] }, {}, 'project_id');
      return envelope([mine, other]);
    });
}

const queries = () =>
  fakeApi.callsTo('GET', `${W}/issues/`).map((c) => new URLSearchParams(c.path.split('?')[1]));

describe('workspace views', () => {
  beforeEach(() => setup());

  it('opens All work items in the spreadsheet across projects; a viewer’s items are read-only', async () => {
    renderApp('/acme/workspace-views');
    const grid = await screen.findByRole('grid', { name: 'Work items' }, { timeout: 15_000 });
    await waitFor(() => expect(within(grid).getByText('WEB-4')).toBeTruthy());
    expect(within(grid).getByText('MOB-1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All work items' }).getAttribute('aria-current')).toBe('page');
    expect(queries()[0]!.get('assignees')).toBeNull();
    // Nothing to create here; WEB-4 is in a project where the caller is a viewer.
    expect(screen.queryByRole('button', { name: /New work item/ })).toBeNull();
    const row = within(grid)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('WEB-4'))!;
    expect((within(row).getByRole('button', { name: /^State:/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row).getByLabelText('Due date of WEB-4') as HTMLInputElement).disabled).toBe(true);
  });

  it('edits an item where the caller is a member of its project, at that project', async () => {
    fakeApi.on('PATCH', `${W}/projects/p1/issues/i1/`, (body) =>
      makeIssueDetail('i1', { name: 'Fix login', assignee_ids: [ME], ...(body as object) }),
    );
    renderApp('/acme/workspace-views/all-issues');
    const grid = await screen.findByRole('grid', { name: 'Work items' }, { timeout: 15_000 });
    await waitFor(() => expect(within(grid).getByText('MOB-1')).toBeTruthy());
    const row = within(grid)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('MOB-1'))!;
    await userEvent.click(within(row).getByRole('button', { name: 'State: Backlog' }));
    // The item's own project's states, not another project's.
    expect(screen.queryByRole('menuitemradio', { name: 'Ideas' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Doing' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${W}/projects/p1/issues/i1/`)[0]!.body).toEqual({ state_id: 's2' }),
    );
    expect(await within(row).findByRole('button', { name: 'State: Doing' })).toBeTruthy();
  });

  it('narrows Assigned to the caller and says so when a view is empty', async () => {
    renderApp('/acme/workspace-views/assigned');
    const grid = await screen.findByRole('grid', { name: 'Work items' }, { timeout: 15_000 });
    await waitFor(() => expect(within(grid).getByText('MOB-1')).toBeTruthy());
    expect(within(grid).queryByText('WEB-4')).toBeNull();
    expect(queries().at(-1)!.get('assignees')).toBe(ME);

    await userEvent.click(screen.getByRole('link', { name: 'Subscribed' }));
    expect(
      await screen.findByRole('heading', { name: 'You are not subscribed to any work items' }),
    ).toBeTruthy();
    expect(queries().at(-1)!.get('subscriber')).toBe(ME);
  });

  it('keeps the chosen layout per view in this browser', async () => {
    renderApp('/acme/workspace-views/assigned');
    await screen.findByRole('grid', { name: 'Work items' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'List layout' }));
    expect(await screen.findByRole('button', { name: /^MOB-1 Fix login/ })).toBeTruthy();
    expect(window.localStorage.getItem('kite:issue-filters:global-view:acme:assigned')).toContain('"list"');
  });

  it('groups the list by project', async () => {
    renderApp('/acme/workspace-views/all-issues');
    await screen.findByRole('grid', { name: 'Work items' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'List layout' }));
    await screen.findByRole('button', { name: /^WEB-4 New homepage/ });
    await userEvent.click(screen.getByRole('button', { name: 'Display' }));
    const menu = await screen.findByRole('dialog', { name: 'Display options' });
    await userEvent.selectOptions(within(menu).getByLabelText('Group by'), 'project');
    await waitFor(() => expect(queries().at(-1)!.get('group_by')).toBe('project_id'));
    const list = screen.getByTestId('list-layout');
    expect(await within(list).findByText('Mobile App')).toBeTruthy();
    expect(within(list).getByText('Website')).toBeTruthy();
  });

  it('saves a built-in view as a custom one: its caller becomes a filter, and it joins the tabs', async () => {
    const G1 = '00000000-0000-4000-8000-0000000000a1';
    fakeApi
      .on('GET', `${W}/views/`, [])
      .on('POST', `${W}/views/`, (body) => makeView(G1, { project: null, ...(body as object) }))
      .on('GET', `${W}/views/${G1}/`, () =>
        makeView(G1, {
          project: null,
          name: 'Mine',
          filters: { ...DEFAULT_FILTERS, assignees: [ME] },
          display_filters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'spreadsheet' },
        }),
      )
      .on(
        'GET',
        `${W}/views/${G1}/issues/`,
        envelope([makeIssue('i1', { name: 'Fix login', assignee_ids: [ME] })]),
      );
    const user = userEvent.setup();
    const { router } = renderApp('/acme/workspace-views/assigned');
    await screen.findByRole('grid', { name: 'Work items' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as view' });
    await user.type(within(dialog).getByLabelText('Name'), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Create view' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/workspace-views/${G1}`));
    const body = fakeApi.callsTo('POST', `${W}/views/`)[0]!.body as {
      filters: Record<string, unknown>;
      display_filters: Record<string, unknown>;
    };
    expect(body.filters.assignees).toEqual([ME]);
    expect(body.display_filters.layout).toBe('spreadsheet');

    // The view's page: its strip, its tab, and its items from its own list.
    expect(await screen.findByRole('region', { name: 'Saved view' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mine' }).getAttribute('aria-current')).toBe('page');
    const grid = screen.getByRole('grid', { name: 'Work items' });
    expect(await within(grid).findByText('MOB-1')).toBeTruthy();
    expect(fakeApi.callsTo('GET', `${W}/views/${G1}/issues/`).length).toBeGreaterThan(0);
  });

  it('answers an unknown view with not found', async () => {
    renderApp('/acme/workspace-views/nope');
    expect(await screen.findByText(/not found/i, undefined, { timeout: 15_000 })).toBeTruthy();
  });
});
