import type { DisplayFilters, UserProperties } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { groupedEnvelope, makeIssue, makeIssueDetail, makeState } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
} from './store/displayFilters.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const URL = '/acme/projects/p1/issues';
const STATES = [
  makeState('s1', 'backlog', { name: 'Backlog', default: true, sequence: 1 }),
  makeState('s2', 'unstarted', { name: 'Todo', sequence: 2 }),
];

function props(display: Partial<DisplayFilters> = {}): UserProperties {
  return {
    id: 'up1',
    user: 'user-m1',
    project: 'p1',
    filters: DEFAULT_FILTERS,
    display_filters: { ...DEFAULT_DISPLAY_FILTERS, ...display },
    display_properties: DEFAULT_DISPLAY_PROPERTIES,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function setup(
  display: Partial<DisplayFilters>,
  issues = groupedEnvelope({ s1: [makeIssue('i1', { name: 'Fix login', priority: 'low' })], s2: [] }),
) {
  fakeApi.reset();
  let stored = props(display);
  signedIntoAcme(fakeApi, makeWorkspace())
    .on('GET', '/api/workspaces/acme/projects/', [makeProject({ member_role: 20 })])
    .on('GET', `${P}/`, makeProject({ member_role: 20 }))
    .on('GET', `${P}/user-properties/`, () => stored)
    .on('PATCH', `${P}/user-properties/`, (body) => {
      const b = body as { display_filters?: object; filters?: object };
      stored = {
        ...stored,
        display_filters: { ...stored.display_filters, ...b.display_filters },
        filters: { ...stored.filters, ...b.filters },
      };
      return stored;
    })
    .on('GET', `${P}/states/`, STATES)
    .on('GET', `${P}/issue-labels/`, [])
    .on('GET', `${P}/estimates/`, [])
    .on('GET', `${P}/members/`, [{ id: 'pm1', member: 'user-m1', role: 20, project: 'p1', is_active: true }])
    .on('GET', '/api/workspaces/acme/members/', [makeMember('m1', 20, 'Ada')])
    .on('GET', `${P}/issues/`, issues);
}

const issueQueries = () =>
  fakeApi.callsTo('GET', `${P}/issues/`).map((c) => new URLSearchParams(c.path.split('?')[1]));

describe('project issues screen', () => {
  beforeEach(() => fakeApi.reset());

  it('shows the empty state with a create button when the project has no work items', async () => {
    setup({}, groupedEnvelope({}));
    fakeApi.on('GET', `${P}/issues/`, { ...groupedEnvelope({}), grouped_by: null, results: [] });
    renderApp(URL);
    expect(
      await screen.findByRole('heading', { name: 'No work items yet' }, { timeout: 15_000 }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create work item' }));
    expect(await screen.findByRole('dialog', { name: 'New work item' })).toBeTruthy();
  });

  it('applies the display-filter rules from the Display menu and refetches when grouping changes', async () => {
    setup({ layout: 'list', group_by: null });
    renderApp(URL);
    expect(await screen.findByRole('button', { name: /Fix login/ }, { timeout: 15_000 })).toBeTruthy();
    expect(issueQueries()[0]!.get('group_by')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Display' }));
    let menu = await screen.findByRole('dialog', { name: 'Display options' });
    await userEvent.selectOptions(within(menu).getByLabelText('Group by'), 'state');
    await waitFor(() => expect(issueQueries().at(-1)!.get('group_by')).toBe('state_id'));
    expect(fakeApi.callsTo('PATCH', `${P}/user-properties/`)[0]!.body).toEqual({
      display_filters: { group_by: 'state' },
    });
    // The list has no swimlanes.
    expect(within(menu).queryByLabelText('Sub-group by')).toBeNull();

    // Board: sub-group by priority, then group by priority too → the sub-group gives way.
    await userEvent.click(screen.getByRole('button', { name: 'Board layout' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Display options' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Display' }));
    menu = await screen.findByRole('dialog', { name: 'Display options' });
    await userEvent.selectOptions(within(menu).getByLabelText('Sub-group by'), 'priority');
    await waitFor(() => expect(issueQueries().at(-1)!.get('sub_group_by')).toBe('priority'));
    await userEvent.selectOptions(within(menu).getByLabelText('Group by'), 'priority');
    await waitFor(() => expect(issueQueries().at(-1)!.get('group_by')).toBe('priority'));
    expect(issueQueries().at(-1)!.get('sub_group_by')).toBeNull();
    expect((within(menu).getByLabelText('Sub-group by') as HTMLSelectElement).value).toBe('');
    // Kanban cannot be ungrouped: no "None" among the group-by options.
    const groupOptions = within(within(menu).getByLabelText('Group by')).getAllByRole('option');
    expect(groupOptions.map((o) => (o as HTMLOptionElement).value)).not.toContain('');

    // show_empty_groups is saved but needs no refetch.
    const before = issueQueries().length;
    await userEvent.click(within(menu).getByRole('switch', { name: 'Show empty groups' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${P}/user-properties/`).at(-1)!.body).toEqual({
        display_filters: { show_empty_groups: true },
      }),
    );
    expect(issueQueries().length).toBe(before);
  });

  it('rolls an inline priority change back and toasts when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    setup({ layout: 'kanban', group_by: 'state' });
    fakeApi.fail('PATCH', `${P}/issues/i1/`, 400, 'Priority cannot change now', 'VALIDATION_ERROR');
    renderApp(URL);
    const card = await screen.findByRole('button', { name: /Fix login/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Priority: Low' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: /Urgent/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Priority cannot change now'));
    expect(within(card).getByRole('button', { name: 'Priority: Low' })).toBeTruthy();
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[0]!.body).toEqual({ priority: 'urgent' });
  });

  it('moves a work item to its new group when its state changes', async () => {
    setup({ layout: 'list', group_by: 'state', show_empty_groups: true });
    fakeApi.on('PATCH', `${P}/issues/i1/`, (body) =>
      makeIssueDetail('i1', { name: 'Fix login', ...(body as object) }),
    );
    renderApp(URL);
    const row = await screen.findByRole('button', { name: /Fix login/ });
    expect(screen.getAllByTestId('group-count').map((c) => c.textContent)).toEqual([
      '1 work items',
      '0 work items',
    ]);
    await userEvent.click(within(row).getByRole('button', { name: 'State: Backlog' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Todo' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('group-count').map((c) => c.textContent)).toEqual([
        '0 work items',
        '1 work items',
      ]),
    );
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[0]!.body).toEqual({ state_id: 's2' });
  });

  it('quick add creates in the group and shows the item at once', async () => {
    setup({ layout: 'list', group_by: 'state', show_empty_groups: true });
    let answer: (v: unknown) => void = () => undefined;
    fakeApi.on('POST', `${P}/issues/`, () => new Promise((r) => (answer = r)));
    renderApp(URL);
    await screen.findByRole('button', { name: /Fix login/ });
    await userEvent.click(screen.getByRole('button', { name: 'New work item in Todo' }));
    await userEvent.type(screen.getByLabelText('Name of the new work item in Todo'), 'Write docs{Enter}');
    expect(await screen.findByRole('button', { name: 'MOB-… Write docs' })).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/issues/`)[0]!.body).toEqual({ name: 'Write docs', state_id: 's2' });
    answer(
      makeIssueDetail('i9', {
        name: 'Write docs',
        sequence_id: 9,
        state_id: 's2',
        state__group: 'unstarted',
      }),
    );
    expect(await screen.findByRole('button', { name: 'MOB-9 Write docs' })).toBeTruthy();
  });

  it('selects list rows by checkbox and by x, then sets their state in one bulk operation', async () => {
    const rows = [
      makeIssue('i1', { name: 'First' }),
      makeIssue('i2', { name: 'Second', sequence_id: 2 }),
      makeIssue('i3', { name: 'Third', sequence_id: 3 }),
    ];
    setup({ layout: 'list', group_by: null }, {
      ...groupedEnvelope({}),
      grouped_by: null,
      total_results: 3,
      results: rows,
    } as never);
    fakeApi.on('POST', `${P}/bulk-operation-issues/`, (body) => {
      const b = body as { issue_ids: string[]; properties: object };
      return rows
        .filter((r) => b.issue_ids.includes(r.id))
        .map((r) => ({
          ...r,
          ...b.properties,
          state__group: 'unstarted',
          updated_at: '2026-02-01T00:00:00.000Z',
        }));
    });
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 First' }, { timeout: 15_000 });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select MOB-1' }));
    // The checkbox selects without opening the peek.
    expect(screen.queryByTestId('issue-peek')).toBeNull();
    // x toggles the focused row: j j j lands on the third.
    await userEvent.keyboard('jjj');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('MOB-3 Third'));
    await userEvent.keyboard('x');
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select MOB-2' }) as HTMLInputElement).checked).toBe(false);

    await userEvent.click(within(bar).getByRole('button', { name: 'Set state of the selected' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Todo' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `${P}/bulk-operation-issues/`)[0]!.body).toEqual({
        issue_ids: ['i1', 'i3'],
        properties: { state_id: 's2' },
      }),
    );
    // Escape clears the selection and the bar goes.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull());
  });

  it('moves the focus with j and opens the priority menu with p', async () => {
    setup({ layout: 'list', group_by: null }, {
      ...groupedEnvelope({}),
      grouped_by: null,
      total_results: 2,
      results: [makeIssue('i1', { name: 'First' }), makeIssue('i2', { name: 'Second', sequence_id: 2 })],
    } as never);
    renderApp(URL);
    await screen.findByRole('button', { name: /First/ }, { timeout: 15_000 });
    await userEvent.keyboard('j');
    await userEvent.keyboard('j');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('MOB-2 Second'));
    await userEvent.keyboard('p');
    expect(await screen.findByRole('menuitemradio', { name: /Urgent/ })).toBeTruthy();
  });
});
